import type { LiveTour } from '../../../domain/contracts/live-status';

/** A row of the live table: the tour plus the figures it sorts by. */
export interface LiveTourRow extends LiveTour {
    /** Share of stops done, 0–100. */
    progress: number;
    /** Minutes the projected finish lies after the planned one (negative: ahead); null without both. */
    finishDelayMinutes: number | null;
}

const MINUTE_MS = 60_000;

export function liveTourRow(tour: LiveTour): LiveTourRow {
    const projected = tour.projectedFinishAt ? Date.parse(tour.projectedFinishAt) : null;
    const planned = tour.plannedFinishAt ? Date.parse(tour.plannedFinishAt) : null;
    return {
        ...tour,
        progress:
            tour.waypointsTotal === 0
                ? 0
                : Math.round((tour.waypointsDone / tour.waypointsTotal) * 100),
        finishDelayMinutes:
            projected !== null && planned !== null && tour.state === 'ON_ROAD'
                ? Math.round((projected - planned) / MINUTE_MS)
                : null,
    };
}
