import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasCoordinates, parseDeviceMapping } from '../../../domain/depots.js';
import type { CreateDepotBody, Depot, UpdateDepotBody } from '../../../domain/contracts/depots.js';
import { joinScopePath } from '../../../domain/scopePath.js';
import { assertAction } from '../../access/route-access.js';
import type { Database, Queryable } from '../../db/client.js';
import { referenceDataChanged } from '../../db/reference-data.js';
import { newId } from '../../db/ids.js';
import { depots } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { geocode } from '../../geocoding/geocoder.js';
import { appendAudit } from '../../shared/audit-repository.js';
import {
    addressNotFound,
    coordinatesRequired,
    assertAgainstStored,
    assertDepotFields,
    duplicateExternalIdFrom,
} from './depot-checks.js';
import { moveScopePath } from './depot-scope-moves.js';
import { depotValues, type DepotValues } from './depot-values.js';
import { insertDepots, type DepotFinder } from './depots-repository.js';
import {
    loadTenantDepotContext,
    lockTenantDepots,
    type TenantDepotContext,
    type WantedDepotKeys,
} from './tenant-depot-context.js';

/**
 * The external id and device mappings a depot's body uses: the stored depots holding them are
 * all the duplicate checks need, instead of every depot of the organisation.
 */
const wantedKeysOf = (body: {
    externalDepotId: string;
    deviceMappings: readonly string[];
}): WantedDepotKeys => ({
    externalDepotIds: [body.externalDepotId.trim()],
    mappings: body.deviceMappings.flatMap((entry) => parseDeviceMapping(entry) ?? []),
});

/**
 * Creating and changing one depot (domain §3, §5): the field rules, the caller's action on the
 * depot's region path, the rules against the organisation's stored depots (checked again under
 * the organisation's lock), geocoding when no coordinates are given, and the audit entry.
 */
export interface DepotWriteContext {
    db: Database;
    findDepot: DepotFinder;
    geocoderUrl: string | undefined;
}

/**
 * Coordinates of the body, or the geocoded address (422 ADDRESS_NOT_FOUND); without a geocoder
 * they are required (400 naming both).
 */
async function coordinatesOf(
    geocoderUrl: string | undefined,
    body: CreateDepotBody,
): Promise<{ latitude: number; longitude: number }> {
    if (hasCoordinates(body.latitude, body.longitude))
        return { latitude: body.latitude as number, longitude: body.longitude as number };
    if (!geocoderUrl) throw coordinatesRequired();
    const found = await geocode(geocoderUrl, body);
    if (!found) throw addressNotFound();
    return found;
}

/** Creates a depot (c:depot covering its region) and answers it. */
export async function createDepot(
    { db, findDepot, geocoderUrl }: DepotWriteContext,
    request: FastifyRequest,
    body: CreateDepotBody,
): Promise<Depot> {
    assertDepotFields(body);
    assertAction(request.caller.actions, 'c:depot', {
        context: 'tenant',
        path: joinScopePath([body.tenantId, body.countryCode.trim(), body.groupId]),
    });
    const context = await loadTenantDepotContext(db, body.tenantId, wantedKeysOf(body));
    // Only an admin reaches here for an unknown organisation (others fail the check above).
    if (!context)
        throw badRequest(`Organisation ${body.tenantId} does not exist.`, [
            {
                field: '/body/tenantId',
                message: 'tenantId is not an organisation',
                rule: 'unknownOrganisation',
                params: { value: body.tenantId },
            },
        ]);
    assertAgainstStored(context, body);
    const values = depotValues(newId(), body, await coordinatesOf(geocoderUrl, body));
    try {
        await db.transaction(async (tx) => {
            await lockTenantDepots(tx, body.tenantId);
            assertAgainstStored(
                (await loadTenantDepotContext(
                    tx,
                    body.tenantId,
                    wantedKeysOf(body),
                )) as TenantDepotContext,
                body,
            );
            await insertDepots(tx, [values]);
            await appendAudit(tx, request, {
                action: 'depot-created',
                entityType: 'depot',
                entityId: values.internalDepotId,
                changes: { after: { ...values } },
            });
        });
        referenceDataChanged(db);
    } catch (error) {
        throw duplicateExternalIdFrom(error) ?? error;
    }
    return (await findDepot('ALL', values.internalDepotId)) as Depot;
}

/**
 * Changes a depot under the caller's scopes (u:depot covering it and its new region) if it is
 * still at the body's version, and answers it. A new region or country moves everything below
 * the depot with it.
 */
export async function updateDepot(
    { db, findDepot, geocoderUrl }: DepotWriteContext,
    request: FastifyRequest,
    internalDepotId: string,
    update: UpdateDepotBody,
): Promise<Depot> {
    const before = await findDepot(request.access.scopes, internalDepotId);
    if (!before) throw notFound(`Depot ${internalDepotId}`);
    const body = { ...update, tenantId: before.tenantId };
    assertDepotFields(body);
    assertAction(request.caller.actions, 'u:depot', {
        context: 'tenant',
        path: joinScopePath([before.tenantId, body.countryCode.trim(), body.groupId]),
    });
    const context = (await loadTenantDepotContext(
        db,
        before.tenantId,
        wantedKeysOf(body),
    )) as TenantDepotContext;
    assertAgainstStored(context, body, internalDepotId);
    const addressChanged = (
        ['street', 'houseNo', 'postcode', 'locality', 'countryCode'] as const
    ).some((field) => (body[field] ?? '').trim() !== (before[field] ?? ''));
    // Without coordinates: keep the stored ones unless the address changed (then geocode it again).
    const coordinates =
        hasCoordinates(body.latitude, body.longitude) || addressChanged
            ? await coordinatesOf(geocoderUrl, body)
            : { latitude: before.latitude, longitude: before.longitude };
    const after = depotValues(internalDepotId, body, coordinates);
    try {
        await db.transaction(async (tx) => {
            await lockTenantDepots(tx, before.tenantId);
            assertAgainstStored(
                (await loadTenantDepotContext(
                    tx,
                    before.tenantId,
                    wantedKeysOf(body),
                )) as TenantDepotContext,
                body,
                internalDepotId,
            );
            const { id: _id, tenantName: _tenantName, groupName: _groupName, ...stored } = before;
            await saveDepot(tx, request, stored, after, body.version);
        });
        referenceDataChanged(db);
    } catch (error) {
        throw duplicateExternalIdFrom(error) ?? error;
    }
    return (await findDepot('ALL', internalDepotId)) as Depot;
}

/** Saves a depot if its stored version is still `version` (409 STALE_RECORD otherwise) and moves what hangs below it. */
async function saveDepot(
    tx: Queryable,
    request: FastifyRequest,
    before: DepotValues & { version: number },
    after: DepotValues,
    version: number,
): Promise<void> {
    const { internalDepotId, tenantId, ...changes } = after;
    const updated = await tx
        .update(depots)
        .set({ ...changes, version: sql`${depots.version} + 1`, updatedAt: sql`now()` })
        .where(
            and(
                eq(depots.internalDepotId, internalDepotId),
                eq(depots.tenantId, tenantId),
                eq(depots.version, version),
            ),
        )
        .returning({ version: depots.version });
    if (updated.length === 0) {
        throw conflict(
            'STALE_RECORD',
            'The depot was changed by someone else since it was loaded; reload it and save again.',
            [{ field: '/body/version', message: 'version is stale' }],
        );
    }
    const movedRows =
        before.scopePath === after.scopePath
            ? undefined
            : await moveScopePath(tx, before.scopePath, after.scopePath);
    await appendAudit(tx, request, {
        action: 'depot-updated',
        entityType: 'depot',
        entityId: internalDepotId,
        changes: {
            before: { ...before },
            after: { ...after, version: updated[0]?.version },
            ...(movedRows ? { movedRows } : {}),
        },
    });
}
