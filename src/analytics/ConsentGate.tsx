import { useState } from 'react';
import { ConsentDialog } from './ConsentDialog';
import { useConsent } from './useConsent';
import { usePageViewTracking } from './usePageViewTracking';

/**
 * Asks for the cookie decision once after sign-in when none is stored, and records page views
 * while analytics are consented to. Mount it once inside the signed-in layout.
 */
export function ConsentGate() {
    usePageViewTracking();
    const decision = useConsent();
    // Closed without a choice: not asked again until the next page load.
    const [dismissed, setDismissed] = useState(false);
    return (
        <ConsentDialog open={decision === null && !dismissed} onClose={() => setDismissed(true)} />
    );
}
