import { and, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
    depotFieldErrors,
    depotFieldRuleMessages,
    formatDeviceMapping,
    parseDeviceMapping,
    unconfiguredServices,
    type CreateDepotBody,
    type DepotFieldName,
    type DepotFieldRule,
    type DepotServerRule,
} from '../../../domain/depots.js';
import type { ErrorDetail } from '../../../domain/contracts/common.js';
import { depotScopePath } from '../../../domain/scopePath.js';
import { escapeLike } from '../../access/scope-filter.js';
import type { Queryable } from '../../db/client.js';
import {
    addressCorrections,
    depotGroups,
    depots,
    driverAppEvents,
    jobAssignments,
    permissionAssignments,
    roles,
    subcontractors,
    users,
    vehicles,
} from '../../db/schema/index.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { appendAudit } from '../../shared/audit-repository.js';
import { tenantSettings } from '../../shared/field-rules.js';

/** What the depot rules need to know about an organisation: its regions, configured services and taken ids. */
export interface TenantDepotContext {
    tenantId: string;
    /** The configured `deviceMappingServices` of the latest tenant client configuration. */
    services: string[];
    groupIds: Set<string>;
    /** External depot id → internal id of the depot holding it. */
    externalIds: Map<string, string>;
    /** `service:ID` → internal id of the depot holding it. */
    mappings: Map<string, string>;
}

/** Loads an organisation's depot context, or undefined when the organisation does not exist. */
export async function loadTenantDepotContext(
    db: Queryable,
    tenantId: string,
): Promise<TenantDepotContext | undefined> {
    const settings = await tenantSettings(db, tenantId);
    if (!settings) return undefined;
    const [groups, stored] = await Promise.all([
        db
            .select({ id: depotGroups.id })
            .from(depotGroups)
            .where(eq(depotGroups.tenantId, tenantId)),
        db
            .select({
                id: depots.internalDepotId,
                externalDepotId: depots.externalDepotId,
                deviceMappings: depots.deviceMappings,
            })
            .from(depots)
            .where(eq(depots.tenantId, tenantId)),
    ]);
    const context: TenantDepotContext = {
        tenantId,
        services: settings.frontend.deviceMappingServices,
        groupIds: new Set(groups.map((group) => group.id)),
        externalIds: new Map(),
        mappings: new Map(),
    };
    for (const depot of stored) {
        context.externalIds.set(depot.externalDepotId, depot.id);
        for (const mapping of depot.deviceMappings)
            context.mappings.set(formatDeviceMapping(mapping), depot.id);
    }
    return context;
}

/** Serialises depot writes of one organisation (duplicate checks span rows the unique index cannot see). */
export async function lockTenantDepots(tx: Queryable, tenantId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`depots:${tenantId}`}))`);
}

const detail = (field: string, rule: DepotFieldRule): ErrorDetail => ({
    field: `/body/${field}`,
    message: `${field} ${depotFieldRuleMessages[rule]}`,
    rule,
});

const servicesText = (services: readonly string[]) =>
    services.length === 0
        ? 'no services are configured for this organisation'
        : `configured services: ${services.join(', ')}`;

/**
 * The field rules of a depot body (domain/depots.ts): 400 BAD_REQUEST naming each broken field;
 * only mapping format problems: 400 INVALID_DEVICE_MAPPING_FORMAT; a pair twice: 409 DUPLICATE_DEVICE_MAPPING.
 */
export function assertDepotFields(body: Omit<CreateDepotBody, 'tenantId'>): void {
    const errors = Object.entries(depotFieldErrors(body)) as [DepotFieldName, DepotFieldRule][];
    const other = errors.filter(([field]) => field !== 'deviceMappings');
    const mapping = errors.find(([field]) => field === 'deviceMappings')?.[1];
    if (other.length > 0) {
        const details = errors.map(([field, rule]) => detail(field, rule));
        throw badRequest(details[0]?.message ?? 'Invalid depot.', details);
    }
    if (mapping === 'deviceMappingTwice') {
        throw conflict('DUPLICATE_DEVICE_MAPPING', 'The same device mapping is listed twice.', [
            detail('deviceMappings', mapping),
        ]);
    }
    if (mapping)
        throw badRequest(
            `deviceMappings ${depotFieldRuleMessages[mapping]}`,
            [detail('deviceMappings', mapping)],
            'INVALID_DEVICE_MAPPING_FORMAT',
        );
}

/** The rules that need stored data: region of the organisation, configured services, ids and mappings of other depots. */
export function assertAgainstStored(
    context: TenantDepotContext,
    body: Omit<CreateDepotBody, 'tenantId'>,
    ownId?: string,
): void {
    if (!context.groupIds.has(body.groupId)) {
        throw badRequest(
            `groupId ${body.groupId} is not a region of organisation ${context.tenantId}.`,
            [
                {
                    field: '/body/groupId',
                    message: `groupId is not a region of organisation ${context.tenantId}`,
                    rule: 'unknownRegion',
                    params: { value: body.groupId, tenantId: context.tenantId },
                },
            ],
        );
    }
    const unknown = unconfiguredServices(body.deviceMappings, context.services);
    if (unknown.length > 0) {
        const message = `deviceMappings name the service ${unknown.join(', ')} that is not configured (${servicesText(context.services)}).`;
        const rule: DepotServerRule =
            context.services.length > 0 ? 'serviceNotConfigured' : 'noServicesConfigured';
        const params = {
            value: unknown.join(', '),
            tenantId: context.tenantId,
            services: context.services.join(', '),
        };
        throw badRequest(
            message,
            [{ field: '/body/deviceMappings', message, rule, params }],
            'INVALID_DEVICE_MAPPING_FORMAT',
        );
    }
    const holder = context.externalIds.get(body.externalDepotId.trim());
    if (holder !== undefined && holder !== ownId) {
        throw conflict(
            'DUPLICATE_EXTERNAL_DEPOT_ID',
            `The external depot id ${body.externalDepotId.trim()} is already used by another depot of this organisation.`,
            [
                {
                    field: '/body/externalDepotId',
                    message: 'externalDepotId is already used',
                    rule: 'externalDepotIdTaken',
                    params: { value: body.externalDepotId.trim() },
                },
            ],
        );
    }
    const taken = body.deviceMappings
        .map((entry) => parseDeviceMapping(entry))
        .flatMap((pair) => {
            if (!pair) return [];
            const key = formatDeviceMapping(pair);
            const owner = context.mappings.get(key);
            return owner !== undefined && owner !== ownId ? [key] : [];
        });
    if (taken.length > 0) {
        throw conflict(
            'DUPLICATE_DEVICE_MAPPING',
            `The device mapping ${taken.join(', ')} is already used by another depot.`,
            [
                {
                    field: '/body/deviceMappings',
                    message: `deviceMappings: ${taken.join(', ')} already used by another depot`,
                    rule: 'deviceMappingTaken',
                    params: { value: taken.join(', ') },
                },
            ],
        );
    }
}

/** 422 ADDRESS_NOT_FOUND: the address could not be geocoded; names the address fields. */
export function addressNotFound(): AppError {
    const fields = ['street', 'houseNo', 'postcode', 'locality', 'countryCode'];
    return new AppError(
        422,
        'ADDRESS_NOT_FOUND',
        'The address could not be found. Check street, house number, postcode, locality and country, or enter latitude and longitude instead.',
        fields.map((field) => ({
            field: `/body/${field}`,
            message: `${field}: address not found`,
            rule: 'addressNotFound',
        })),
    );
}

/** The stored row of a depot body with its coordinates resolved. */
export interface DepotValues {
    internalDepotId: string;
    tenantId: string;
    groupId: string;
    externalDepotId: string;
    name: string;
    street: string;
    houseNo: string | null;
    postcode: string;
    locality: string;
    countryCode: string;
    latitude: number;
    longitude: number;
    timeZone: string;
    deviceMappings: { service: string; id: string }[];
    manualJobUploadEnabled: boolean;
    scopePath: string;
}

/** Normalised values of a (valid) body: trimmed texts, parsed mappings, the scope path. */
export function depotValues(
    internalDepotId: string,
    body: CreateDepotBody,
    coordinates: { latitude: number; longitude: number },
): DepotValues {
    const houseNo = body.houseNo?.trim() ?? '';
    const countryCode = body.countryCode.trim();
    return {
        internalDepotId,
        tenantId: body.tenantId,
        groupId: body.groupId,
        externalDepotId: body.externalDepotId.trim(),
        name: body.name.trim(),
        street: body.street.trim(),
        houseNo: houseNo === '' ? null : houseNo,
        postcode: body.postcode.trim(),
        locality: body.locality.trim(),
        countryCode,
        latitude: coordinates.latitude,
        longitude: coordinates.longitude,
        timeZone: body.timeZone.trim(),
        deviceMappings: body.deviceMappings.flatMap((entry) => parseDeviceMapping(entry) ?? []),
        manualJobUploadEnabled: body.manualJobUploadEnabled,
        scopePath: depotScopePath(body.tenantId, countryCode, body.groupId, internalDepotId),
    };
}

export const INSERT_BATCH_SIZE = 500;

/** Inserts depots in multi-row statements of `INSERT_BATCH_SIZE` (call inside a transaction). */
export async function insertDepots(tx: Queryable, rows: readonly DepotValues[]): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_BATCH_SIZE) {
        await tx.insert(depots).values(rows.slice(start, start + INSERT_BATCH_SIZE));
    }
}

/** 409 DUPLICATE_EXTERNAL_DEPOT_ID when a concurrent write won the unique index. */
export function duplicateExternalIdFrom(error: unknown): AppError | undefined {
    for (
        let cause: unknown = error;
        cause instanceof Object;
        cause = (cause as { cause?: unknown }).cause
    ) {
        const record = cause as { code?: unknown; constraint?: unknown; message?: unknown };
        if (record.code === '23505') {
            return conflict(
                'DUPLICATE_EXTERNAL_DEPOT_ID',
                'The external depot id is already used by another depot of this organisation.',
                [
                    {
                        field: '/body/externalDepotId',
                        message: 'externalDepotId is already used',
                        rule: 'externalDepotIdTaken',
                    },
                ],
            );
        }
    }
    return undefined;
}

function under(column: PgColumn, path: string): SQL | undefined {
    return or(eq(column, path), like(column, `${escapeLike(path)}.%`));
}

/** Rewrites `column` from the old depot path to the new one for every row at or below it. */
function moved(column: PgColumn, from: string, to: string): SQL {
    return sql`${to} || substr(${column}, ${from.length + 1})`;
}

/**
 * Moves every row that carries the depot's scope path (itself or below: subcontractors,
 * vehicles, driver and courier accounts, permission assignments, role visibility paths, job
 * assignments, driver-app events, address corrections) from `from` to `to`. Call in the
 * transaction that changes the depot. Returns the rows moved per table (for the audit entry).
 */
export async function moveScopePath(
    tx: Queryable,
    from: string,
    to: string,
): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    counts.subcontractors = (
        await tx
            .update(subcontractors)
            .set({ scopePath: moved(subcontractors.scopePath, from, to) })
            .where(under(subcontractors.scopePath, from))
            .returning({ id: subcontractors.id })
    ).length;
    counts.vehicles = (
        await tx
            .update(vehicles)
            .set({ scopePath: moved(vehicles.scopePath, from, to) })
            .where(under(vehicles.scopePath, from))
            .returning({ id: vehicles.id })
    ).length;
    counts.users = (
        await tx
            .update(users)
            .set({ scopePath: moved(users.scopePath, from, to) })
            .where(under(users.scopePath, from))
            .returning({ id: users.id })
    ).length;
    counts.permissionAssignments = (
        await tx
            .update(permissionAssignments)
            .set({ scopePath: moved(permissionAssignments.scopePath, from, to) })
            .where(under(permissionAssignments.scopePath, from))
            .returning({ id: permissionAssignments.id })
    ).length;
    counts.roles = (
        await tx
            .update(roles)
            .set({ visibilityPath: moved(roles.visibilityPath, from, to) })
            .where(under(roles.visibilityPath, from))
            .returning({ id: roles.id })
    ).length;
    counts.jobAssignments = (
        await tx
            .update(jobAssignments)
            .set({ scopePath: moved(jobAssignments.scopePath, from, to) })
            .where(under(jobAssignments.scopePath, from))
            .returning({ id: jobAssignments.id })
    ).length;
    counts.driverAppEvents = (
        await tx
            .update(driverAppEvents)
            .set({ scopePath: moved(driverAppEvents.scopePath, from, to) })
            .where(under(driverAppEvents.scopePath, from))
            .returning({ id: driverAppEvents.id })
    ).length;
    counts.addressCorrections = (
        await tx
            .update(addressCorrections)
            .set({ scopePath: moved(addressCorrections.scopePath, from, to) })
            .where(under(addressCorrections.scopePath, from))
            .returning({ id: addressCorrections.id })
    ).length;
    return counts;
}

/** Saves a depot if its stored version is still `version` (409 STALE_RECORD otherwise) and moves what hangs below it. */
export async function saveDepot(
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
