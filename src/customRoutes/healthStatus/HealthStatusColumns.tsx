import CheckCircle from '@mui/icons-material/CheckCircle';
import Schedule from '@mui/icons-material/Schedule';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DepotHealthState } from '../../../domain/healthStatus';
import { createFormatters, EMPTY_VALUE } from '../../../domain/formatting';
import type { TableColumn } from '../../controls/table';
import { effectiveSettings } from '../../settings/settingsUpdate';
import { useUserProfile } from '../../useUserProfile';
import { dataAge, depotRowAnchor, isOnDay, type HealthStatusRow } from './healthStatusRows';

const key = 'app.healthStatus';

/** Each state with its own icon and text, so the state never rests on colour alone. */
const stateLooks = {
    WARNING: { Icon: WarningAmber, color: 'error.main' },
    OK: { Icon: CheckCircle, color: 'success.main' },
    OFF_HOURS: { Icon: Schedule, color: 'text.secondary' },
} as const;

function HealthStateLabel({ state }: { state: DepotHealthState }) {
    const translate = useTranslate();
    const { Icon, color } = stateLooks[state];
    return (
        <Box
            component="span"
            data-health={state}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
        >
            <Icon fontSize="small" aria-hidden sx={{ color }} />
            {translate(`${key}.states.${state}`)}
        </Box>
    );
}

type TimeField =
    | 'lastAssignmentAt'
    | 'lastStatusChangeAt'
    | 'lastPositionAt'
    | 'lastImportAt'
    | 'lastAppEventAt';

/**
 * The table's columns: the depot (its row's anchor, highlighted when `highlighted` names it), the
 * state, the badge's two times, the last position, each source's freshness and today's tours.
 * Times show in the depot's zone (with their date when not today) and with their age at `now`.
 */
export function useHealthStatusColumns(
    now: Date,
    highlighted: string | null,
): TableColumn<HealthStatusRow>[] {
    const translate = useTranslate();
    const [locale] = useLocaleState();
    const { profile } = useUserProfile();
    const settings = effectiveSettings(profile);
    return useMemo(() => {
        const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'always', style: 'short' });
        const time = (field: TimeField, tooltip?: string): TableColumn<HealthStatusRow> => ({
            key: field,
            title: `${key}.columns.${field}`,
            tooltip: tooltip && `${key}.columns.${tooltip}`,
            sortable: true,
            render: (row) => {
                const at = row[field];
                if (!at) return EMPTY_VALUE;
                const formatters = createFormatters(settings, row.timeZone);
                const age = dataAge(at, now);
                return (
                    <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                        <Box component="span" sx={{ display: 'block' }}>
                            {isOnDay(at, row.date, row.timeZone)
                                ? formatters.time(at)
                                : formatters.dateTime(at)}
                        </Box>
                        <Box
                            component="span"
                            sx={{ display: 'block', color: 'text.secondary', fontSize: '0.75rem' }}
                        >
                            {age
                                ? relative.format(-age.value, age.unit)
                                : translate(`${key}.justNow`)}
                        </Box>
                    </Box>
                );
            },
        });
        const count = (
            field: 'notStarted' | 'onRoad' | 'finished',
        ): TableColumn<HealthStatusRow> => ({
            key: field,
            title: `${key}.columns.${field}`,
            sortable: true,
            align: 'right',
        });
        return [
            {
                key: 'depot',
                title: 'resources.depots.name_one',
                sortable: true,
                render: (row) => (
                    <Box
                        component="span"
                        id={depotRowAnchor(row.internalDepotId)}
                        tabIndex={-1}
                        data-highlighted={row.internalDepotId === highlighted || undefined}
                        sx={{ display: 'block', '&:focus': { outline: 'none' } }}
                    >
                        <Box component="span" sx={{ fontWeight: 500 }}>
                            {row.externalDepotId}
                        </Box>{' '}
                        {row.name}
                    </Box>
                ),
            },
            {
                key: 'health',
                title: `${key}.columns.health`,
                tooltip: `${key}.columns.healthHint`,
                sortable: true,
                render: (row) => <HealthStateLabel state={row.health} />,
            },
            time('lastAssignmentAt', 'lastAssignmentHint'),
            time('lastStatusChangeAt', 'lastStatusChangeHint'),
            time('lastPositionAt', 'lastPositionHint'),
            time('lastImportAt', 'lastImportHint'),
            time('lastAppEventAt', 'lastAppEventHint'),
            count('notStarted'),
            count('onRoad'),
            count('finished'),
        ];
    }, [highlighted, locale, now, settings, translate]);
}
