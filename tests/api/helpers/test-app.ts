import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import app from '../../../server/app.js';
import { loadConfig, type AppConfig } from '../../../server/config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../../../server/db/client.js';

export interface TestApp {
    app: FastifyInstance;
    db: Database;
    config: AppConfig;
    database: DatabaseHandle;
    close(): Promise<void>;
}

/** The dump of the migrated PGlite database the global setup made, read once per test file. */
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, empty, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped on close). Both
 * start from the migrated template of the global setup (./global-setup.ts) when there is one.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
        const file = inject('pgliteTemplate');
        if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
        return openDatabase({ dataDir: 'memory://', loadDataDir: pgliteTemplate });
    }
    const name = `test_${randomBytes(6).toString('hex')}`;
    const template = inject('postgresTemplate');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), dataDir: 'unused' });
    return {
        ...handle,
        close: async () => {
            await handle.close();
            const cleanup = new pg.Client({ connectionString: serverUrl });
            await cleanup.connect();
            await cleanup.query(`drop database if exists ${name} with (force)`);
            await cleanup.end();
        },
    };
}

function testConfig(env: Record<string, string>): AppConfig {
    return loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://127.0.0.1:8080',
        STATIC_DIR: './tests/api/helpers/static-fixture',
        VERSION_ID: 'test-build',
        ...env,
    });
}

async function appOn(database: DatabaseHandle, config: AppConfig): Promise<FastifyInstance> {
    const fastify = Fastify({ logger: false });
    await fastify.register(app, { config, database });
    await fastify.ready();
    return fastify;
}

/** The whole app on a fresh database, ready for `app.inject`. Seed with the fixtures before or after. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
    const config = testConfig(env);
    const database = await openTestDatabase();
    const fastify = await appOn(database, config);
    return {
        app: fastify,
        db: database.db,
        config,
        database,
        close: async () => {
            await fastify.close();
            await database.close();
        },
    };
}

/**
 * A second app server on the database of `first` (as app servers behind a load balancer share
 * one database): its own caches, live feeds and workers. Close it before `first`.
 */
export async function createSecondTestApp(first: TestApp): Promise<TestApp> {
    const fastify = await appOn(first.database, first.config);
    return {
        app: fastify,
        db: first.db,
        config: first.config,
        database: first.database,
        close: () => fastify.close(),
    };
}
