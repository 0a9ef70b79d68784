import { Sidebar, type SidebarProps } from 'react-admin';
import { useCurrentContext } from './useCurrentContext';

/** The drawer exists only inside a selected context; landing, selection and error pages use the full width. */
export function ContextSidebar(props: SidebarProps) {
    return useCurrentContext()?.basePath ? <Sidebar {...props} /> : null;
}
