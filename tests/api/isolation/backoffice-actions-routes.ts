import { count, eq, max } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/client.js';
import { localeOverrides, roles } from '../../../server/db/schema/index.js';
import { isAdminSubject, type Probe, type RouteCase } from './matrix.js';

/**
 * Backoffice actions (role sync, translation update) are for admins only: everyone else gets
 * 403 NO_PERMISSION whatever they send, and nothing changes. Admins' writes here change
 * nothing lasting (their own export back in; one language uploaded and reset).
 */

type Refusal = { code?: string };
const BASE = '/api/backoffice-actions';
/** The language the matrix uploads; nothing else in the matrix reads it. */
const LANGUAGE = 'fi';

/** A role-sync file that passes the schema but carries no valid signature. */
const unsignedFile = {
    format: 'backoffice-role-sync',
    formatVersion: 1,
    environment: 'matrix',
    exportedAt: '2026-11-21T12:00:00.000Z',
    roles: [
        {
            key: 'north/Matrix',
            name: 'Matrix',
            tenantId: 'north',
            contexts: ['TENANT'],
            actions: ['r:parcel-finder'],
            visibilityPath: 'north',
            technical: false,
        },
    ],
    signature: 'not-a-signature',
};

/** What a refused write must leave as it was: the roles and the uploaded locale files. */
async function snapshot(db: Database) {
    const [roleState] = await db.select({ n: count(), changed: max(roles.updatedAt) }).from(roles);
    const overrides = await db
        .select({ language: localeOverrides.language, updatedAt: localeOverrides.updatedAt })
        .from(localeOverrides);
    return { roles: roleState, overrides };
}

function refusedRead(url: string): RouteCase['run'] {
    return async ({ subject, get }: Probe) => {
        const { status, body } = await get<Refusal>(url);
        if (isAdminSubject(subject)) expect.soft(status, url).toBe(200);
        else
            expect
                .soft({ status, code: body.code }, url)
                .toEqual({ status: 403, code: 'NO_PERMISSION' });
    };
}

export const backofficeActionRoutes: RouteCase[] = [
    { route: `GET ${BASE}/roles/sync-settings`, run: refusedRead(`${BASE}/roles/sync-settings`) },
    { route: `GET ${BASE}/roles/export`, run: refusedRead(`${BASE}/roles/export`) },
    { route: `GET ${BASE}/translations`, run: refusedRead(`${BASE}/translations`) },
    {
        route: `GET ${BASE}/translations/:language`,
        run: refusedRead(`${BASE}/translations/${LANGUAGE}`),
    },
    {
        route: `POST ${BASE}/roles/import/preview`,
        variant: 'an unsigned file; admins also their own export',
        async run({ subject, get, send, db }: Probe) {
            const before = await snapshot(db);
            const { status, body } = await send<Refusal>(
                'POST',
                `${BASE}/roles/import/preview`,
                unsignedFile,
            );
            if (isAdminSubject(subject)) {
                expect
                    .soft({ status, code: body.code })
                    .toEqual({ status: 400, code: 'INVALID_SIGNATURE' });
                const file = await get<object>(`${BASE}/roles/export`);
                const own = await send<{ applicable?: boolean }>(
                    'POST',
                    `${BASE}/roles/import/preview`,
                    file.body,
                );
                expect
                    .soft({ status: own.status, applicable: own.body.applicable })
                    .toEqual({ status: 200, applicable: true });
            } else {
                expect
                    .soft({ status, code: body.code })
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
            }
            expect.soft(await snapshot(db)).toEqual(before);
        },
    },
    {
        route: `POST ${BASE}/roles/import`,
        variant: 'an unsigned file; admins also their own export (nothing changes)',
        async run({ subject, get, send, db }: Probe) {
            const before = await snapshot(db);
            const { status, body } = await send<Refusal>(
                'POST',
                `${BASE}/roles/import`,
                unsignedFile,
            );
            if (isAdminSubject(subject)) {
                expect
                    .soft({ status, code: body.code })
                    .toEqual({ status: 400, code: 'INVALID_SIGNATURE' });
                const file = await get<object>(`${BASE}/roles/export`);
                const own = await send<{ created?: number; updated?: number }>(
                    'POST',
                    `${BASE}/roles/import`,
                    file.body,
                );
                expect
                    .soft({
                        status: own.status,
                        created: own.body.created,
                        updated: own.body.updated,
                    })
                    .toEqual({ status: 200, created: 0, updated: 0 });
            } else {
                expect
                    .soft({ status, code: body.code })
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
            }
            expect.soft(await snapshot(db)).toEqual(before);
        },
    },
    {
        route: `PUT ${BASE}/translations/:language`,
        variant: 'the bundled file of a language (admins reset it again)',
        async run({ subject, get, send, db }: Probe) {
            const before = await snapshot(db);
            const bundled = await get<object>(`/locales/${LANGUAGE}.json`);
            const { status, body } = await send<Refusal & { status?: string }>(
                'PUT',
                `${BASE}/translations/${LANGUAGE}`,
                bundled.body,
            );
            if (isAdminSubject(subject)) {
                expect
                    .soft({ status, state: body.status })
                    .toEqual({ status: 200, state: 'updated' });
                expect
                    .soft(
                        await db
                            .select()
                            .from(localeOverrides)
                            .where(eq(localeOverrides.language, LANGUAGE)),
                    )
                    .toHaveLength(1);
                expect
                    .soft((await send('DELETE', `${BASE}/translations/${LANGUAGE}`)).status)
                    .toBe(200);
            } else {
                expect
                    .soft({ status, code: body.code })
                    .toEqual({ status: 403, code: 'NO_PERMISSION' });
            }
            expect.soft(await snapshot(db)).toEqual(before);
        },
    },
    {
        route: `DELETE ${BASE}/translations/:language`,
        variant: 'an uploaded language',
        async run({ subject, send, db }: Probe) {
            await db
                .insert(localeOverrides)
                .values({ language: LANGUAGE, document: { app: {} }, updatedBy: null })
                .onConflictDoNothing();
            const { status, body } = await send<Refusal & { status?: string }>(
                'DELETE',
                `${BASE}/translations/${LANGUAGE}`,
            );
            const left = await db
                .select()
                .from(localeOverrides)
                .where(eq(localeOverrides.language, LANGUAGE));
            if (isAdminSubject(subject)) {
                expect
                    .soft({ status, state: body.status, left: left.length })
                    .toEqual({ status: 200, state: 'bundled', left: 0 });
            } else {
                expect
                    .soft({ status, code: body.code, left: left.length })
                    .toEqual({ status: 403, code: 'NO_PERMISSION', left: 1 });
            }
            await db.delete(localeOverrides).where(eq(localeOverrides.language, LANGUAGE));
        },
    },
];
