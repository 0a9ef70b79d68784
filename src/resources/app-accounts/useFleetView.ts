import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppContext } from '../../../domain/enums';
import { can } from '../../../domain/permissionChecks';
import type {
    TenantConfiguration,
    TenantFrontendConfiguration,
} from '../../../domain/contracts/tenant-configuration';
import {
    defaultTenantFrontendConfiguration,
    resolveTenantFrontendConfiguration,
} from '../../../domain/tenantConfiguration';
import type { AppDataProvider } from '../../dataProviders';
import { useCurrentContext } from '../../layout/useCurrentContext';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useUserProfile } from '../../useUserProfile';

/**
 * The organisation's configuration values of app accounts (`driverUsernameRule`,
 * `maxTemporaryUsersPerDepot`, `addEditUserFrom`, `hidePhoneNumberLastDigits`): the selected
 * depot's copy when it is of this organisation, else loaded; defaults until known.
 */
export function useTenantFrontendConfiguration(tenantId: string | undefined): {
    configuration: TenantFrontendConfiguration;
    isPending: boolean;
} {
    const dataProvider = useDataProvider<AppDataProvider>();
    const { scope } = useSelectedScope();
    const held =
        tenantId && scope.configurationTenantId === tenantId
            ? scope.tenantConfiguration
            : undefined;
    const query = useQuery<TenantConfiguration>({
        queryKey: ['tenantConfiguration', tenantId],
        queryFn: () => dataProvider.getTenantConfiguration(tenantId ?? ''),
        enabled: Boolean(tenantId) && !held,
        staleTime: 5 * 60_000,
    });
    const document = held ?? query.data;
    return {
        configuration: document
            ? resolveTenantFrontendConfiguration(document, document.frontend.businessHours)
            : defaultTenantFrontendConfiguration,
        isPending: Boolean(tenantId) && !document && query.isPending,
    };
}

export interface FleetView {
    context: AppContext;
    /** The organisation of the view (tenant and depot views). */
    tenantId?: string;
    /** The selected depot (depot view). */
    depotPath?: string;
    internalDepotId?: string;
    /** The path lists are limited to: the depot path, the tenant id, or none (admin). */
    listPath?: string;
    /** The view's feature check (admins pass everything). */
    allows: (code: string, path?: string) => boolean;
}

/** Where the page is (shell §2.1) and what the user may do there. */
export function useFleetView(): FleetView {
    const current = useCurrentContext();
    const { scope } = useSelectedScope();
    const { profile } = useUserProfile();
    const context: AppContext = current?.context ?? 'admin';
    const depotPath = context === 'depot' ? scope.depotPath : undefined;
    const tenantId = context === 'admin' ? undefined : current?.tenantId;
    const listPath = context === 'depot' ? depotPath : tenantId;
    return {
        context,
        ...(tenantId ? { tenantId } : {}),
        ...(depotPath ? { depotPath } : {}),
        ...(context === 'depot' && scope.depot
            ? { internalDepotId: scope.depot.internalDepotId }
            : {}),
        ...(listPath ? { listPath } : {}),
        allows: (code, path) => {
            if (!profile) return false;
            if (context === 'admin') return can(profile.actions, code, { context: 'admin' });
            return can(profile.actions, code, { context, path: path ?? listPath ?? '' });
        },
    };
}
