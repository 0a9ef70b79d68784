import { useMemo, type ReactElement } from 'react';
import { SelectInput } from 'react-admin';
import { useUserProfile } from '../../useUserProfile';

/**
 * Filters of the depot list beside its search (`q`: name, number, town, postcode). Outside an
 * organisation's context the list can be narrowed to one organisation of the user's profile;
 * under `/tenant/:tenantId` the organisation is fixed by the page instead.
 */
export function useDepotListFilters(tenantId: string | undefined): readonly ReactElement[] {
    const { profile } = useUserProfile();
    const tenants = profile?.tenants;
    return useMemo(
        () =>
            !tenantId && tenants && tenants.length > 1
                ? [<SelectInput key="tenantId" source="tenantId" label="resources.depots.fields.tenantName" choices={tenants} optionValue="id" optionText="name" />]
                : [],
        [tenantId, tenants],
    );
}
