import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { lazyView } from '../lazyPage';
import { useConsent } from './useConsent';
import { usePageViewTracking } from './usePageViewTracking';

/** Loaded only when the question is asked: most page loads have a stored decision. */
const ConsentDialog = lazyView(() =>
    import('./ConsentDialog').then((module) => module.ConsentDialog),
);

/** The longest the question waits for the page to settle (a page that keeps loading data). */
const CONSENT_MAX_WAIT_MS = 3_000;

/**
 * Becomes true once the page has settled: no data request in flight and the browser idle (or
 * `CONSENT_MAX_WAIT_MS` passed). The dialog is a modal with a transition and a focus trap; asked
 * while the page still loads, it is rendered in the same pass as the page's first rows and delays
 * them (about 150 ms on a cold load here).
 */
function usePageSettled(): boolean {
    const queryClient = useQueryClient();
    const fetching = useIsFetching();
    const [settled, setSettled] = useState(false);
    useEffect(() => {
        const timer = setTimeout(() => setSettled(true), CONSENT_MAX_WAIT_MS);
        return () => clearTimeout(timer);
    }, []);
    useEffect(() => {
        if (settled || fetching > 0) return;
        // Checked when the browser is idle: by then the page's first requests (started by its
        // effects, after this one) are in flight, and this waits for their answers.
        const settle = () => {
            if (queryClient.isFetching() === 0) setSettled(true);
        };
        if (typeof requestIdleCallback !== 'function') {
            const timer = setTimeout(settle, 50);
            return () => clearTimeout(timer);
        }
        const handle = requestIdleCallback(settle);
        return () => cancelIdleCallback(handle);
    }, [fetching, settled, queryClient]);
    return settled;
}

/**
 * Asks for the cookie decision once after sign-in when none is stored, once the page has
 * settled, and records page views while analytics are consented to. Mount it once inside the
 * signed-in layout.
 */
export function ConsentGate() {
    usePageViewTracking();
    const decision = useConsent();
    const settled = usePageSettled();
    // Closed without a choice: not asked again until the next page load.
    const [dismissed, setDismissed] = useState(false);
    if (decision !== null || dismissed || !settled) return null;
    return (
        <Suspense fallback={null}>
            <ConsentDialog open onClose={() => setDismissed(true)} />
        </Suspense>
    );
}
