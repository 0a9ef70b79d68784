import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppContext } from '../../../domain/enums';
import type { TenantConfiguration } from '../../../domain/contracts/tenant-configuration';
import {
    resolveTenantFrontendConfiguration,
    type AddEditUserFrom,
} from '../../../domain/tenantConfiguration';
import type { AppDataProvider } from '../../dataProviders';
import type { UserView } from '../../dataProviders/backOfficeUsersDataProvider';
import { useCurrentContext } from '../../layout/useCurrentContext';
import { useSelectedScope } from '../../scope/useSelectedScope';

export interface UserViewState {
    /** null while the depot of a depot view is not selected yet. */
    view: UserView | null;
    tenantId?: string;
    /** The organisation's `addEditUserFrom`; undefined in the admin view and until loaded. */
    addEditUserFrom?: AddEditUserFrom;
    /** Time zone of the view (the depot's, else the default). */
    timeZone: string;
}

/** The view the back-office user pages work in: context and path from the URL and the selected depot. */
export function useUserView(): UserViewState {
    const current = useCurrentContext();
    const { scope } = useSelectedScope();
    const dataProvider = useDataProvider<AppDataProvider>();
    const context: AppContext = current?.context ?? 'admin';
    const tenantId = context === 'admin' ? undefined : current?.tenantId;
    const depotReady =
        context === 'depot' &&
        scope.depot?.externalDepotId === current?.externalDepotId &&
        scope.depotPath;
    const held =
        tenantId && scope.configurationTenantId === tenantId
            ? scope.tenantConfiguration
            : undefined;
    const configuration = useQuery<TenantConfiguration>({
        queryKey: ['app', 'tenantConfiguration', tenantId ?? ''],
        queryFn: () => dataProvider.getTenantConfiguration(tenantId ?? ''),
        enabled: Boolean(tenantId) && !held,
        staleTime: 5 * 60_000,
    });
    const document = held ?? configuration.data;
    const addEditUserFrom = document
        ? resolveTenantFrontendConfiguration(document, document.frontend.businessHours)
              .addEditUserFrom
        : undefined;
    let view: UserView | null = null;
    if (context === 'admin') view = { context };
    else if (context === 'tenant' && tenantId) view = { context, path: tenantId };
    else if (depotReady && scope.depotPath) view = { context, path: scope.depotPath };
    return {
        view,
        ...(tenantId ? { tenantId } : {}),
        ...(addEditUserFrom ? { addEditUserFrom } : {}),
        timeZone: scope.timeZone,
    };
}
