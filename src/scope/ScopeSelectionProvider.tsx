import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AppContext } from '../../domain/enums';
import { contextsOf } from '../../domain/permissions';
import { DepotSelectionDialog } from '../customRoutes/depotSelection/DepotSelectionDialog';
import { useDistributionCenters } from '../customRoutes/depotSelection/useDistributionCenters';
import { TenantSelectionDialog } from '../customRoutes/tenantSelection/TenantSelectionDialog';
import { useCurrentContext } from '../layout/useCurrentContext';
import { useSelectedTenant } from '../selectedTenant';
import { useUserProfile } from '../useUserProfile';
import { contextChoice } from './contextChoice';
import { useSelectableTenants } from './useSelectableTenants';

export interface ScopeSelection {
    /** Switches to a context: its page, or its selection dialog when nothing is selected (shell §2.1). */
    chooseContext: (context: AppContext) => void;
    openDialog: (dialog: 'tenant' | 'depot') => void;
}

const ScopeSelectionContext = createContext<ScopeSelection>({
    chooseContext: () => undefined,
    openDialog: () => undefined,
});

/** The depot and organisation selection dialogs of the shell, opened from the header and the drawer. */
export function ScopeSelectionProvider({ children }: { children: ReactNode }) {
    const navigate = useNavigate();
    const current = useCurrentContext();
    const selectedTenantId = useSelectedTenant();
    const { profile } = useUserProfile();
    const contexts = profile ? contextsOf(profile.actions) : [];
    const { tenants } = useSelectableTenants({ enabled: contexts.includes('tenant') });
    const centers = useDistributionCenters(undefined, { enabled: contexts.includes('depot') });
    const [dialog, setDialog] = useState<'tenant' | 'depot' | null>(null);
    const centerList = centers.data;

    const chooseContext = useCallback(
        (context: AppContext) => {
            const choice = contextChoice(context, {
                current,
                selectedTenantId,
                tenants,
                centers: centerList,
            });
            if (!choice) return;
            if ('navigate' in choice) navigate(choice.navigate);
            else setDialog(choice.dialog);
        },
        [current, selectedTenantId, tenants, centerList, navigate],
    );
    const value = useMemo(() => ({ chooseContext, openDialog: setDialog }), [chooseContext]);
    const close = useCallback(() => setDialog(null), []);
    return (
        <ScopeSelectionContext.Provider value={value}>
            {children}
            <DepotSelectionDialog open={dialog === 'depot'} onClose={close} />
            <TenantSelectionDialog open={dialog === 'tenant'} onClose={close} />
        </ScopeSelectionContext.Provider>
    );
}

export function useScopeSelection(): ScopeSelection {
    return useContext(ScopeSelectionContext);
}
