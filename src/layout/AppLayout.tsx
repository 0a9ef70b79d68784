import { Layout, type LayoutProps } from 'react-admin';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { ContextSidebar } from './ContextSidebar';
import { UpdateBanner } from './UpdateBanner';

/** react-admin's layout with our header, the computed drawer menu, a drawer only inside contexts and the update banner. */
export function AppLayout({ children }: LayoutProps) {
    return (
        <Layout appBar={AppHeader} menu={AppMenu} sidebar={ContextSidebar}>
            <UpdateBanner />
            {children}
        </Layout>
    );
}
