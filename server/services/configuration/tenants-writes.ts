import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
    Organisation,
    OrganisationCreateBody,
    OrganisationUpdateBody,
} from '../../../domain/contracts/organisations.js';
import type { Database, Queryable } from '../../db/client.js';
import { referenceDataChanged } from '../../db/reference-data.js';
import { newId } from '../../db/ids.js';
import { depotGroups, tenants } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import {
    assertCountryKept,
    assertKnownRegions,
    assertNoRegionRemoved,
    assertOrganisationBody,
    duplicateId,
    isUniqueViolation,
    staleOrganisation,
} from './tenants-checks.js';
import { clashingTenantId, findOrganisation, lockTenantCreation } from './tenants-repository.js';

/**
 * Creating and changing organisations and their regions (domain §5, §8): the rules first
 * (tenants-checks.ts), then one transaction with its audit entry; nothing changes on any error.
 */

/**
 * Creates an organisation with its regions and answers it. The id differs from every other id
 * also when letter case and `_`/`-` are ignored (409 DUPLICATE_TENANT_ID).
 */
export async function createOrganisation(
    db: Database,
    request: FastifyRequest,
    body: OrganisationCreateBody,
): Promise<Organisation> {
    assertOrganisationBody(body, true);
    try {
        await db.transaction(async (tx) => {
            await lockTenantCreation(tx);
            const existing = await clashingTenantId(tx, body.id);
            if (existing) throw duplicateId(body.id, existing);
            await insertOrganisation(tx, request, body);
        });
        referenceDataChanged(db);
    } catch (error) {
        if (isUniqueViolation(error)) throw duplicateId(body.id, body.id);
        throw error;
    }
    const created = await findOrganisation(db, body.id, 'ALL');
    if (!created)
        throw new AppError(500, 'SERVER_ERROR', 'The new organisation could not be read back.');
    return created;
}

/**
 * Changes an organisation's name, time zone, business hours and regions if it is still at the
 * body's version, and answers it. The country is fixed; every stored region must stay.
 */
export async function changeOrganisation(
    db: Database,
    request: FastifyRequest,
    tenantId: string,
    body: OrganisationUpdateBody,
): Promise<Organisation> {
    const before = await findOrganisation(db, tenantId, 'ALL');
    if (!before) throw notFound(`Organisation ${tenantId}`);
    assertOrganisationBody(body, false);
    assertCountryKept(before, body);
    assertKnownRegions(before, body);
    assertNoRegionRemoved(before, body);
    try {
        await db.transaction((tx) => updateOrganisation(tx, request, before, body));
        referenceDataChanged(db);
    } catch (error) {
        // Another save took a region name first: its version bump makes this one stale.
        if (isUniqueViolation(error)) throw staleOrganisation();
        throw error;
    }
    const after = await findOrganisation(db, tenantId, 'ALL');
    if (!after) throw notFound(`Organisation ${tenantId}`);
    return after;
}

const editableValues = (
    body: Pick<OrganisationUpdateBody, 'name' | 'timeZone' | 'businessHours'>,
) => ({
    name: body.name.trim(),
    timeZone: body.timeZone,
    businessHoursFrom: body.businessHours.from,
    businessHoursTo: body.businessHours.to,
});

/** Inserts the organisation and its regions (new random ids). */
async function insertOrganisation(
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
async function updateOrganisation(
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
        throw staleOrganisation();
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
