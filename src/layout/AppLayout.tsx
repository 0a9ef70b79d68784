import { Layout, type LayoutProps } from 'react-admin';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { ContextSidebar } from './ContextSidebar';

/** react-admin's layout with our header, the computed drawer menu and a drawer only inside contexts. */
export function AppLayout({ children }: LayoutProps) {
    return (
        <Layout appBar={AppHeader} menu={AppMenu} sidebar={ContextSidebar}>
            {children}
        </Layout>
    );
}
