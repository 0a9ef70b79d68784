import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { CustomWaypoint } from '../../../domain/contracts/depot-tours.js';
import { customWaypointStatus } from '../../../domain/depotTourDetail.js';
import type { Queryable } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { customWaypoints } from '../../db/schema/index.js';

type CustomWaypointRow = typeof customWaypoints.$inferSelect;

/** A stored custom waypoint as the wire shape; undefined once it is gone (deleted and processed). */
export function customWaypointOf(row: CustomWaypointRow): CustomWaypoint | undefined {
    const status = customWaypointStatus(row);
    if (status === null) return undefined;
    return {
        id: row.id,
        name: row.name,
        latitude: row.latitude,
        longitude: row.longitude,
        street: row.street,
        houseNo: row.houseNo,
        postcode: row.postcode,
        locality: row.locality,
        countryCode: row.countryCode,
        position: row.position,
        status,
        waypointId: row.waypointId,
        createdAt: row.createdAt.toISOString(),
    };
}

/** The tour's custom waypoints that are not gone, oldest first. */
export async function listCustomWaypoints(
    db: Queryable,
    tourId: string,
): Promise<CustomWaypoint[]> {
    const query = preparedStatement(db, 'custom_waypoints_of_tour', (prepared, name) =>
        prepared
            .select()
            .from(customWaypoints)
            .where(eq(customWaypoints.tourId, sql.placeholder('tourId')))
            .orderBy(asc(customWaypoints.createdAt), asc(customWaypoints.id))
            .prepare(name),
    );
    const rows = await query.execute({ tourId });
    return rows.flatMap((row) => customWaypointOf(row) ?? []);
}

/** A custom waypoint of the tour that is not deleted. */
export async function findLiveCustomWaypoint(
    db: Queryable,
    tourId: string,
    id: string,
): Promise<CustomWaypointRow | undefined> {
    const [row] = await db
        .select()
        .from(customWaypoints)
        .where(
            and(
                eq(customWaypoints.id, id),
                eq(customWaypoints.tourId, tourId),
                isNull(customWaypoints.deletedAt),
            ),
        )
        .limit(1);
    return row;
}

/** How many custom waypoints of the tour are not deleted. */
export async function countLiveCustomWaypoints(db: Queryable, tourId: string): Promise<number> {
    const [row] = await db
        .select({ n: count() })
        .from(customWaypoints)
        .where(and(eq(customWaypoints.tourId, tourId), isNull(customWaypoints.deletedAt)));
    return row?.n ?? 0;
}
