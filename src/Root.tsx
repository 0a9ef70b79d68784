import { Suspense, useCallback, useEffect, useState } from 'react';
import { initI18n } from './i18n/i18next';
import { lazyPage } from './lazyPage';
import { decideStartMode, LANDING_ROUTE, takeIntendedRoute, type StartMode } from './session';

// Each piece waits for the texts too, which load in parallel with it.
const SignInShell = lazyPage(async () => (await Promise.all([import('./customRoutes/signIn/SignInShell'), initI18n()]))[0]);
const App = lazyPage(async () => (await Promise.all([import('./App'), initI18n()]))[0]);

/** Every guarded page needs the profile: ask for it while the app chunk loads (a small chunk of its own). */
const prefetchProfile = () =>
    import('./authProvider')
        .then(({ loadProfile }) => loadProfile())
        .catch(() => undefined);

/** Shows the light sign-in page or the app; after a sign-in, loads the app at the saved route. */
export function Root({ clientId }: { clientId: string }) {
    const [mode, setMode] = useState<StartMode>(() => decideStartMode(clientId));
    useEffect(() => {
        if (mode === 'app') void prefetchProfile();
    }, [mode]);
    const handleSignedIn = useCallback(() => {
        window.history.replaceState(null, '', takeIntendedRoute() ?? LANDING_ROUTE);
        setMode('app');
    }, []);
    return <Suspense fallback={null}>{mode === 'app' ? <App /> : <SignInShell onSignedIn={handleSignedIn} />}</Suspense>;
}
