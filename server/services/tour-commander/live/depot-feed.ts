import { randomUUID } from 'node:crypto';
import type {
    LiveDeltaFrame,
    LiveDepot,
    LiveFullFrame,
    LivePosition,
    LiveSettings,
    LiveSnapshot,
    LiveTour,
    WindowAtRisk,
} from '../../../../domain/contracts/live-status.js';
import { calendarDateIn, isWithinBusinessHours } from '../../../../domain/healthStatus.js';
import {
    appUsageLevel,
    isPositionOutdated,
    liveMapState,
    outdatedReason,
    toursBehindAverage,
} from '../../../../domain/liveStatus.js';
import { rttCategory, rttCategoryToday } from '../../../../domain/rtt.js';
import type { TenantFrontendConfiguration } from '../../../../domain/contracts/tenant-configuration.js';
import type { Database } from '../../../db/client.js';
import { scopeSetCovers, type ScopeSet } from '../../../access/scopes.js';
import type { LiveFeed } from './live-hub.js';
import {
    readLiveTours,
    readOpenStopFigures,
    readRttHistory,
    type LiveTourRow,
    type OpenStopFigures,
} from './live-repository.js';

/**
 * One depot's live state on one app server (issue 15 part 3): today's tours and their vehicles'
 * positions, re-read from the database when told that something changed (NOTIFY) or when time
 * alone changes a figure, diffed against the previous read, each change numbered. Subscribers
 * get, once per tick, what changed since the last number they were sent, filtered by their
 * scopes; a client that comes back resumes from its number while the changes are still kept.
 *
 * Nothing here is the only copy: every server reads the same database, so a browser connected to
 * any server sees events ingested by any other.
 */

export interface FeedDepot extends LiveDepot {
    tenantId: string;
    scopePath: string;
}

/** What one subscriber may see of the depot. */
export interface Viewer {
    /** Tours whose scope path lies under these (r:tour, narrowed to the depot). */
    tourScopes: ScopeSet;
    /** Positions of tours under these (r:live-status-map, narrowed to the depot); [] for none. */
    mapScopes: ScopeSet;
}

/** The organisation's frontend configuration with the depot's own values over it. */
export type LiveSettingsReader = (
    tenantId: string,
    depotId: string,
) => Promise<TenantFrontendConfiguration | undefined>;

/** Changes kept for resuming: at a 1 s tick, ten minutes. */
const HISTORY_LENGTH = 600;
/** Time alone changes figures (outdated, app usage, business hours): read at least this often. */
const MAX_READ_AGE_MS = 15_000;
/** Open stops are read at most this often, and only after the processing changed a tour. */
const OPEN_STOPS_EVERY_MS = 10_000;
/** ETAs move with time even without news: the open stops are read at least this often. */
const OPEN_STOPS_MAX_AGE_MS = 60_000;
const SETTINGS_EVERY_MS = 60_000;
export const MIN_TICK_SECONDS = 1;

interface Entry {
    tour: LiveTour;
    json: string;
    scopePath: string;
    position: LivePosition | null;
    positionJson: string | null;
}

interface Change {
    seq: number;
    tours: Set<string>;
    removedTours: Set<string>;
    positions: Set<string>;
    windows: boolean;
    settings: boolean;
}

const iso = (value: Date | string | null): string | null =>
    value === null
        ? null
        : value instanceof Date
          ? value.toISOString()
          : new Date(value).toISOString();
const dateOf = (value: Date | string | null): Date | null =>
    value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * A time of a tour row to the minute (the page shows minutes): a row then changes when its
 * figures do, not with every position or estimate, and a delta carries only those rows.
 * Positions keep their exact time.
 */
function toMinute(value: Date | string | null): string | null {
    const at = dateOf(value);
    return at && new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
}

const fullName = (first: string | null, last: string | null): string | null =>
    first || last ? [first, last].filter(Boolean).join(' ') : null;

export class DepotFeed implements LiveFeed {
    readonly stream = randomUUID();
    seq = 0;
    /** Set by NOTIFY: something was ingested or processed since the last read. */
    dirty = true;
    /** Set by NOTIFY of the processing: tours (and their stops) changed. */
    stopsDirty = true;
    lastReadAt = 0;
    date = '';
    private readonly entries = new Map<string, Entry>();
    private windows: WindowAtRisk[] = [];
    private windowsJson = '[]';
    private settings: LiveSettings | undefined;
    private settingsJson = '';
    private settingsReadAt = 0;
    private frontend: TenantFrontendConfiguration | undefined;
    private openStops: OpenStopFigures | undefined;
    private openStopsReadAt = 0;
    private rttHistory: { date: string; byTourNumber: Map<string, number> } | undefined;
    private rttLoading: Promise<void> | undefined;
    private readonly history: Change[] = [];
    private reading: Promise<boolean> | undefined;

    constructor(
        readonly depot: FeedDepot,
        private readonly db: Database,
        private readonly readSettings: LiveSettingsReader,
        private readonly onError: (error: unknown) => void = () => undefined,
    ) {}

    get key(): string {
        return `depot:${this.depot.internalDepotId}`;
    }

    fullMessage(viewer: Viewer): LiveFullFrame {
        return {
            type: 'full',
            stream: this.stream,
            seq: this.seq,
            snapshot: this.snapshot(viewer),
        };
    }

    /** The tick in milliseconds: the organisation's refresh interval, never under 1 s. */
    get tickMs(): number {
        const seconds = this.frontend?.liveDashboardRefreshIntervalInSec ?? 60;
        return Math.max(MIN_TICK_SECONDS, seconds) * 1000;
    }

    /** True when a read is due: something changed, or time alone may have changed a figure. */
    due(now = Date.now()): boolean {
        return this.dirty || now - this.lastReadAt >= MAX_READ_AGE_MS;
    }

    /** Reads and diffs (one read at a time; callers during a read share it). Answers whether anything changed. */
    refresh(now = new Date()): Promise<boolean> {
        this.reading ??= this.read(now).finally(() => (this.reading = undefined));
        return this.reading;
    }

    private async read(now: Date): Promise<boolean> {
        this.dirty = false;
        const { depot } = this;
        if (!this.frontend || now.getTime() - this.settingsReadAt >= SETTINGS_EVERY_MS) {
            this.frontend =
                (await this.readSettings(depot.tenantId, depot.internalDepotId)) ?? this.frontend;
            this.settingsReadAt = now.getTime();
        }
        const date = calendarDateIn(now, depot.timeZone);
        this.date = date;
        const rows = await readLiveTours(this.db, depot.internalDepotId, date);
        const stopsAge = now.getTime() - this.openStopsReadAt;
        if (
            !this.openStops ||
            (this.stopsDirty && stopsAge >= OPEN_STOPS_EVERY_MS) ||
            stopsAge >= OPEN_STOPS_MAX_AGE_MS
        ) {
            this.stopsDirty = false;
            this.openStopsReadAt = now.getTime();
            this.openStops = await readOpenStopFigures(
                this.db,
                rows.filter((row) => row.state !== 'NOT_STARTED').map((row) => row.id),
                depot.timeZone,
            );
        }
        if (this.rttHistory?.date !== date) this.loadRttHistory(date);
        this.lastReadAt = now.getTime();
        return this.apply(rows, now);
    }

    /** The 7-day RTT figures load in the background (they change once a day); a delta follows. */
    private loadRttHistory(date: string): void {
        if (this.rttLoading) return;
        this.rttLoading = readRttHistory(this.db, this.depot.internalDepotId, date)
            .then((byTourNumber) => {
                this.rttHistory = { date, byTourNumber };
                this.dirty = true;
            })
            .catch(this.onError)
            .finally(() => (this.rttLoading = undefined));
    }

    private apply(rows: readonly LiveTourRow[], now: Date): boolean {
        const settings = this.currentSettings(now);
        const change: Change = {
            seq: this.seq + 1,
            tours: new Set(),
            removedTours: new Set(),
            positions: new Set(),
            windows: false,
            settings: false,
        };
        const settingsJson = JSON.stringify(settings);
        if (settingsJson !== this.settingsJson) {
            change.settings = this.settingsJson !== '';
            this.settings = settings;
            this.settingsJson = settingsJson;
        }
        const mapOn = settings.withinBusinessHours;
        const behind = toursBehindAverage(
            rows.map((row) => ({
                id: row.id,
                state: row.state,
                waypointsDone: row.waypoints_done,
                waypointsTotal: row.waypoints_total,
            })),
        );
        const seen = new Set<string>();
        for (const row of rows) {
            seen.add(row.id);
            const tour = this.liveTour(row, behind.has(row.id), now);
            const json = JSON.stringify(tour);
            const position = mapOn ? positionOf(row) : null;
            const positionJson = position ? JSON.stringify(position) : null;
            const before = this.entries.get(row.id);
            if (!before || before.json !== json) change.tours.add(row.id);
            if ((before?.positionJson ?? null) !== positionJson) change.positions.add(row.id);
            this.entries.set(row.id, {
                tour,
                json,
                scopePath: row.scope_path,
                position,
                positionJson,
            });
        }
        for (const id of this.entries.keys())
            if (!seen.has(id)) {
                this.entries.delete(id);
                change.removedTours.add(id);
                change.positions.add(id);
            }
        const windows = this.windowsAtRisk();
        const windowsJson = JSON.stringify(windows);
        if (windowsJson !== this.windowsJson) {
            change.windows = true;
            this.windows = windows;
            this.windowsJson = windowsJson;
        }
        const changed =
            change.tours.size > 0 ||
            change.removedTours.size > 0 ||
            change.positions.size > 0 ||
            change.windows ||
            change.settings;
        if (!changed) return false;
        this.seq = change.seq;
        this.history.push(change);
        if (this.history.length > HISTORY_LENGTH) this.history.shift();
        return true;
    }

    private currentSettings(now: Date): LiveSettings {
        const frontend = this.frontend;
        const businessHours = frontend?.businessHours ?? { from: '00:00', to: '23:59' };
        return {
            businessHours,
            withinBusinessHours: isWithinBusinessHours({
                now,
                businessHours,
                timeZone: this.depot.timeZone,
            }),
            // Per viewer: filled in by `settingsFor`.
            mapAllowed: false,
            refreshIntervalSec: this.tickMs / 1000,
            showLastUpdatedTime: frontend?.liveStatusShowLastUpdatedTime ?? true,
        };
    }

    private liveTour(row: LiveTourRow, behindAverage: boolean, now: Date): LiveTour {
        const positionAt = dateOf(row.position_at);
        const outdated = isPositionOutdated(row.state, positionAt, now);
        const history = this.rttHistory?.byTourNumber.get(row.tour_number) ?? null;
        const today = this.openStops?.deviationByTour.get(row.id) ?? null;
        return {
            id: row.id,
            tourNumber: row.tour_number,
            vehicleNumber: row.vehicle_number,
            driverName: fullName(row.driver_first_name, row.driver_last_name),
            subcontractorName: row.subcontractor_name,
            state: row.state,
            plannedStart: iso(row.planned_start),
            startedAt: iso(row.started_at),
            finishedAt: iso(row.finished_at),
            waypointsDone: row.waypoints_done,
            waypointsTotal: row.waypoints_total,
            jobsSuccessful: row.jobs_successful,
            jobsFailed: row.jobs_failed,
            jobsTotal: row.jobs_total,
            projectedFinishAt: toMinute(row.projected_finish_at),
            plannedFinishAt: toMinute(row.planned_finish_at),
            behindAverage,
            rttCategory: rttCategoryToday(rttCategory(history), today),
            appUsage: appUsageLevel(dateOf(row.last_app_event_at), now),
            outdated,
            outdatedReason: outdated
                ? outdatedReason(
                      {
                          positionAt,
                          lastEventAt: dateOf(row.last_event_at),
                          appState: row.app_state,
                          battery: row.battery,
                      },
                      now,
                  )
                : null,
            mapState: liveMapState({ state: row.state, outdated, behindAverage }),
            windowsAtRisk: this.openStops?.atRiskByTour.get(row.id) ?? 0,
            lastPositionAt: toMinute(row.position_at),
        };
    }

    private windowsAtRisk(): WindowAtRisk[] {
        const open = this.openStops?.windowsAtRisk ?? [];
        return open.flatMap((stop) => {
            const entry = this.entries.get(stop.tourId);
            return entry && entry.tour.state === 'ON_ROAD'
                ? [{ ...stop, tourNumber: entry.tour.tourNumber }]
                : [];
        });
    }

    private settingsFor(viewer: Viewer): LiveSettings {
        const settings = this.settings ?? this.currentSettings(new Date());
        return {
            ...settings,
            mapAllowed: viewer.mapScopes === 'ALL' || viewer.mapScopes.length > 0,
        };
    }

    private visible(viewer: Viewer, entry: Entry): boolean {
        return scopeSetCovers(viewer.tourScopes, entry.scopePath);
    }

    private positionVisible(viewer: Viewer, entry: Entry): LivePosition | null {
        return entry.position && scopeSetCovers(viewer.mapScopes, entry.scopePath)
            ? entry.position
            : null;
    }

    /** Everything the viewer may see now. */
    snapshot(viewer: Viewer): LiveSnapshot {
        const tours: LiveTour[] = [];
        const positions: LivePosition[] = [];
        for (const entry of this.entries.values()) {
            if (!this.visible(viewer, entry)) continue;
            tours.push(entry.tour);
            const position = this.positionVisible(viewer, entry);
            if (position) positions.push(position);
        }
        const visibleIds = new Set(tours.map((tour) => tour.id));
        const { tenantId: _tenant, scopePath: _path, ...depot } = this.depot;
        return {
            depot,
            date: this.date,
            generatedAt: new Date(this.lastReadAt).toISOString(),
            settings: this.settingsFor(viewer),
            tours,
            positions,
            windowsAtRisk: this.windows.filter((stop) => visibleIds.has(stop.tourId)),
        };
    }

    /**
     * What changed after `since` for the viewer; undefined when the changes are no longer kept
     * (the caller sends a full frame instead), null when nothing the viewer sees changed.
     */
    deltaSince(viewer: Viewer, since: number): LiveDeltaFrame | null | undefined {
        if (since === this.seq) return null;
        if (since > this.seq) return undefined;
        const first = this.history[0];
        if (!first || since < first.seq - 1) return undefined;
        const tours = new Set<string>();
        const removed = new Set<string>();
        const positions = new Set<string>();
        let windows = false;
        let settings = false;
        for (const change of this.history) {
            if (change.seq <= since) continue;
            for (const id of change.tours) tours.add(id);
            for (const id of change.removedTours) removed.add(id);
            for (const id of change.positions) positions.add(id);
            windows ||= change.windows;
            settings ||= change.settings;
        }
        const frame: LiveDeltaFrame = {
            type: 'delta',
            stream: this.stream,
            seq: this.seq,
            generatedAt: new Date(this.lastReadAt).toISOString(),
            tours: [],
            removedTours: [],
            positions: [],
            removedPositions: [],
        };
        for (const id of tours) {
            const entry = this.entries.get(id);
            if (entry && this.visible(viewer, entry)) frame.tours.push(entry.tour);
        }
        for (const id of removed)
            if (!this.entries.has(id)) {
                frame.removedTours.push(id);
                frame.removedPositions.push(id);
            }
        for (const id of positions) {
            const entry = this.entries.get(id);
            if (!entry || !this.visible(viewer, entry)) continue;
            const position = this.positionVisible(viewer, entry);
            if (position) frame.positions.push(position);
            else if (viewer.mapScopes === 'ALL' || viewer.mapScopes.length > 0)
                frame.removedPositions.push(id);
        }
        if (windows) {
            const visibleIds = new Set(
                [...this.entries.values()]
                    .filter((entry) => this.visible(viewer, entry))
                    .map((entry) => entry.tour.id),
            );
            frame.windowsAtRisk = this.windows.filter((stop) => visibleIds.has(stop.tourId));
        }
        if (settings) frame.settings = this.settingsFor(viewer);
        const empty =
            frame.tours.length === 0 &&
            frame.removedTours.length === 0 &&
            frame.positions.length === 0 &&
            frame.removedPositions.length === 0 &&
            !frame.windowsAtRisk &&
            !frame.settings;
        return empty ? null : frame;
    }
}

function positionOf(row: LiveTourRow): LivePosition | null {
    if (row.latitude === null || row.longitude === null || row.position_at === null) return null;
    return {
        tourId: row.id,
        latitude: row.latitude,
        longitude: row.longitude,
        heading: row.heading,
        at: iso(row.position_at) as string,
    };
}
