import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { UserSettings } from '../../../domain/contracts/settings.js';
import { defaultUserSettings, type UserSettingsKey } from '../../../domain/userSettings.js';
import type { Database, Queryable } from '../../db/client.js';
import { userSettings } from '../../db/schema/index.js';
import { appendAudit } from '../../shared/audit-repository.js';

const settingsColumns = {
    dateFormat: userSettings.dateFormat,
    timeFormat: userSettings.timeFormat,
    lengthFormat: userSettings.lengthFormat,
    weightFormat: userSettings.weightFormat,
    numberFormat: userSettings.numberFormat,
};

async function storedSettings(db: Queryable, userId: string): Promise<UserSettings | null> {
    const [row] = await db
        .select(settingsColumns)
        .from(userSettings)
        .where(eq(userSettings.userId, userId))
        .limit(1);
    return row ?? null;
}

/**
 * Inserts `inserted` for the caller, or on an existing row sets only `changed`, and audits the
 * change. Answers the stored row, so two concurrent changes of different settings both stay.
 */
async function upsertSettings(
    db: Queryable,
    request: FastifyRequest,
    inserted: UserSettings,
    changed: Partial<UserSettings>,
    action: string,
): Promise<UserSettings> {
    const { userId } = request.caller;
    const before = await storedSettings(db, userId);
    const [after] = await db
        .insert(userSettings)
        .values({ userId, ...inserted })
        .onConflictDoUpdate({
            target: userSettings.userId,
            set: { ...changed, updatedAt: new Date() },
        })
        .returning(settingsColumns);
    if (!after) throw new Error(`settings of ${userId} were not stored`);
    await appendAudit(db, request, {
        action,
        entityType: 'user-settings',
        entityId: userId,
        changes: { before, after },
    });
    return after;
}

/** `PUT /users/me/settings`: stores all five settings, creating or replacing them. */
export function replaceSettings(
    db: Database,
    request: FastifyRequest,
    settings: UserSettings,
): Promise<UserSettings> {
    const all: UserSettings = {
        dateFormat: settings.dateFormat,
        timeFormat: settings.timeFormat,
        lengthFormat: settings.lengthFormat,
        weightFormat: settings.weightFormat,
        numberFormat: settings.numberFormat,
    };
    return db.transaction((tx) => upsertSettings(tx, request, all, all, 'user-settings-replaced'));
}

/**
 * `PATCH /users/me/settings`: changes one setting (its value checked by the route); a user
 * without stored settings starts from the defaults (domain/userSettings.ts).
 */
export function changeSetting<K extends UserSettingsKey>(
    db: Database,
    request: FastifyRequest,
    key: K,
    value: UserSettings[K],
): Promise<UserSettings> {
    const change = { [key]: value } as Pick<UserSettings, K>;
    return db.transaction((tx) =>
        upsertSettings(
            tx,
            request,
            { ...defaultUserSettings, ...change },
            change,
            'user-settings-changed',
        ),
    );
}
