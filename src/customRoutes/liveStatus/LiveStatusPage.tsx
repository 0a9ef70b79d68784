import { Box, Card, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import {
    BooleanInput,
    ListContextProvider,
    ResourceContextProvider,
    SelectInput,
    Title,
    useList,
    useTranslate,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { liveKpis } from '../../../domain/liveStatus';
import { rttCategories } from '../../../domain/rtt';
import { tourStates } from '../../../domain/tours';
import { BackOfficeTable, DEFAULT_ROWS_PER_PAGE, defaultSort } from '../../controls/table';
import { useNow } from '../../layout/useNow';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useFormatters } from '../../settings/useFormatters';
import { AddressInfoUploadButton } from './addressInfo/AddressInfoUploadButton';
import { ConnectionNotice } from '../../live/ConnectionNotice';
import { LiveKpiTiles } from './LiveKpiTiles';
import { LiveMapSection } from './LiveMapSection';
import { liveCellStyles, useLiveTourColumns } from './LiveTourColumns';
import { liveTourRow, type LiveTourRow } from './liveTourRows';
import { useLiveStatus } from './useLiveStatus';
import { WindowsAtRisk } from './WindowsAtRisk';

const key = 'app.liveStatus';
/** A yes-only filter: checked keeps the rows where the field is true. */
const flagFilter = (source: string, label: string) => (
    <BooleanInput
        key={source}
        source={source}
        label={label}
        format={(value: unknown) => value === true}
        // undefined-like '' removes the filter when unchecked.
        parse={(checked: boolean) => (checked ? true : '')}
    />
);

/**
 * `/depot/:tenantId/:externalDepotId/statistics/live-status` (domain §2 Live Status): KPI tiles,
 * the map of the vehicles (within business hours), the stops whose window is at risk and the
 * table of today's tours, all from the tab's live stream. A tour opens its detail from the table,
 * the map and the list of windows at risk.
 */
export function LiveStatusPage() {
    const translate = useTranslate();
    const navigate = useNavigate();
    const { tenantId = '', externalDepotId = '' } = useParams();
    const { scope } = useSelectedScope();
    const path = scope.type === 'DISTRIBUTION_CENTER' ? scope.depotPath : undefined;
    const { view, status, state } = useLiveStatus(path);
    const formatters = useFormatters(view?.depot.timeZone ?? scope.timeZone);
    const now = useNow(10_000);
    const rows = useMemo(() => view?.tours.map(liveTourRow), [view]);
    const kpis = useMemo(() => liveKpis(view?.tours ?? []), [view]);
    const columns = useLiveTourColumns(formatters, view?.settings.showLastUpdatedTime ?? true);
    const list = useList<LiveTourRow>({
        data: rows,
        isPending: !view,
        // The shared table's pages (shell §9: 25 rows by default): a large depot runs about
        // 300 tours, which the KPI tiles and the map show at once.
        perPage: DEFAULT_ROWS_PER_PAGE,
        sort: defaultSort(columns),
    });
    const tourPath = useCallback(
        (tourId: string) =>
            `/depot/${encodeURIComponent(tenantId)}/${encodeURIComponent(externalDepotId)}/statistics/live-status/tour/${encodeURIComponent(tourId)}`,
        [tenantId, externalDepotId],
    );
    const filters = useMemo(
        () => [
            <SelectInput
                key="state"
                source="state"
                label={`${key}.columns.state`}
                choices={tourStates.map((id) => ({ id, name: `${key}.tourStates.${id}` }))}
                alwaysOn
            />,
            <SelectInput
                key="rttCategory"
                source="rttCategory"
                label={`${key}.columns.rtt`}
                choices={rttCategories.map((id) => ({ id, name: `${key}.rtt.${id}` }))}
            />,
            flagFilter('behindAverage', `${key}.filters.behind`),
            flagFilter('outdated', `${key}.filters.outdated`),
        ],
        [],
    );

    return (
        <Box sx={{ mt: 1, display: 'grid', gap: 2, minWidth: 0 }}>
            <Title title={translate(`${key}.title`)} />
            <Box
                sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'baseline',
                    justifyContent: 'space-between',
                    gap: 1,
                }}
            >
                <Box>
                    <Typography component="h1" variant="h5">
                        {translate(`${key}.title`)}
                    </Typography>
                    {view ? (
                        <Typography variant="body2" color="text.secondary" data-live-as-of>
                            {translate(`${key}.asOf`, {
                                date: formatters.date(view.generatedAt),
                                time: formatters.time(view.generatedAt),
                            })}
                        </Typography>
                    ) : null}
                </Box>
                {path ? <AddressInfoUploadButton depotPath={path} /> : null}
            </Box>
            <ConnectionNotice status={status} hasData={Boolean(view)} now={now} />
            {view ? (
                <>
                    <LiveKpiTiles kpis={kpis} />
                    <LiveMapSection
                        state={state}
                        settings={view.settings}
                        depot={view.depot}
                        onSelect={(tourId) => void navigate(tourPath(tourId))}
                    />
                    <WindowsAtRisk
                        stops={view.windowsAtRisk}
                        formatters={formatters}
                        tourPath={tourPath}
                        now={now}
                    />
                </>
            ) : null}
            <ResourceContextProvider value="liveTours">
                <ListContextProvider value={list}>
                    <Card sx={liveCellStyles}>
                        <BackOfficeTable
                            tableId="liveStatus"
                            columns={columns}
                            filters={filters}
                            rowLink={(row) => tourPath(String(row.id))}
                            label={`${key}.tableLabel`}
                        />
                    </Card>
                </ListContextProvider>
            </ResourceContextProvider>
        </Box>
    );
}
