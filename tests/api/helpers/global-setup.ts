import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client.js';

declare module 'vitest' {
    export interface ProvidedContext {
        /** PGlite: a file holding the dump of a migrated, empty database. */
        pgliteTemplate?: string;
        /** PostgreSQL (TEST_DATABASE_URL): a migrated, empty database to create each file's from. */
        postgresTemplate?: string;
    }
}

/** Runs one statement on the server of `serverUrl` (database maintenance, outside any database of the tests). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
        await admin.query(statement);
    } finally {
        await admin.end();
    }
}

/**
 * The API project's global setup: the migrations run once, not once per test file. On PGlite the
 * migrated database is dumped to a file each file's in-memory database starts from; on the
 * PostgreSQL server of TEST_DATABASE_URL a migrated database serves as the template of each
 * file's `create database` (tests/api/helpers/test-app.ts). Both are removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
        const name = `test_template_${randomBytes(6).toString('hex')}`;
        await onServer(serverUrl, `create database ${name}`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const handle = await openDatabase({ url: url.toString(), dataDir: 'unused' });
        await handle.close();
        project.provide('postgresTemplate', name);
        return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
        if (!handle.dump) throw new Error('an in-memory PGlite database has no dump');
        const dump = await handle.dump();
        const folder = mkdtempSync(join(tmpdir(), 'api-template-'));
        const file = join(folder, 'migrated.tar');
        writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        project.provide('pgliteTemplate', file);
        return async () => rmSync(folder, { recursive: true, force: true });
    } finally {
        await handle.close();
    }
}
