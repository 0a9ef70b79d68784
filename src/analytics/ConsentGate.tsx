import { Suspense, useState } from 'react';
import { lazyView } from '../lazyPage';
import { useConsent } from './useConsent';
import { usePageViewTracking } from './usePageViewTracking';

/** Loaded only when the question is asked: most page loads have a stored decision. */
const ConsentDialog = lazyView(() =>
    import('./ConsentDialog').then((module) => module.ConsentDialog),
);

/**
 * Asks for the cookie decision once after sign-in when none is stored, and records page views
 * while analytics are consented to. Mount it once inside the signed-in layout.
 */
export function ConsentGate() {
    usePageViewTracking();
    const decision = useConsent();
    // Closed without a choice: not asked again until the next page load.
    const [dismissed, setDismissed] = useState(false);
    if (decision !== null || dismissed) return null;
    return (
        <Suspense fallback={null}>
            <ConsentDialog open onClose={() => setDismissed(true)} />
        </Suspense>
    );
}
