import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { addressDeliveryInfos } from '../../../server/db/schema/index.js';
import {
    covers,
    depotGrantPaths,
    isAdminSubject,
    probePaths,
    segmentsOf,
    sorted,
    type Probe,
    type RouteCase,
} from './matrix.js';

/**
 * Matrix rows of a depot's address delivery information (docs/address-delivery-information.md):
 * the list needs r:tour at the depot, upload and delete also r:address-location-correction
 * (where each is held is computed here from the caller's grants). Every depot of every
 * organisation (prefix twins included) holds one entry; a caller sees and changes only the
 * entries of depots where the codes cover it, and any other depot path (of another organisation,
 * a twin, a guess) answers 403 and changes nothing.
 */

type Answer = { code?: string; id?: string; depotId?: string; created?: number };
const BASE = '/tour-commander/v1/address-delivery-infos';
const HEADER =
    'street,houseNumber,zipCode,locality,country,latitude,longitude,coordinateType,deliveryNote,accessCode,safePlace,openingHours';

const entryId = (depotId: string) => `mx-${depotId}`;
const entryOf = (depot: { id: string; tenantId: string; path: string }) => ({
    id: entryId(depot.id),
    tenantId: depot.tenantId,
    depotId: depot.id,
    scopePath: depot.path,
    addressKey: 'DE|1|matrixweg|1',
    street: 'Matrixweg',
    houseNo: '1',
    postcode: '1',
    countryCode: 'DE',
    deliveryNote: 'matrix',
});

let seeded: Promise<void> | undefined;
/** One entry in every depot of the world (once per matrix run). */
function seedEntries({ db, world }: Probe) {
    seeded ??= (async () => {
        await db
            .insert(addressDeliveryInfos)
            .values(world.depots.map(entryOf))
            .onConflictDoNothing();
    })();
    return seeded;
}

/** Depot paths where the caller holds every code (admins: all). */
function mayAt(probe: Probe, codes: readonly string[]) {
    if (isAdminSubject(probe.subject)) return () => true;
    const regions = codes.map((code) => depotGrantPaths(probe.subject, code));
    return (path: string) => regions.every((region) => region.some((scope) => covers(scope, path)));
}

/** The real depot paths and four-part guesses (twins, other organisations' ids, truncations). */
function depotPathsToProbe(probe: Probe): string[] {
    const guesses = probePaths(probe).filter((path) => segmentsOf(path).length === 4);
    return sorted(new Set([...probe.world.depots.map((depot) => depot.path), ...guesses]));
}

const entriesOfDepot = async (db: Database, depotId: string) =>
    db.select().from(addressDeliveryInfos).where(eq(addressDeliveryInfos.depotId, depotId));

export const addressDeliveryInfoRoutes: RouteCase[] = [
    {
        route: `GET ${BASE}`,
        variant: 'every depot path and guesses: 200 with that depot only where r:tour covers it',
        async run(probe) {
            await seedEntries(probe);
            const may = mayAt(probe, ['r:tour']);
            for (const path of depotPathsToProbe(probe)) {
                const url = `${BASE}?path=${path}`;
                const { status, body } = await probe.get<Answer[] & Answer>(url);
                const depot = probe.world.depots.find((candidate) => candidate.path === path);
                if (depot && may(path)) {
                    expect.soft(status, url).toBe(200);
                    expect
                        .soft(Array.isArray(body) ? body.map((row) => row.id) : body, url)
                        .toEqual([entryId(depot.id)]);
                } else {
                    expect.soft(status, url).toBe(403);
                }
            }
            const region = `${BASE}?path=${segmentsOf(probe.world.depots[0]?.path ?? '')
                .slice(0, 3)
                .join('.')}`;
            expect.soft((await probe.get(region)).status, region).toBe(400);
        },
    },
    {
        route: `POST ${BASE}/upload`,
        variant:
            'every depot path: writes only where r:address-location-correction and r:tour cover it (and is undone)',
        async run(probe) {
            await seedEntries(probe);
            const may = mayAt(probe, ['r:address-location-correction', 'r:tour']);
            const csv = `${HEADER}\nMatrixweg,1,1,,DE,,,,uploaded,,,\nMatrixweg,2,1,,DE,,,,uploaded,,,\n`;
            for (const path of depotPathsToProbe(probe)) {
                const depot = probe.world.depots.find((candidate) => candidate.path === path);
                // The probe's `send` writes JSON: a JSON string is the same CSV text to the route (its body schema is a string).
                const { status, body } = await probe.send<Answer>(
                    'POST',
                    `${BASE}/upload?path=${path}`,
                    new String(csv),
                );
                if (depot && may(path)) {
                    expect.soft({ status, body }, path).toEqual({
                        status: 200,
                        body: { created: 1, updated: 1 },
                    });
                    // Undone: the seeded entry back, the new one gone.
                    await probe.db
                        .delete(addressDeliveryInfos)
                        .where(eq(addressDeliveryInfos.depotId, depot.id));
                    await probe.db.insert(addressDeliveryInfos).values(entryOf(depot));
                } else {
                    expect.soft(status, path).toBe(403);
                    if (depot) {
                        const rows = await entriesOfDepot(probe.db, depot.id);
                        expect
                            .soft(
                                rows.map((row) => [row.id, row.deliveryNote]),
                                `${path}: nothing written`,
                            )
                            .toEqual([[entryId(depot.id), 'matrix']]);
                    }
                }
            }
        },
    },
    {
        route: `DELETE ${BASE}/:id`,
        variant:
            "each depot's entry through its own path (403 outside the codes) and through another depot's path (404): deleted only where allowed (and restored)",
        async run(probe) {
            await seedEntries(probe);
            const may = mayAt(probe, ['r:address-location-correction', 'r:tour']);
            const { depots } = probe.world;
            const allowed = depots.find((depot) => may(depot.path));
            for (const depot of depots) {
                const id = entryId(depot.id);
                if (allowed && allowed.id !== depot.id) {
                    const through = await probe.send<Answer>(
                        'DELETE',
                        `${BASE}/${id}?path=${allowed.path}`,
                    );
                    expect.soft(through.status, `${id} through ${allowed.path}`).toBe(404);
                }
                const own = await probe.send<Answer>('DELETE', `${BASE}/${id}?path=${depot.path}`);
                if (may(depot.path)) {
                    expect.soft({ status: own.status, id: own.body.id }, id).toEqual({
                        status: 200,
                        id,
                    });
                    await probe.db.insert(addressDeliveryInfos).values(entryOf(depot));
                } else {
                    expect.soft(own.status, id).toBe(403);
                }
            }
            const left = await probe.db
                .select({ id: addressDeliveryInfos.id })
                .from(addressDeliveryInfos)
                .where(
                    inArray(
                        addressDeliveryInfos.id,
                        depots.map((depot) => entryId(depot.id)),
                    ),
                );
            expect.soft(left.length, 'every entry is still (or again) there').toBe(depots.length);
        },
    },
];
