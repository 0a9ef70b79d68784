import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { grantedScopes } from '../../../../domain/permissionChecks.js';
import {
    userTypeOfDriverType,
    type AppUserSortField,
    type DriverType,
} from '../../../../domain/people.js';
import { DRIVER_ROLE_ID, TEMP_DRIVER_ROLE_ID } from '../../../../domain/roles.js';
import {
    driverMobileRule,
    emailRule,
    emptyToNull,
    nameRule,
    normaliseEmail,
    usernameRule,
    usernameRuleNeedsEmail,
    type FieldRule,
} from '../../../../domain/userRules.js';
import { assertAction } from '../../../access/route-access.js';
import type { ScopeSet } from '../../../access/scopes.js';
import { newId } from '../../../db/ids.js';
import { permissionAssignments, users, vehicles } from '../../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { authErrors, ErrorEnvelope } from '../../../../domain/contracts/common.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import {
    appUserActions,
    appUserReadScopes,
    appUserReadAccess,
    appUserWriteAccess,
} from './access.js';
import { createAppIdentity, deleteAppIdentity } from './app-identities.js';
import {
    courierAccountCount,
    findAppUser,
    identityUsernameOf,
    listAppUsers,
    loadAppUser,
    lockDepotSubcontractors,
    takenValues,
    vehicleOf,
} from './app-users-repository.js';
import { assertRules, isUniqueViolation, tenantSettings } from '../../../shared/field-rules.js';
import {
    AppUser,
    AppUserPage,
    AppUserParams,
    AppUserQuery,
    CreateAppUserBody,
    CreatedAppUser,
    DriverTypeParams,
    UpdateAppUserBody,
} from './schemas.js';
import { findSubcontractor } from './subcontractors-repository.js';

const tags = ['back-office'];
const roleOf: Record<DriverType, string> = {
    DRIVER: DRIVER_ROLE_ID,
    TEMP_DRIVER: TEMP_DRIVER_ROLE_ID,
};
const union = (a: ScopeSet, b: ScopeSet): ScopeSet =>
    a === 'ALL' || b === 'ALL' ? 'ALL' : [...new Set([...a, ...b])];

type Taken = Awaited<ReturnType<typeof takenValues>>;

/** 409 for the first value another user holds (username, e-mail, phone), naming every one. */
function assertNotTaken(taken: Taken): void {
    const fields = (['username', 'email', 'mobilePhone'] as const).filter((field) => taken[field]);
    const [first] = fields;
    if (!first) return;
    const code = {
        username: 'DUPLICATE_USERNAME',
        email: 'DUPLICATE_EMAIL',
        mobilePhone: 'DUPLICATE_PHONE_NUMBER',
    }[first];
    throw conflict(
        code,
        `Another user already has this ${first === 'mobilePhone' ? 'phone number' : first === 'email' ? 'e-mail address' : 'username'}.`,
        fields.map((field) => ({
            field: `/body/${field}`,
            message: `${field} is already used by another user`,
        })),
    );
}

/** The e-mail rule of driver accounts: required under the ITALIAN username rule (it is the login), else optional. */
function driverEmailRule(email: string | null, needsEmail: boolean): FieldRule | null {
    if (email === null) return needsEmail ? 'required' : null;
    return emailRule(email);
}

/**
 * A subcontractor the caller may put accounts of `driverType` on: visible to them (r:suco or the
 * write code) and with `code` granted at its path (403 otherwise); 404 like an unknown one when
 * not visible.
 */
async function targetSubcontractor(
    request: FastifyRequest,
    db: Parameters<typeof findSubcontractor>[0],
    subcontractorId: string,
    code: string,
) {
    const { actions } = request.caller;
    const visible = union(grantedScopes(actions, 'r:suco', 'depot'), request.access.scopes);
    const suco = await findSubcontractor(db, visible, subcontractorId);
    if (!suco) throw notFound(`Subcontractor ${subcontractorId}`);
    assertAction(actions, code, { context: 'depot', path: suco.scopePath });
    return suco;
}

const vehicleNotOfSubcontractor = () =>
    badRequest('vehicleId must be a vehicle of the account’s subcontractor.', [
        { field: '/body/vehicleId', message: 'vehicleId must be a vehicle of the subcontractor' },
    ]);

/**
 * Driver app accounts and courier accounts (domain §3-§5, §7): list, create, edit (including the
 * subcontractor change); activation is in app-user-activation-routes.ts.
 */
export const appUserRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
    const { db } = fastify;

    fastify.get(
        '/v3/users/app',
        {
            config: { access: appUserReadAccess },
            schema: {
                tags,
                summary:
                    'Driver app accounts and courier accounts under a tenant, depot or subcontractor path (0-based pages)',
                querystring: AppUserQuery,
                response: { 200: AppUserPage, ...authErrors },
            },
        },
        async (request) => {
            const { query } = request;
            const scopes = appUserReadScopes(
                request.caller.actions,
                request.access.path,
                query.driverType,
            );
            const size = query.size ?? 25;
            const page = query.page ?? 0;
            const [field, order] = (query.sort ?? 'lastName,asc').split(',') as [
                AppUserSortField,
                'asc' | 'desc',
            ];
            const { rows, total } = await listAppUsers(db, scopes, {
                ...query,
                page,
                size,
                sort: { field, order },
            });
            return {
                content: rows,
                totalElements: total,
                totalPages: Math.ceil(total / size),
                size,
                number: page,
            };
        },
    );

    fastify.post(
        '/users/:driverType',
        {
            config: { access: appUserWriteAccess('create') },
            schema: {
                tags,
                summary:
                    'Adds a driver app account or courier account to a subcontractor, with its identity',
                params: DriverTypeParams,
                body: CreateAppUserBody,
                response: {
                    201: CreatedAppUser,
                    404: ErrorEnvelope,
                    409: ErrorEnvelope,
                    ...authErrors,
                },
            },
        },
        async (request, reply) => {
            const { driverType } = request.params;
            const { body } = request;
            const suco = await targetSubcontractor(
                request,
                db,
                body.subcontractorId,
                appUserActions[driverType].create,
            );
            const settings = await tenantSettings(db, suco.tenantId);
            if (!settings) throw notFound(`Subcontractor ${body.subcontractorId}`);
            const rule = settings.frontend.driverUsernameRule;
            const email =
                emptyToNull(body.email) === null ? null : normaliseEmail(body.email ?? '');
            assertRules({
                username: usernameRule(rule, body.username),
                email: driverEmailRule(email, usernameRuleNeedsEmail(rule)),
                firstName: nameRule(body.firstName),
                lastName: nameRule(body.lastName),
                mobilePhone: driverMobileRule(body.mobilePhone),
            });
            const vehicleId = emptyToNull(body.vehicleId);
            if (vehicleId !== null && !(await vehicleOf(db, suco.id, vehicleId)))
                throw vehicleNotOfSubcontractor();
            const values = { username: body.username, email, mobilePhone: body.mobilePhone };
            assertNotTaken(await takenValues(db, values));
            const max = settings.frontend.maxTemporaryUsersPerDepot;
            const limitReached = () =>
                conflict(
                    'TENANT_MAX_TEMP_DRIVERS_REACHED',
                    `The depot already has ${max} courier accounts, the most the organisation allows; delete old ones first.`,
                );
            if (
                driverType === 'TEMP_DRIVER' &&
                (await courierAccountCount(db, suco.depotId)) >= max
            )
                throw limitReached();

            const identityUsername = identityUsernameOf({ email, username: body.username });
            const identity = await createAppIdentity(fastify, {
                username: identityUsername,
                email,
            });
            if (identity === 'exists')
                throw conflict(
                    email ? 'DUPLICATE_EMAIL' : 'DUPLICATE_USERNAME',
                    'Another user already signs in with this name.',
                    [
                        {
                            field: email ? '/body/email' : '/body/username',
                            message: 'is already used by another user',
                        },
                    ],
                );
            const id = newId();
            try {
                await db.transaction(async (tx) => {
                    if (driverType === 'TEMP_DRIVER') {
                        await lockDepotSubcontractors(tx, suco.depotId);
                        if ((await courierAccountCount(tx, suco.depotId)) >= max)
                            throw limitReached();
                    }
                    const row = {
                        id,
                        tenantId: suco.tenantId,
                        type: userTypeOfDriverType[driverType],
                        email,
                        username: body.username,
                        firstName: body.firstName.trim(),
                        lastName: body.lastName.trim(),
                        mobilePhone: body.mobilePhone,
                        subcontractorId: suco.id,
                        vehicleId,
                        driverType,
                        wantsSecondScreenNews: body.wantsSecondScreenNews ?? false,
                        active: true,
                        scopePath: suco.scopePath,
                        identitySub: identity.sub,
                    };
                    await tx.insert(users).values(row);
                    await tx.insert(permissionAssignments).values({
                        id: newId(),
                        userId: id,
                        roleId: roleOf[driverType],
                        scopePath: suco.scopePath,
                        tenantId: suco.tenantId,
                    });
                    await appendAudit(tx, request, {
                        action: 'create',
                        entityType: 'app-user',
                        entityId: id,
                        changes: { after: { ...row, roleId: roleOf[driverType] } },
                    });
                });
            } catch (error) {
                await deleteAppIdentity(fastify, identityUsername);
                if (isUniqueViolation(error, 'users_username_key'))
                    throw conflict(
                        'DUPLICATE_USERNAME',
                        'Another user already has this username.',
                        [
                            {
                                field: '/body/username',
                                message: 'username is already used by another user',
                            },
                        ],
                    );
                if (isUniqueViolation(error, 'users_email_key'))
                    throw conflict(
                        'DUPLICATE_EMAIL',
                        'Another user already has this e-mail address.',
                        [
                            {
                                field: '/body/email',
                                message: 'email is already used by another user',
                            },
                        ],
                    );
                throw error;
            }
            reply.status(201);
            return {
                user: await loadAppUser(db, id),
                temporaryPassword: identity.temporaryPassword,
            };
        },
    );

    fastify.put(
        '/users/:driverType/:hashId',
        {
            config: { access: appUserWriteAccess('update') },
            schema: {
                tags,
                summary:
                    'Edits a driver app account or courier account; a new subcontractorId moves it there (its vehicles stay)',
                params: AppUserParams,
                body: UpdateAppUserBody,
                response: { 200: AppUser, 404: ErrorEnvelope, 409: ErrorEnvelope, ...authErrors },
            },
        },
        async (request) => {
            const { driverType, hashId } = request.params;
            const { body } = request;
            const found = await findAppUser(
                db,
                request.access.scopes,
                userTypeOfDriverType[driverType],
                hashId,
            );
            if (!found) throw notFound(`User ${hashId}`);
            const before = found.user;
            const moving = body.subcontractorId !== before.subcontractorId;
            const target = moving
                ? await targetSubcontractor(
                      request,
                      db,
                      body.subcontractorId,
                      appUserActions[driverType].update,
                  )
                : undefined;
            if (target && target.tenantId !== before.tenantId)
                throw notFound(`Subcontractor ${body.subcontractorId}`);
            const settings = await tenantSettings(db, before.tenantId);
            const needsEmail = usernameRuleNeedsEmail(
                settings?.frontend.driverUsernameRule ?? 'DEFAULT',
            );
            // An absent e-mail keeps the stored one.
            const email =
                body.email === undefined
                    ? before.email
                    : emptyToNull(body.email) === null
                      ? null
                      : normaliseEmail(body.email ?? '');
            assertRules({
                email: driverEmailRule(email, needsEmail),
                firstName: nameRule(body.firstName),
                lastName: nameRule(body.lastName),
                mobilePhone: driverMobileRule(body.mobilePhone),
            });
            // The e-mail may be added to an account without one (a contact address); once set it is the login and stays.
            if (before.email !== null && email?.toLowerCase() !== before.email.toLowerCase()) {
                throw badRequest('email cannot be changed', [
                    { field: '/body/email', message: 'email cannot be changed' },
                ]);
            }
            const subcontractorId = target?.id ?? before.subcontractorId;
            let vehicleId = emptyToNull(body.vehicleId);
            if (vehicleId !== null && !(await vehicleOf(db, subcontractorId, vehicleId))) {
                // A move keeps no vehicle of the old subcontractor (its vehicles stay there).
                if (moving && vehicleId === before.vehicleId) vehicleId = null;
                else throw vehicleNotOfSubcontractor();
            }
            assertNotTaken(await takenValues(db, { email, mobilePhone: body.mobilePhone }, hashId));
            const after = {
                firstName: body.firstName.trim(),
                lastName: body.lastName.trim(),
                mobilePhone: body.mobilePhone,
                email,
                vehicleId,
                wantsSecondScreenNews: body.wantsSecondScreenNews ?? before.wantsSecondScreenNews,
                subcontractorId,
                scopePath: target?.scopePath ?? before.scopePath,
            };
            try {
                await db.transaction(async (tx) => {
                    const [updated] = await tx
                        .update(users)
                        .set({
                            ...after,
                            version: sql`${users.version} + 1`,
                            updatedAt: new Date(),
                        })
                        .where(and(eq(users.id, hashId), eq(users.version, body.version)))
                        .returning({ id: users.id });
                    if (!updated)
                        throw conflict(
                            'STALE_RECORD',
                            `User ${hashId} was changed by someone else; reload it and try again.`,
                            [{ field: '/body/version', message: 'is not the current version' }],
                        );
                    if (target) {
                        // Treated as a driver there at first: only its app-account role, on the new path.
                        await tx
                            .delete(permissionAssignments)
                            .where(eq(permissionAssignments.userId, hashId));
                        await tx.insert(permissionAssignments).values({
                            id: newId(),
                            userId: hashId,
                            roleId: roleOf[driverType],
                            scopePath: target.scopePath,
                            tenantId: target.tenantId,
                        });
                        await tx
                            .update(vehicles)
                            .set({
                                baseDriverId: null,
                                version: sql`${vehicles.version} + 1`,
                                updatedAt: new Date(),
                            })
                            .where(eq(vehicles.baseDriverId, hashId));
                    }
                    const { version: _version, ...was } = before;
                    await appendAudit(tx, request, {
                        action: target ? 'move' : 'update',
                        entityType: 'app-user',
                        entityId: hashId,
                        changes: {
                            before: Object.fromEntries(
                                Object.keys(after).map((key) => [
                                    key,
                                    was[key as keyof typeof was],
                                ]),
                            ),
                            after,
                        },
                    });
                });
            } catch (error) {
                if (isUniqueViolation(error, 'users_email_key'))
                    throw conflict(
                        'DUPLICATE_EMAIL',
                        'Another user already has this e-mail address.',
                        [
                            {
                                field: '/body/email',
                                message: 'email is already used by another user',
                            },
                        ],
                    );
                throw error;
            }
            return loadAppUser(db, hashId);
        },
    );
};
