import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.js';
import { depots, vehicles } from '../../../server/db/schema/index.js';
import { segmentsOf, type Subject } from './matrix.js';

type DepotRow = typeof depots.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

export interface MatrixDepot {
    depot: DepotRow;
    /** The depot's vehicles by id; with `subcontractorGrantsFirst`, those of granted subcontractors first. */
    vehicles: VehicleRow[];
}

/**
 * The depots a tour row of the matrix makes its tours in: the three its subjects' grants name most
 * often, then the first depot of each organisation not yet among them. With
 * `subcontractorGrantsFirst`, each depot's vehicles of subcontractors that a subject holds a grant
 * on come first (so a subcontractor user has a tour of its own).
 */
export async function matrixDepots(
    db: Database,
    subjects: readonly Subject[],
    options: { subcontractorGrantsFirst?: boolean } = {},
): Promise<MatrixDepot[]> {
    const depotRows = await db.select().from(depots).orderBy(asc(depots.internalDepotId));
    const named = new Map<string, number>();
    for (const grant of subjects.flatMap((subject) => subject.grants)) {
        const depotId = segmentsOf(grant.path)[3];
        if (depotId) named.set(depotId, (named.get(depotId) ?? 0) + 1);
    }
    const chosen = [...named.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 3)
        .map(([id]) => id);
    for (const tenantId of new Set(depotRows.map((depot) => depot.tenantId))) {
        const first = depotRows.find((depot) => depot.tenantId === tenantId);
        if (first && !chosen.includes(first.internalDepotId)) chosen.push(first.internalDepotId);
    }
    const sucoGrants = new Set(
        subjects.flatMap((subject) =>
            subject.grants.map((grant) => grant.path).filter((p) => segmentsOf(p).length === 5),
        ),
    );
    const vehicleRows = await db
        .select()
        .from(vehicles)
        .where(inArray(vehicles.depotId, chosen))
        .orderBy(asc(vehicles.id));
    return chosen.flatMap((depotId) => {
        const depot = depotRows.find((row) => row.internalDepotId === depotId);
        if (!depot) return [];
        const ofDepot = vehicleRows.filter((vehicle) => vehicle.depotId === depotId);
        if (options.subcontractorGrantsFirst)
            ofDepot.sort(
                (a, b) => Number(sucoGrants.has(b.scopePath)) - Number(sucoGrants.has(a.scopePath)),
            );
        return [{ depot, vehicles: ofDepot }];
    });
}

/** One vehicle of each subcontractor: its first in `list`, or with `which` 'last' its last. */
export function onePerSubcontractor(
    list: readonly VehicleRow[],
    which: 'first' | 'last' = 'first',
): VehicleRow[] {
    return list.filter((vehicle, index) => {
        const same = (other: VehicleRow) => other.subcontractorId === vehicle.subcontractorId;
        return (which === 'first' ? list.findIndex(same) : list.findLastIndex(same)) === index;
    });
}
