import { Suspense, useCallback, useState, type ComponentType } from 'react';
import type { SignInShellProps } from './customRoutes/signIn/SignInShell';
import { startProfileRequest } from './bootProfile';
import { initI18n } from './i18n/i18next';
import { lazyPage } from './lazyPage';
import { LANDING_ROUTE, RESET_PASSWORD_ROUTE, takeIntendedRoute, type StartMode } from './session';

// Each piece waits for the texts too, which load in parallel with it.
export const loadSignInShell = async () => {
    const [shell] = await Promise.all([import('./customRoutes/signIn/SignInShell'), initI18n()]);
    // /resetPwd opens on a view of the steps chunk: load it before the first render too.
    if (window.location.pathname === RESET_PASSWORD_ROUTE) await shell.loadStepViews();
    return shell;
};
/** The app's chunk, readied for a first render that shows the page (texts, seeded session). */
export const loadApp = async () => {
    const app = await import('./App');
    await app.prepareApp(startProfileRequest());
    return app;
};

const LazySignInShell = lazyPage(loadSignInShell);
const LazyApp = lazyPage(loadApp);

export interface RootProps {
    start: StartMode;
    /**
     * The first page's component, loaded before the first render (main.tsx): rendering it
     * directly avoids a Suspense boundary, whose reveal React holds back for up to 300 ms.
     */
    preloaded: { signIn?: ComponentType<SignInShellProps>; app?: ComponentType };
}

/** Shows the light sign-in page or the app; after a sign-in, loads the app at the saved route. */
export function Root({ start, preloaded }: RootProps) {
    const [mode, setMode] = useState<StartMode>(start);
    const handleSignedIn = useCallback(() => {
        window.history.replaceState(null, '', takeIntendedRoute() ?? LANDING_ROUTE);
        setMode('app');
    }, []);
    const SignIn = preloaded.signIn ?? LazySignInShell;
    const App = preloaded.app ?? LazyApp;
    return (
        <Suspense fallback={null}>
            {mode === 'app' ? <App /> : <SignIn onSignedIn={handleSignedIn} />}
        </Suspense>
    );
}
