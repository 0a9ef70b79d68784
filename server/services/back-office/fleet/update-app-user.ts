import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
    userTypeOfDriverType,
    type AppUser,
    type DriverType,
    type UpdateAppUserBody,
} from '../../../../domain/contracts/fleet.js';
import {
    driverMobileRule,
    emptyToNull,
    nameRule,
    normaliseEmail,
    usernameRuleNeedsEmail,
} from '../../../../domain/userRules.js';
import type { Database } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { permissionAssignments, users, vehicles } from '../../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertRules, tenantSettings } from '../../../shared/field-rules.js';
import { appUserActions } from './access.js';
import {
    assertNotTaken,
    driverEmailRule,
    duplicateOnWrite,
    roleOf,
    targetSubcontractor,
    vehicleNotOfSubcontractor,
} from './app-user-checks.js';
import { takenValues, vehicleOf } from './app-user-checks-repository.js';
import { findAppUser, loadAppUser } from './app-users-repository.js';

/**
 * Edits a driver app account or courier account inside the caller's scopes (domain §4). A new
 * `subcontractorId` moves it there: it keeps only its app-account role, now on the new path, and
 * is no longer the regular driver of the old subcontractor's vehicles (they stay there). An
 * e-mail may be added to an account without one; once set it is the login and stays.
 */
export async function updateAppUser(
    db: Database,
    request: FastifyRequest,
    driverType: DriverType,
    hashId: string,
    body: UpdateAppUserBody,
): Promise<AppUser> {
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
    const needsEmail = usernameRuleNeedsEmail(settings?.frontend.driverUsernameRule ?? 'DEFAULT');
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
                .set({ ...after, version: sql`${users.version} + 1`, updatedAt: new Date() })
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
                        Object.keys(after).map((key) => [key, was[key as keyof typeof was]]),
                    ),
                    after,
                },
            });
        });
    } catch (error) {
        // The e-mail is the only unique value an edit writes.
        throw duplicateOnWrite(error, ['email']) ?? error;
    }
    return loadAppUser(db, hashId);
}
