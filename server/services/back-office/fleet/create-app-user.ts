import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
    userTypeOfDriverType,
    type CreateAppUserBody,
    type CreatedAppUser,
    type DriverType,
} from '../../../../domain/contracts/fleet.js';
import {
    driverMobileRule,
    emptyToNull,
    nameRule,
    normaliseEmail,
    usernameRule,
    usernameRuleNeedsEmail,
} from '../../../../domain/userRules.js';
import { newId } from '../../../db/ids.js';
import { permissionAssignments, users } from '../../../db/schema/index.js';
import { conflict, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertRules, tenantSettings } from '../../../shared/field-rules.js';
import { appUserActions } from './access.js';
import { createAppIdentity, deleteAppIdentity, identityUsernameOf } from './app-identities.js';
import {
    assertNotTaken,
    driverEmailRule,
    duplicateOnWrite,
    roleOf,
    targetSubcontractor,
    vehicleNotOfSubcontractor,
} from './app-user-checks.js';
import {
    courierAccountCount,
    lockDepotSubcontractors,
    takenValues,
    vehicleOf,
} from './app-user-checks-repository.js';
import { loadAppUser } from './app-users-repository.js';

/**
 * Adds a driver app account or courier account to a subcontractor (domain §4): checks the fields
 * under the organisation's username rule, the vehicle, unique values and the courier-account
 * limit of the depot, creates the identity, then the user with its app-account role and audit
 * entry (the identity is deleted again when that fails).
 */
export async function createAppUser(
    fastify: FastifyInstance,
    request: FastifyRequest,
    driverType: DriverType,
    body: CreateAppUserBody,
): Promise<CreatedAppUser> {
    const { db } = fastify;
    const suco = await targetSubcontractor(
        request,
        db,
        body.subcontractorId,
        appUserActions[driverType].create,
    );
    const settings = await tenantSettings(db, suco.tenantId);
    if (!settings) throw notFound(`Subcontractor ${body.subcontractorId}`);
    const rule = settings.frontend.driverUsernameRule;
    const email = emptyToNull(body.email) === null ? null : normaliseEmail(body.email ?? '');
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
    if (driverType === 'TEMP_DRIVER' && (await courierAccountCount(db, suco.depotId)) >= max)
        throw limitReached();

    const identityUsername = identityUsernameOf({ email, username: body.username });
    const identity = await createAppIdentity(fastify, { username: identityUsername, email });
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
                if ((await courierAccountCount(tx, suco.depotId)) >= max) throw limitReached();
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
        throw duplicateOnWrite(error) ?? error;
    }
    return { user: await loadAppUser(db, id), temporaryPassword: identity.temporaryPassword };
}
