import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import app from '../../../server/app.js';
import { loadConfig, type AppConfig } from '../../../server/config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../../../server/db/client.js';

export interface TestApp {
    app: FastifyInstance;
    db: Database;
    config: AppConfig;
    close(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (created here, dropped on close).
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return openDatabase({ dataDir: 'memory://' });
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
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

/** The whole app on a fresh database, ready for `app.inject`. Seed with the fixtures before or after. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
    const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://127.0.0.1:8080',
        STATIC_DIR: './tests/api/helpers/static-fixture',
        VERSION_ID: 'test-build',
        ...env,
    });
    const database = await openTestDatabase();
    const fastify = Fastify({ logger: false });
    await fastify.register(app, { config, database });
    await fastify.ready();
    return {
        app: fastify,
        db: database.db,
        config,
        close: async () => {
            await fastify.close();
            await database.close();
        },
    };
}
