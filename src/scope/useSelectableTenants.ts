import { useUserProfile } from '../useUserProfile';
import { selectableTenants } from './selectableTenants';
import type { TenantRef } from './selectedScope';
import { useScopeTree } from './useScopeTree';

/** The selectable organisations, for the tenant selector and dialog; `enabled: false` skips the tree request. */
export function useSelectableTenants(options: { enabled?: boolean } = {}): {
    tenants: TenantRef[];
    isPending: boolean;
} {
    const { profile, isPending } = useUserProfile();
    const tree = useScopeTree(1, { enabled: (options.enabled ?? true) && profile !== undefined });
    if (!profile) return { tenants: [], isPending };
    // The tree only refines the names: the list shows at once.
    return { tenants: selectableTenants(profile, tree.data), isPending: false };
}
