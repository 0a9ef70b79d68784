import { eq, exists } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { depots, vehicles } from '../../db/schema/index.js';
import { buildNetwork, networkLines, type NetworkLineGeometry } from './network.js';

/** The streets of one depot's simulated network, with the box they cover. */
export interface DepotStreets {
    south: number;
    west: number;
    north: number;
    east: number;
    lines: NetworkLineGeometry[];
}

/**
 * Reads the simulated street networks of the demo, for the offline map background: the networks
 * the simulator drives on (`buildNetwork` of every depot with vehicles, as the live day and the
 * backfill build them, with the demo seed). Built once per depot position and kept: a network
 * is a few hundred lines and never changes for the same seed and depot.
 */
export function createStreetMapReader(seed: string) {
    const built = new Map<string, DepotStreets>();
    return async function demoStreets(db: Queryable): Promise<DepotStreets[]> {
        const rows = await db
            .select({
                latitude: depots.latitude,
                longitude: depots.longitude,
                countryCode: depots.countryCode,
            })
            .from(depots)
            .where(
                exists(
                    db
                        .select({ id: vehicles.id })
                        .from(vehicles)
                        .where(eq(vehicles.depotId, depots.internalDepotId)),
                ),
            );
        return rows.map((depot) => {
            const key = `${depot.latitude}:${depot.longitude}:${depot.countryCode}`;
            let streets = built.get(key);
            if (!streets) {
                const lines = networkLines(buildNetwork(depot, seed));
                const points = lines.flatMap((line) => line.points);
                streets = {
                    south: Math.min(...points.map((point) => point.latitude)),
                    north: Math.max(...points.map((point) => point.latitude)),
                    west: Math.min(...points.map((point) => point.longitude)),
                    east: Math.max(...points.map((point) => point.longitude)),
                    lines,
                };
                built.set(key, streets);
            }
            return streets;
        });
    };
}
