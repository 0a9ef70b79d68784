import type { AppContext } from '../../domain/enums';
import type { DistributionCenter } from '../../domain/contracts/scopes';
import type { CurrentContext } from '../layout/navigation';
import type { TenantRef } from './selectedScope';

/** What choosing a context in the header does: go to a page, open a selection dialog, or nothing (already there). */
export type ContextChoice = { navigate: string } | { dialog: 'tenant' | 'depot' } | null;

const depotPage = (center: DistributionCenter) =>
    `/depot/${encodeURIComponent(center.tenant.id)}/${encodeURIComponent(center.externalDepotId)}`;
const tenantPage = (tenant: TenantRef) => `/tenant/${encodeURIComponent(tenant.id)}`;

/**
 * Choosing a context (shell §2.1): the depot or tenant context opens its selection dialog when
 * nothing is selected yet and there is more than one to choose from. The selected tenant of
 * the tab is kept across contexts; a depot is not (selecting another context clears it, §4).
 * `centers` undefined: still loading, the dialog shows the progress.
 */
export function contextChoice(
    context: AppContext,
    state: {
        current: CurrentContext | null;
        selectedTenantId: string | null;
        tenants: readonly TenantRef[];
        centers: readonly DistributionCenter[] | undefined;
    },
): ContextChoice {
    const { current } = state;
    switch (context) {
        case 'admin':
            return current?.context === 'admin' ? null : { navigate: '/administration' };
        case 'tenant': {
            if (current?.context === 'tenant' && current.basePath) return null;
            const selected = state.tenants.find((tenant) => tenant.id === state.selectedTenantId);
            if (selected) return { navigate: tenantPage(selected) };
            const [only] = state.tenants;
            if (state.tenants.length === 1 && only) return { navigate: tenantPage(only) };
            return state.tenants.length === 0 ? { navigate: '/tenant' } : { dialog: 'tenant' };
        }
        case 'depot': {
            if (current?.context === 'depot' && current.basePath) return null;
            if (!state.centers) return { dialog: 'depot' };
            const [only] = state.centers;
            if (state.centers.length === 1 && only) return { navigate: depotPage(only) };
            return state.centers.length === 0 ? { navigate: '/depot' } : { dialog: 'depot' };
        }
    }
}
