import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { List, useTranslate } from 'react-admin';
import type { TourListItem } from '../../../domain/contracts/tours';
import { BackOfficeTable, DEFAULT_ROWS_PER_PAGE, type TableColumn } from '../../controls/table';
import { today } from '../../controls/dateRange';
import { TourStateChip } from './TourStateChip';
import { useTourListFilters } from './TourListFilters';
import { TOURS_RESOURCE, tourFieldLabel, tourViewPath } from './tourLinks';
import { useTourFormatters } from './useTourFormatters';

/** A short value kept on one line (dates, times, counts). */
const oneLine = (text: string) => (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text}
    </Box>
);

/**
 * `/administration/tour-commander/tour/list` (shell §2.5, admins): the tours of every
 * organisation on a day or a range of days, filtered by organisation, depot, type and state,
 * sorted and paged on the server. Times are shown in each tour's depot time zone. The filters
 * are remembered for the day: a visit on another day starts with that day's tours.
 */
export function TourList() {
    const translate = useTranslate();
    const { inZone, day } = useTourFormatters();
    const filters = useTourListFilters();
    const date = today();

    const columns = useMemo((): TableColumn<TourListItem>[] => {
        const time = (tour: TourListItem, value: string | null) =>
            oneLine(value ? inZone(tour.depot.timeZone).time(value) : '-');
        return [
            { key: 'tourDate', sortable: true, render: (tour) => oneLine(day(tour.tourDate)) },
            { key: 'tourNumber', sortable: true },
            {
                key: 'depot',
                title: tourFieldLabel('depot'),
                sortable: true,
                render: (tour) => `${tour.depot.externalId} ${tour.depot.name}`,
            },
            {
                key: 'organisation',
                title: tourFieldLabel('organisation'),
                render: (tour) => tour.organisation.name,
            },
            { key: 'vehicleNumber', title: tourFieldLabel('vehicleNumber'), default: false },
            { key: 'driverName', render: (tour) => tour.driverName ?? '-' },
            {
                key: 'subcontractorName',
                title: tourFieldLabel('subcontractorName'),
                default: false,
                render: (tour) => tour.subcontractorName ?? '-',
            },
            { key: 'tourType', default: false },
            {
                key: 'sequenceOptimisation',
                default: false,
                render: (tour) =>
                    translate(`app.tours.sequenceOptimisations.${tour.sequenceOptimisation}`),
            },
            {
                key: 'state',
                sortable: true,
                render: (tour) => <TourStateChip state={tour.state} />,
            },
            {
                key: 'progress',
                sortable: true,
                align: 'right',
                render: (tour) =>
                    oneLine(
                        translate('app.tourAdmin.ofTotal', {
                            done: tour.waypointsDone,
                            total: tour.waypointsTotal,
                        }),
                    ),
            },
            {
                key: 'jobs',
                align: 'right',
                render: (tour) =>
                    oneLine(
                        translate('app.tourAdmin.jobCounts', {
                            successful: tour.jobsSuccessful,
                            failed: tour.jobsFailed,
                            total: tour.jobsTotal,
                        }),
                    ),
            },
            {
                key: 'plannedStart',
                default: false,
                render: (tour) => time(tour, tour.plannedStart),
            },
            { key: 'startedAt', sortable: true, render: (tour) => time(tour, tour.startedAt) },
            { key: 'finishedAt', sortable: true, render: (tour) => time(tour, tour.finishedAt) },
            {
                key: 'projectedFinishAt',
                default: false,
                render: (tour) => time(tour, tour.projectedFinishAt),
            },
            {
                key: 'distanceMetres',
                align: 'right',
                render: (tour) => oneLine(inZone('UTC').length(tour.distanceMetres / 1000)),
            },
            { key: 'lastEventAt', default: false, render: (tour) => time(tour, tour.lastEventAt) },
        ];
    }, [translate, inZone, day]);

    return (
        <List
            resource={TOURS_RESOURCE}
            title="app.tourAdmin.title"
            filterDefaultValues={{ from: date, to: date }}
            perPage={DEFAULT_ROWS_PER_PAGE}
            sort={{ field: 'tourDate', order: 'ASC' }}
            storeKey={`tourCommanderTours.admin.${date}`}
            disableSyncWithLocation
            exporter={false}
            actions={false}
            pagination={false}
            empty={false}
        >
            <Box sx={{ px: 2, pt: 1 }}>
                <Typography component="h1" variant="h5">
                    {translate('app.tourAdmin.title')}
                </Typography>
            </Box>
            <BackOfficeTable
                tableId="tourCommanderTours"
                columns={columns}
                syncWithUrl
                searchSource={false}
                filters={filters}
                rowLink={(tour) => tourViewPath(String(tour.id))}
            />
        </List>
    );
}
