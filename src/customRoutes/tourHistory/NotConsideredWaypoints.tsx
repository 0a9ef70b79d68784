import { Box, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { TourHistoryWaypoint } from '../../../domain/contracts/tour-history';
import {
    DUBIOUS_QUICK_METRES,
    DUBIOUS_QUICK_SECONDS,
    DUBIOUS_SPEED_KMH,
    LOCATION_FAR_OFF_METRES,
    notConsideredReasons,
    ONSITE_RADIUS_METRES,
    SCANTIME_BATCH_OTHER_STOPS,
    SCANTIME_BATCH_SECONDS,
} from '../../../domain/notConsideredReasons';
import { TourSectionTable } from '../tourCommanderTours/TourSectionTable';
import { addressOf, notConsideredByReason } from './historyRows';

const key = 'app.tourHistory.notConsidered';

/** The rules' thresholds, filled into their explanations (docs/analytics.md). */
const thresholds = {
    farOff: LOCATION_FAR_OFF_METRES,
    onsite: ONSITE_RADIUS_METRES,
    batchSeconds: SCANTIME_BATCH_SECONDS,
    batchStops: SCANTIME_BATCH_OTHER_STOPS,
    speed: DUBIOUS_SPEED_KMH,
    quickMetres: DUBIOUS_QUICK_METRES,
    quickSeconds: DUBIOUS_QUICK_SECONDS,
};

/**
 * The not-considered waypoints (domain §2 Tour Analysis, §4): the seven reasons with what each
 * means and how many stops it left out of the ETA accuracy, then those stops with their reason.
 */
export function NotConsideredWaypoints({
    waypoints,
}: {
    waypoints: readonly TourHistoryWaypoint[];
}) {
    const translate = useTranslate();
    const byReason = useMemo(() => notConsideredByReason(waypoints), [waypoints]);
    const stops = waypoints.filter((stop) => stop.notConsideredReason !== null);
    return (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
                {translate(`${key}.intro`)}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
                {notConsideredReasons.map((reason) => (
                    <Box key={reason}>
                        <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                            {translate(`${key}.reasonCount`, {
                                reason: translate(`app.tourHistory.reasons.${reason}.name`),
                                stops: byReason.get(reason)?.length ?? 0,
                            })}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                            {translate(`app.tourHistory.reasons.${reason}.explanation`, thresholds)}
                        </Typography>
                    </Box>
                ))}
            </Box>
            <TourSectionTable
                label={translate(`${key}.tableLabel`)}
                rows={stops}
                rowKey={(stop) => stop.id}
                emptyText={translate(`${key}.none`)}
                columns={[
                    {
                        key: 'planned',
                        title: translate(`${key}.planned`),
                        align: 'right',
                        render: (stop) => stop.plannedSequence,
                    },
                    {
                        key: 'address',
                        title: translate(`${key}.address`),
                        render: (stop) => addressOf(stop),
                    },
                    {
                        key: 'reason',
                        title: translate(`${key}.reason`),
                        render: (stop) =>
                            translate(`app.tourHistory.reasons.${stop.notConsideredReason}.name`),
                    },
                ]}
            />
        </Box>
    );
}
