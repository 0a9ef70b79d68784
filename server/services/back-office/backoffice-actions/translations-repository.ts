import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { languages, type Language } from '../../../../domain/enums.js';
import type { LocaleDocument } from '../../../../domain/contracts/backoffice-actions.js';
import type { Queryable } from '../../../db/client.js';
import { localeOverrides, users } from '../../../db/schema/index.js';
import { appendAudit } from '../../../shared/audit-repository.js';
import type { TranslationStatus } from '../../../../domain/contracts/backoffice-actions.js';

/** Every language: bundled, or updated (when and by whom). */
export async function translationStatuses(db: Queryable): Promise<TranslationStatus[]> {
    const rows = await db
        .select({
            language: localeOverrides.language,
            updatedAt: localeOverrides.updatedAt,
            userId: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
        })
        .from(localeOverrides)
        .leftJoin(users, eq(users.id, localeOverrides.updatedBy));
    const byLanguage = new Map(rows.map((row) => [row.language, row]));
    return languages.map((language) => {
        const row = byLanguage.get(language);
        if (!row) return { language, status: 'bundled', updatedAt: null, updatedBy: null };
        const updatedBy = row.userId
            ? {
                  id: row.userId,
                  name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
                  email: row.email,
              }
            : null;
        return { language, status: 'updated', updatedAt: row.updatedAt.toISOString(), updatedBy };
    });
}

/** One language's status (after a write). */
export async function translationStatus(
    db: Queryable,
    language: Language,
): Promise<TranslationStatus | undefined> {
    return (await translationStatuses(db)).find((status) => status.language === language);
}

/** Stores the uploaded file of a language (replacing an earlier one), with its audit entry. */
export async function saveLocaleOverride(
    db: Queryable,
    request: FastifyRequest,
    language: Language,
    document: LocaleDocument,
    changedTexts: Record<string, unknown>,
): Promise<void> {
    await db.transaction(async (tx) => {
        const [before] = await tx
            .select({ updatedAt: localeOverrides.updatedAt })
            .from(localeOverrides)
            .where(eq(localeOverrides.language, language))
            .for('update');
        const values = { document, updatedBy: request.caller.userId, updatedAt: new Date() };
        await tx
            .insert(localeOverrides)
            .values({ language, ...values })
            .onConflictDoUpdate({ target: localeOverrides.language, set: values });
        await appendAudit(tx, request, {
            action: 'translation-updated',
            entityType: 'locale',
            entityId: language,
            changes: {
                replaced: before ? before.updatedAt.toISOString() : 'bundled',
                ...changedTexts,
            },
        });
    });
}

/** Removes the uploaded file of a language (the bundled one is served again); false when there was none. */
export async function deleteLocaleOverride(
    db: Queryable,
    request: FastifyRequest,
    language: Language,
): Promise<boolean> {
    return db.transaction(async (tx) => {
        const removed = await tx
            .delete(localeOverrides)
            .where(eq(localeOverrides.language, language))
            .returning({ updatedAt: localeOverrides.updatedAt });
        if (removed.length === 0) return false;
        await appendAudit(tx, request, {
            action: 'translation-reset',
            entityType: 'locale',
            entityId: language,
            changes: { removed: removed[0]?.updatedAt.toISOString() },
        });
        return true;
    });
}
