import { randomUUID } from 'node:crypto';
import type {
    FleetDeltaFrame,
    FleetDepot,
    FleetFullFrame,
    FleetVehicle,
} from '../../../../domain/contracts/live-status.js';
import type { TenantFrontendConfiguration } from '../../../../domain/contracts/tenant-configuration.js';
import { calendarDateIn, isWithinBusinessHours } from '../../../../domain/healthStatus.js';
import {
    isPositionOutdated,
    liveMapState,
    liveMapStates,
    toursBehindAverage,
    type LiveMapState,
} from '../../../../domain/liveStatus.js';
import { scopesOverlap } from '../../../../domain/scopePath.js';
import type { Database } from '../../../db/client.js';
import { referenceData } from '../../../db/reference-data.js';
import { scopeSetCovers } from '../../../access/scopes.js';
import type { Viewer } from './depot-feed.js';
import type { LiveFeed } from './live-hub.js';
import { readFleetTours, type FleetTourRow } from './live-repository.js';
import { liveSettingsOfDepots } from './live-settings.js';

/**
 * The organisation's live map (issue 15 part 5): every vehicle of today's tours of all its
 * depots with its map colour, for large fleets. Like a depot's feed, read when told of news and
 * diffed into numbered changes, but it carries only what the map draws.
 */

interface Entry {
    depotId: string;
    scopePath: string;
    state: LiveMapState;
    /** Null without a position, or outside the depot's business hours. */
    vehicle: FleetVehicle | null;
    json: string;
}

interface DepotInfo {
    depot: Omit<FleetDepot, 'vehicles'>;
    scopePath: string;
    date: string;
}

interface Change {
    seq: number;
    ids: Set<string>;
    /** Tours gone since the previous read, with their scope path (removals are filtered too). */
    removed: Map<string, string>;
    depots: boolean;
}

const HISTORY_LENGTH = 300;
const MAX_READ_AGE_MS = 15_000;
const SETTINGS_EVERY_MS = 60_000;
const MIN_TICK_MS = 1_000;

const dateOf = (value: Date | string | null): Date | null =>
    value === null ? null : value instanceof Date ? value : new Date(value);
const emptyCounts = (): FleetDepot['vehicles'] =>
    Object.fromEntries(liveMapStates.map((state) => [state, 0])) as FleetDepot['vehicles'];

export class TenantFleetFeed implements LiveFeed {
    readonly stream = randomUUID();
    seq = 0;
    dirty = true;
    stopsDirty = true;
    lastReadAt = 0;
    private readonly entries = new Map<string, Entry>();
    private depots = new Map<string, DepotInfo>();
    private depotsJson = '';
    private settings = new Map<string, TenantFrontendConfiguration>();
    private settingsReadAt = 0;
    private readonly history: Change[] = [];
    private reading: Promise<boolean> | undefined;

    constructor(
        readonly tenantId: string,
        private readonly db: Database,
    ) {}

    get key(): string {
        return `tenant:${this.tenantId}`;
    }

    /** The organisation's refresh interval (depots may set their own; the map follows the organisation). */
    get tickMs(): number {
        const seconds = this.settings.get('')?.liveDashboardRefreshIntervalInSec ?? 60;
        return Math.max(MIN_TICK_MS, seconds * 1000);
    }

    due(now = Date.now()): boolean {
        return this.dirty || now - this.lastReadAt >= MAX_READ_AGE_MS;
    }

    refresh(now = new Date()): Promise<boolean> {
        this.reading ??= this.read(now).finally(() => (this.reading = undefined));
        return this.reading;
    }

    private async read(now: Date): Promise<boolean> {
        this.dirty = false;
        this.stopsDirty = false;
        if (now.getTime() - this.settingsReadAt >= SETTINGS_EVERY_MS) {
            this.settings = await liveSettingsOfDepots(this.db, this.tenantId);
            this.settingsReadAt = now.getTime();
        }
        const reference = await referenceData(this.db);
        const depots = new Map<string, DepotInfo>();
        for (const depot of reference.depotById.values()) {
            if (depot.tenantId !== this.tenantId) continue;
            const settings = this.settings.get(depot.internalDepotId) ?? this.settings.get('');
            depots.set(depot.internalDepotId, {
                scopePath: depot.scopePath,
                date: calendarDateIn(now, depot.timeZone),
                depot: {
                    internalDepotId: depot.internalDepotId,
                    externalDepotId: depot.externalDepotId,
                    name: depot.name,
                    latitude: depot.latitude,
                    longitude: depot.longitude,
                    withinBusinessHours: isWithinBusinessHours({
                        now,
                        businessHours: settings?.businessHours,
                        timeZone: depot.timeZone,
                    }),
                },
            });
        }
        const dates = [...new Set([...depots.values()].map((depot) => depot.date))];
        const rows = (await readFleetTours(this.db, this.tenantId, dates)).filter(
            (row) => depots.get(row.depot_id)?.date === row.tour_date,
        );
        this.lastReadAt = now.getTime();
        return this.apply(rows, depots, now);
    }

    private apply(rows: FleetTourRow[], depots: Map<string, DepotInfo>, now: Date): boolean {
        const change: Change = {
            seq: this.seq + 1,
            ids: new Set(),
            removed: new Map(),
            depots: false,
        };
        const byDepot = new Map<string, FleetTourRow[]>();
        for (const row of rows) {
            const list = byDepot.get(row.depot_id);
            if (list) list.push(row);
            else byDepot.set(row.depot_id, [row]);
        }
        const seen = new Set<string>();
        for (const [depotId, depotRows] of byDepot) {
            const behind = toursBehindAverage(
                depotRows.map((row) => ({
                    id: row.id,
                    state: row.state,
                    waypointsDone: row.waypoints_done,
                    waypointsTotal: row.waypoints_total,
                })),
            );
            const open = depots.get(depotId)?.depot.withinBusinessHours ?? false;
            for (const row of depotRows) {
                seen.add(row.id);
                const state = liveMapState({
                    state: row.state,
                    outdated: isPositionOutdated(row.state, dateOf(row.position_at), now),
                    behindAverage: behind.has(row.id),
                });
                const name = [row.driver_first_name, row.driver_last_name]
                    .filter(Boolean)
                    .join(' ');
                const vehicle: FleetVehicle | null =
                    open && row.latitude !== null && row.longitude !== null
                        ? {
                              id: row.id,
                              depotId,
                              label: name ? `${row.tour_number} · ${name}` : row.tour_number,
                              latitude: row.latitude,
                              longitude: row.longitude,
                              heading: row.heading,
                              state,
                          }
                        : null;
                const json = JSON.stringify([state, vehicle]);
                const before = this.entries.get(row.id);
                if (before?.json !== json) {
                    change.ids.add(row.id);
                    if (before?.state !== state) change.depots = true;
                }
                this.entries.set(row.id, {
                    depotId,
                    scopePath: row.scope_path,
                    state,
                    vehicle,
                    json,
                });
            }
        }
        for (const [id, entry] of this.entries)
            if (!seen.has(id)) {
                this.entries.delete(id);
                change.removed.set(id, entry.scopePath);
                change.depots = true;
            }
        const depotsJson = JSON.stringify([...depots.values()].map((info) => info.depot));
        if (depotsJson !== this.depotsJson) {
            change.depots = true;
            this.depotsJson = depotsJson;
        }
        this.depots = depots;
        if (change.ids.size === 0 && change.removed.size === 0 && !change.depots) return false;
        this.seq = change.seq;
        this.history.push(change);
        if (this.history.length > HISTORY_LENGTH) this.history.shift();
        return true;
    }

    private vehicleFor(viewer: Viewer, entry: Entry): FleetVehicle | null {
        return entry.vehicle && scopeSetCovers(viewer.mapScopes, entry.scopePath)
            ? entry.vehicle
            : null;
    }

    /** The depots whose positions the viewer may see, with the vehicles they see by colour. */
    private depotsFor(viewer: Viewer): FleetDepot[] {
        const visible = [...this.depots.values()].filter(
            (info) =>
                viewer.mapScopes === 'ALL' ||
                viewer.mapScopes.some((scope) => scopesOverlap(scope, info.scopePath)),
        );
        const counts = new Map(visible.map((info) => [info.depot.internalDepotId, emptyCounts()]));
        for (const entry of this.entries.values()) {
            const depotCounts = counts.get(entry.depotId);
            if (depotCounts && scopeSetCovers(viewer.mapScopes, entry.scopePath))
                depotCounts[entry.state]++;
        }
        return visible.map((info) => ({
            ...info.depot,
            vehicles: counts.get(info.depot.internalDepotId) ?? emptyCounts(),
        }));
    }

    fullMessage(viewer: Viewer): FleetFullFrame {
        const vehicles: FleetVehicle[] = [];
        for (const entry of this.entries.values()) {
            const vehicle = this.vehicleFor(viewer, entry);
            if (vehicle) vehicles.push(vehicle);
        }
        return {
            type: 'fleetFull',
            stream: this.stream,
            seq: this.seq,
            fleet: {
                tenantId: this.tenantId,
                generatedAt: new Date(this.lastReadAt).toISOString(),
                depots: this.depotsFor(viewer),
                vehicles,
            },
        };
    }

    deltaSince(viewer: Viewer, since: number): FleetDeltaFrame | null | undefined {
        if (since === this.seq) return null;
        const first = this.history[0];
        if (since > this.seq || !first || since < first.seq - 1) return undefined;
        const ids = new Set<string>();
        const removed = new Map<string, string>();
        let depots = false;
        for (const change of this.history) {
            if (change.seq <= since) continue;
            for (const id of change.ids) ids.add(id);
            for (const [id, scopePath] of change.removed) removed.set(id, scopePath);
            depots ||= change.depots;
        }
        const frame: FleetDeltaFrame = {
            type: 'fleetDelta',
            stream: this.stream,
            seq: this.seq,
            generatedAt: new Date(this.lastReadAt).toISOString(),
            vehicles: [],
            removed: [],
        };
        for (const id of ids) {
            const entry = this.entries.get(id);
            if (!entry || !scopeSetCovers(viewer.mapScopes, entry.scopePath)) continue;
            const vehicle = this.vehicleFor(viewer, entry);
            if (vehicle) frame.vehicles.push(vehicle);
            else frame.removed.push(id);
        }
        for (const [id, scopePath] of removed)
            if (!this.entries.has(id) && scopeSetCovers(viewer.mapScopes, scopePath))
                frame.removed.push(id);
        if (depots) frame.depots = this.depotsFor(viewer);
        return frame.vehicles.length === 0 && frame.removed.length === 0 && !frame.depots
            ? null
            : frame;
    }
}
