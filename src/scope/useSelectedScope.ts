import { createContext, useContext } from 'react';
import { initialScope, type SelectedScope } from './selectedScope';

export interface SelectedScopeValue {
    scope: SelectedScope;
    /** Clears the selection (the landing page, shell §2.3). */
    reset: () => void;
}

export const SelectedScopeContext = createContext<SelectedScopeValue>({
    scope: initialScope,
    reset: () => undefined,
});

/** The selected scope of this tab (shell §3, §4): type, tenant, depot, depot path, time zone, tenant configuration. */
export function useSelectedScope(): SelectedScopeValue {
    return useContext(SelectedScopeContext);
}
