import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { depotGroups, tenants } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import type {
    Organisation,
    OrganisationCreateBody,
    OrganisationUpdateBody,
} from './tenants-schemas.js';

/**
 * The writes of organisations and their regions, each with its audit entry. Callers run them
 * inside one transaction after the rules (domain/organisations.ts) passed.
 */

function hasCode(error: unknown, code: string): boolean {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        if ((cause as { code?: unknown }).code === code) return true;
    }
    return false;
}

/** A unique violation (23505) anywhere in the error's causes. */
export const isUniqueViolation = (error: unknown) => hasCode(error, '23505');

const editableValues = (
    body: Pick<OrganisationUpdateBody, 'name' | 'timeZone' | 'businessHours'>,
) => ({
    name: body.name.trim(),
    timeZone: body.timeZone,
    businessHoursFrom: body.businessHours.from,
    businessHoursTo: body.businessHours.to,
});

/** Inserts the organisation and its regions (new random ids). */
export async function insertOrganisation(
    db: Queryable,
    request: FastifyRequest,
    body: OrganisationCreateBody,
): Promise<void> {
    const values = { id: body.id, countryCode: body.countryCode, ...editableValues(body) };
    const regions = body.regions.map((region) => ({
        id: newId(),
        tenantId: body.id,
        name: region.name.trim(),
    }));
    await db.insert(tenants).values({ ...values, version: 1 });
    await db.insert(depotGroups).values(regions);
    await appendAudit(db, request, {
        action: 'organisation-created',
        entityType: 'tenant',
        entityId: body.id,
        changes: { after: { ...values, regions: regions.map(({ id, name }) => ({ id, name })) } },
    });
}

/**
 * Applies an update based on `before`: the organisation's fields if the stored version is still
 * `body.version` (409 STALE_RECORD otherwise), renamed regions, and new regions. Region renames
 * go through a temporary name so that two regions may swap names.
 */
export async function updateOrganisation(
    db: Queryable,
    request: FastifyRequest,
    before: Organisation,
    body: OrganisationUpdateBody,
): Promise<void> {
    const values = editableValues(body);
    const updated = await db
        .update(tenants)
        .set({ ...values, version: sql`${tenants.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(tenants.id, before.id), eq(tenants.version, body.version)))
        .returning({ version: tenants.version });
    if (updated.length === 0) {
        throw conflict(
            'STALE_RECORD',
            'The organisation was changed by someone else since it was loaded; reload it and save again.',
            [{ field: '/body/version', message: 'version is stale' }],
        );
    }
    const stored = new Map(before.regions.map((region) => [region.id, region.name]));
    const renamed = body.regions.flatMap((region) =>
        region.id && stored.get(region.id) !== region.name.trim()
            ? [{ id: region.id, name: region.name.trim() }]
            : [],
    );
    const added = body.regions
        .filter((region) => !region.id)
        .map((region) => ({ id: newId(), tenantId: before.id, name: region.name.trim() }));
    if (renamed.length > 0) {
        // Unique (tenant, name): park the renamed regions on their ids first, then give the new names.
        await db
            .update(depotGroups)
            .set({ name: sql`'~' || ${depotGroups.id}` })
            .where(
                and(
                    eq(depotGroups.tenantId, before.id),
                    inArray(
                        depotGroups.id,
                        renamed.map((region) => region.id),
                    ),
                ),
            );
        for (const region of renamed) {
            await db
                .update(depotGroups)
                .set({ name: region.name, updatedAt: sql`now()` })
                .where(and(eq(depotGroups.id, region.id), eq(depotGroups.tenantId, before.id)));
        }
    }
    if (added.length > 0) await db.insert(depotGroups).values(added);
    await appendAudit(db, request, {
        action: 'organisation-updated',
        entityType: 'tenant',
        entityId: before.id,
        changes: {
            before: {
                name: before.name,
                timeZone: before.timeZone,
                businessHours: before.businessHours,
                version: before.version,
                regions: renamed.map((region) => ({ id: region.id, name: stored.get(region.id) })),
            },
            after: {
                ...values,
                version: updated[0]?.version,
                renamedRegions: renamed,
                addedRegions: added.map(({ id, name }) => ({ id, name })),
            },
        },
    });
}

/** 400 naming each region id of the body that is not a region of the organisation. */
export function assertKnownRegions(before: Organisation, body: OrganisationUpdateBody): void {
    const known = new Set(before.regions.map((region) => region.id));
    const seen = new Set<string>();
    const details = body.regions.flatMap((region, index) => {
        if (!region.id) return [];
        const repeated = seen.has(region.id);
        seen.add(region.id);
        if (!known.has(region.id))
            return [
                {
                    field: `/body/regions/${index}/id`,
                    message: `regions.${index}.id ${region.id} is not a region of the organisation`,
                },
            ];
        return repeated
            ? [
                  {
                      field: `/body/regions/${index}/id`,
                      message: `regions.${index}.id ${region.id} is listed twice`,
                  },
              ]
            : [];
    });
    const [first] = details;
    if (first) throw badRequest(first.message, details);
}
