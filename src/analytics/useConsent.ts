import { useSyncExternalStore } from 'react';
import { consentStore, type ConsentDecision } from './consent';

/** The current cookie decision (null: not decided yet); re-renders when it changes, also from another tab. */
export function useConsent(): ConsentDecision | null {
    return useSyncExternalStore(consentStore.subscribe, consentStore.get, () => null);
}
