import type { LayoutProps } from 'react-admin';
import { ConsentGate } from '../analytics/ConsentGate';
import { ScopeSelectionProvider } from '../scope/ScopeSelectionProvider';
import { SelectedScopeProvider } from '../scope/SelectedScopeProvider';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { ContextSidebar } from './ContextSidebar';
import { ShellFrame } from './ShellFrame';
import { AppDialogProvider } from './dialogs/AppDialogProvider';
import { UpdateBanner } from './UpdateBanner';
import { useResponsiveDrawer } from './useResponsiveDrawer';

/**
 * react-admin's layout with our header (always shown), the computed drawer menu (only inside
 * contexts), the update banner, the cookie consent (and page-view tracking), and the shell's state: selected scope, selection dialogs and the
 * global dialog.
 */
export function AppLayout({ children }: LayoutProps) {
    useResponsiveDrawer();
    return (
        <AppDialogProvider>
            <SelectedScopeProvider>
                <ScopeSelectionProvider>
                    {/* The content may shrink below its widest table: tables scroll inside, the page does not
                        (react-admin's layout is `min-width: fit-content`, which let a wide table widen the page). */}
                    <ShellFrame
                        appBar={AppHeader}
                        appBarAlwaysOn
                        menu={AppMenu}
                        sidebar={ContextSidebar}
                        sx={{
                            minWidth: 0,
                            '& .RaLayout-content, & .RaList-main': { minWidth: 0 },
                        }}
                    >
                        <UpdateBanner />
                        <ConsentGate />
                        {children}
                    </ShellFrame>
                </ScopeSelectionProvider>
            </SelectedScopeProvider>
        </AppDialogProvider>
    );
}
