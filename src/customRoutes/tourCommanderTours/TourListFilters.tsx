import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import { AutocompleteInput, SelectInput, useGetList, useInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { tourStates, tourTypes } from '../../../domain/tours';
import { DateRangePicker } from '../../controls/DateRangePicker';
import { isIsoDate, type DateRange } from '../../controls/dateRange';
import { listedRange } from './tourDateRange';
import { tourFieldLabel } from './tourLinks';

const ALL = {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'name', order: 'ASC' as const },
};
const fields = 'resources.tourCommanderTours.fields';

/** The tour date filter: one day or a range (`from`, `to`), with the shared date-range control. */
function TourDateFilter() {
    const from = useInput({ source: 'from' });
    const to = useInput({ source: 'to' });
    // Until the list's filter reaches the form, the inputs hold '' (react-admin's empty value).
    const value: DateRange | undefined =
        isIsoDate(from.field.value) && isIsoDate(to.field.value)
            ? { from: from.field.value, to: to.field.value }
            : undefined;
    return (
        <DateRangePicker
            label={`${fields}.tourDate`}
            value={value}
            onChange={(range) => {
                const listed = listedRange(range);
                from.field.onChange(listed.from);
                to.field.onChange(listed.to);
            }}
        />
    );
}

function OrganisationFilter() {
    const { data } = useGetList<{ id: string; name: string }>('organizations', {
        ...ALL,
        filter: {},
    });
    return (
        <AutocompleteInput
            source="tenantId"
            label={tourFieldLabel('organisation')}
            choices={data ?? []}
            optionText="name"
        />
    );
}

/** Depots of the chosen organisation (all without one); choosing another organisation clears it. */
function DepotFilter() {
    const organisation = useWatch<{ tenantId?: string }>({ name: 'tenantId' }) || undefined;
    const { setValue, getValues } = useFormContext();
    const { data } = useGetList<{ id: string; externalDepotId: string; name: string }>('depots', {
        ...ALL,
        filter: organisation ? { tenantId: organisation } : {},
    });
    const previous = useRef(organisation);
    useEffect(() => {
        if (previous.current === organisation) return;
        previous.current = organisation;
        if (getValues('depotId')) setValue('depotId', undefined);
    }, [organisation, getValues, setValue]);
    const choices = useMemo(
        () =>
            (data ?? []).map((depot) => ({
                id: depot.id,
                name: `${depot.externalDepotId} ${depot.name}`,
            })),
        [data],
    );
    return <AutocompleteInput source="depotId" label={tourFieldLabel('depot')} choices={choices} />;
}

/** Filters of the tour list: date (always set), organisation, depot, tour type and state. */
export function useTourListFilters(): readonly ReactElement[] {
    const translate = useTranslate();
    return useMemo(
        () => [
            <TourDateFilter key="date" />,
            <OrganisationFilter key="tenantId" />,
            <DepotFilter key="depotId" />,
            <SelectInput
                key="tourType"
                source="tourType"
                label={`${fields}.tourType`}
                choices={tourTypes.map((type) => ({ id: type, name: type }))}
                translateChoice={false}
            />,
            <SelectInput
                key="state"
                source="state"
                label={`${fields}.state`}
                choices={tourStates.map((state) => ({
                    id: state,
                    name: translate(`app.tours.states.${state}`),
                }))}
                translateChoice={false}
            />,
        ],
        [translate],
    );
}
