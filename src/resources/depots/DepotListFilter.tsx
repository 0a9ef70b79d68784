import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import { AutocompleteInput, useGetList } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { DepotGroup as DepotRegion } from '../../../domain/contracts/organisations';

const ALL = {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' as const },
};

/** Organisation filter of the administration's depot list (every organisation). */
function DepotOrganisationFilter() {
    const { data } = useGetList<{ id: string; name: string }>('organizations', {
        ...ALL,
        filter: {},
    });
    return (
        <AutocompleteInput
            source="tenantId"
            label="resources.depots.fields.tenantName"
            choices={data ?? []}
            optionText="name"
        />
    );
}

/**
 * Region filter: the regions of the page's organisation (organisation view) or of the chosen
 * organisation filter; in the administration without one, every region, named with its
 * organisation. Choosing another organisation clears the region.
 */
function DepotRegionFilter({ tenantId }: { tenantId: string | undefined }) {
    const chosen = useWatch<{ tenantId?: string }>({ name: 'tenantId' });
    const organisation = tenantId ?? (chosen || undefined);
    const { setValue, getValues } = useFormContext();
    const { data } = useGetList<DepotRegion>('depotGroups', {
        ...ALL,
        filter: organisation ? { tenantId: organisation } : {},
    });
    const previous = useRef(organisation);
    useEffect(() => {
        if (previous.current === organisation) return;
        previous.current = organisation;
        if (getValues('groupId')) setValue('groupId', undefined);
    }, [organisation, getValues, setValue]);
    // Without an organisation (administration only) each region is named with its organisation.
    const organisations = useGetList<{ id: string; name: string }>(
        'organizations',
        { ...ALL, filter: {} },
        { enabled: !tenantId },
    );
    const choices = useMemo(() => {
        const names = new Map((organisations.data ?? []).map((row) => [row.id, row.name]));
        return (data ?? []).map((region) => ({
            id: region.id,
            name: organisation
                ? region.name
                : `${region.name} (${names.get(region.tenantId) ?? region.tenantId})`,
        }));
    }, [data, organisation, organisations.data]);
    return (
        <AutocompleteInput
            source="groupId"
            label="resources.depots.fields.groupName"
            choices={choices}
        />
    );
}

/**
 * Filters of the depot list beside its search (`q`: name, number, town, postcode): the region,
 * and in the administration the organisation (under `/tenant/:tenantId` the page fixes it).
 */
export function useDepotListFilters(tenantId: string | undefined): readonly ReactElement[] {
    return useMemo(
        () => [
            ...(tenantId ? [] : [<DepotOrganisationFilter key="tenantId" />]),
            <DepotRegionFilter key="groupId" tenantId={tenantId} />,
        ],
        [tenantId],
    );
}
