import { QueryClient } from '@tanstack/react-query';
import {
    Admin,
    CustomRoutes,
    defaultTheme,
    type I18nProvider,
    type RaThemeOptions,
} from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import type { UserProfile } from '../domain/contracts/profile';
import { authProvider, loadProfile } from './authProvider';
import { AuthQueryCache, keepInstantAnswers } from './authQueryCache';
import { AdminSignInPage } from './customRoutes/signIn/AdminSignInPage';
import { dataProvider } from './dataProviders';
import { prepareI18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { ContextIndex } from './layout/ContextIndex';
import { NoPermissionRedirect } from './layout/NoPermissionRedirect';
import { PageNotFound } from './layout/PageNotFound';
import { createAppStore } from './layout/tabStore';
import { prefetchScopeData } from './scope/scopeQueries';
import { screens } from './screens/list';
import { prefetchPageDataAt, preloadViewAt } from './screens/preloadView';
import { resourceDefinitions, screenRoutes } from './screens/screenRoutes';
import type { MountIndex } from './screens/types';
import { themeOptions } from './theme';

/** Drawer 260 wide, rail 58 (shell §9). */
const theme: RaThemeOptions = {
    ...defaultTheme,
    ...themeOptions,
    sidebar: { width: 260, closedWidth: 58 },
};
/** Preferences shared by the tabs, the drawer state per tab. */
const store = createAppStore();

/** Where a context's index leads (shell §2.5, §2.7), if the user may use that page. */
const contextIndexes: MountIndex = {
    admin: <ContextIndex preferred="users/backoffice" />,
    tenant: <ContextIndex preferred="configurations/depots" />,
};

/** react-admin's queries; its auth queries answer at once once the profile is loaded. */
const queryClient = new QueryClient({ queryCache: new AuthQueryCache() });
keepInstantAnswers(queryClient);
let i18nProvider: I18nProvider | undefined;

/**
 * How long the first render waits, once the texts and the profile are there, for the code and
 * the first data of the page being opened: when both arrive in time the shell and the page render
 * in one pass, instead of the shell first and the whole page again a moment later (on a busy
 * two-core machine the second pass cost about as much as the wait). Past it the shell renders
 * alone and the page follows when it is there.
 */
const PAGE_WAIT_MS = 250;

const settled = (promise: Promise<unknown> | undefined) =>
    promise?.then(
        () => undefined,
        () => undefined,
    );

/**
 * Readies the first render (called by the boot code before it): starts loading the view of
 * the page being opened and its first data, and waits for the i18n provider with the page's
 * texts and for the profile fetched at boot, so the shell renders in the first pass (see
 * AuthQueryCache) instead of after one async step each; then, for a short while, for the
 * page's code and data (PAGE_WAIT_MS).
 */
export async function prepareApp(bootProfile: Promise<UserProfile | undefined>): Promise<void> {
    const { pathname } = window.location;
    const view = settled(preloadViewAt(screens, pathname));
    // Signed in: a depot page's scope data, then the page's first data, load while the texts
    // and the page's code do.
    const pageData = bootProfile.then(async (profile) => {
        if (!profile) return;
        const depot = await prefetchScopeData(queryClient, dataProvider, pathname);
        if (depot && window.location.pathname === pathname)
            await settled(prefetchPageDataAt(screens, pathname, depot));
    });
    const [provider, profile] = await Promise.all([prepareI18nProvider(), bootProfile]);
    i18nProvider = provider;
    // Takes the boot answer as the session's profile (a missing one is fetched later as usual).
    if (profile) await loadProfile().catch(() => undefined);
    if (!profile) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
        Promise.all([view, settled(pageData)]),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, PAGE_WAIT_MS))),
    ]);
    clearTimeout(timer);
}

/** The back office: providers, shell, and the routes of every screen (src/screens/list.ts). */
function BackOffice() {
    if (!i18nProvider) throw new Error('prepareApp() must run before the app renders');
    return (
        <Admin
            disableTelemetry
            requireAuth
            authProvider={authProvider}
            queryClient={queryClient}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            layout={AppLayout}
            loginPage={AdminSignInPage}
            accessDenied={NoPermissionRedirect}
            catchAll={PageNotFound}
            theme={theme}
            store={store}
        >
            {/* Definitions only: the views are mounted below their context paths. */}
            {resourceDefinitions(screens)}
            <CustomRoutes>
                <Route path="/" element={<Navigate to="/landing" replace />} />
                <Route
                    path="/no-permissions"
                    element={<Navigate to="/error/noPermission" replace />}
                />
                <Route path="/dc/*" element={<Navigate to="/" replace />} />
                {screenRoutes(screens, contextIndexes)}
            </CustomRoutes>
        </Admin>
    );
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Real paths (react-admin would use a hash router on its own). A data router, so that
 * react-admin can block navigation away from unsaved forms; one per page load, created when
 * the app first renders (after the boot code has set the URL).
 */
export default function App() {
    router ??= createBrowserRouter([{ path: '*', element: <BackOffice /> }]);
    return <RouterProvider router={router} />;
}
