import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
    BackOfficeUser,
    UpdateBackOfficeUserBody,
} from '../../../../domain/contracts/back-office-users.js';
import { isAdmin } from '../../../../domain/permissions.js';
import { normaliseEmail } from '../../../../domain/userRules.js';
import type { Database } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { badRequest, conflict, forbidden } from '../../../errors.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import { assertUserData, normaliseData } from './field-checks.js';
import { phoneTaken } from './user-repository.js';
import { findEditableBackOfficeUser, duplicatePhone, phonesOf, userAnswer } from './user-writes.js';

/**
 * `PUT /users/:hashId` (domain §7): edits a back-office user's data when `version` is the stored
 * one (409 STALE_RECORD otherwise) and audits what changed. The e-mail cannot change; only admins
 * grant or take the Admin type; users outside the caller's reach are 404 as unknown ones.
 */
export async function updateBackOfficeUser(
    db: Database,
    request: FastifyRequest,
    hashId: string,
    body: UpdateBackOfficeUserBody,
): Promise<BackOfficeUser> {
    const { caller } = request;
    const found = await findEditableBackOfficeUser(db, caller.actions, hashId);
    const { user } = found;
    if (
        body.email !== undefined &&
        normaliseEmail(body.email).toLowerCase() !== (user.email ?? '').toLowerCase()
    ) {
        throw badRequest('The e-mail cannot be changed.', [
            { field: '/body/email', message: 'email cannot be changed' },
        ]);
    }
    const data = normaliseData(body);
    assertUserData(data);
    if (
        (body.type === 'Admin' || user.type === 'Admin') &&
        body.type !== user.type &&
        !isAdmin(caller.actions)
    )
        throw forbidden('NO_PERMISSION', 'Only admins may grant or take the Admin type.');
    if (await phoneTaken(db, phonesOf(data), user.id)) throw duplicatePhone();
    const wants = body.wantsSecondScreenNews ?? user.wantsSecondScreenNews;
    const before = {
        type: user.type,
        ...normaliseData(user),
        wantsSecondScreenNews: user.wantsSecondScreenNews,
    };
    const after = { type: body.type, ...data, wantsSecondScreenNews: wants };
    const changes = Object.fromEntries(
        (Object.keys(after) as (keyof typeof after)[])
            .filter((key) => before[key] !== after[key])
            .map((key) => [key, { from: before[key], to: after[key] }]),
    );
    await db.transaction(async (tx) => {
        const updated = await tx
            .update(users)
            .set({ ...after, version: sql`${users.version} + 1`, updatedAt: new Date() })
            .where(and(eq(users.id, user.id), eq(users.version, body.version)))
            .returning({ id: users.id });
        if (updated.length === 0)
            throw conflict(
                'STALE_RECORD',
                'The user was changed by someone else; reload and try again.',
            );
        await appendAudit(tx, request, {
            action: 'backoffice-user-updated',
            entityType: 'user',
            entityId: user.id,
            changes,
        });
    });
    return userAnswer(db, user.id, caller.actions);
}
