import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '../../server/app.js';
import { loadConfig, loggerOptions } from '../../server/config.js';
import type { DatabaseHandle } from '../../server/db/client.js';
import { tenants } from '../../server/db/schema/index.js';
import { openTestDatabase } from './helpers/test-app.js';

/**
 * Issue 13 point 22: a failure is logged by its class, SQLSTATE, the names of the database
 * objects and the statement's SQL text, never the statement's values (Drizzle's message and
 * `params`, PostgreSQL's `detail` and value-quoting messages). The app runs with the logger
 * options of production (loggerOptions) writing into memory; test-only routes fail on
 * statements whose values are a recognisable secret.
 */

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$SECRET-HASH-VALUE';

let fastify: FastifyInstance;
let database: DatabaseHandle;
const lines: string[] = [];

beforeAll(async () => {
    const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PUBLIC_URL: 'http://127.0.0.1:8080',
        STATIC_DIR: './tests/api/helpers/static-fixture',
        VERSION_ID: 'test-build',
    });
    database = await openTestDatabase();
    const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
            lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
            done();
        },
    });
    fastify = Fastify({ logger: { ...loggerOptions(config), stream } });
    await fastify.register(app, { config, database });
    // Test-only routes under a service prefix, each failing on a statement that carries the secret.
    await fastify.register(async (routes) => {
        routes.post('/api/test-only/cast', async (request) => {
            const { value } = request.body as { value: string };
            return database.db.execute(sql`select ${value}::uuid as id`);
        });
        routes.post('/api/test-only/duplicate', async (request) => {
            const { value } = request.body as { value: string };
            const row = { id: 'dup-tenant', name: value, countryCode: 'DE' };
            await database.db.insert(tenants).values([row, row]);
            return {};
        });
    });
    await fastify.ready();
});
afterAll(async () => {
    await fastify.close();
    await database.close();
});

/** The `request failed` log entry of the last request. */
function failureEntry(): Record<string, unknown> & { err: Record<string, unknown> } {
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failed = entries.filter((entry) => entry.msg === 'request failed');
    const entry = failed.at(-1);
    if (!entry) throw new Error(`no failure was logged:\n${lines.join('\n')}`);
    return entry as Record<string, unknown> & { err: Record<string, unknown> };
}

describe('the log of a failed statement', () => {
    it('names the error class, SQLSTATE and SQL text, never the value (a PostgreSQL message quoting it)', async () => {
        lines.length = 0;
        const response = await fastify.inject({
            method: 'POST',
            url: '/api/test-only/cast',
            payload: { value: SECRET },
        });
        expect(response.statusCode).toBe(500);
        expect(response.headers['cache-control']).toBe('no-store');
        const entry = failureEntry();
        expect({
            method: entry.method,
            path: entry.path,
            type: entry.err.type,
            query: entry.err.query,
            cause: {
                type: (entry.err.cause as Record<string, unknown>).type,
                code: (entry.err.cause as Record<string, unknown>).code,
            },
        }).toEqual({
            method: 'POST',
            path: '/api/test-only/cast',
            type: 'DrizzleQueryError',
            query: 'select $1::uuid as id',
            cause: { type: 'DatabaseError', code: '22P02' },
        });
        expect(lines.join('\n')).not.toContain('SECRET-HASH-VALUE');
    });

    it('names the constraint and table of a violation, never its detail (which quotes the row)', async () => {
        lines.length = 0;
        const response = await fastify.inject({
            method: 'POST',
            url: '/api/test-only/duplicate',
            payload: { value: SECRET },
        });
        expect(response.statusCode).toBe(500);
        const cause = failureEntry().err.cause as Record<string, unknown>;
        expect({
            type: cause.type,
            code: cause.code,
            constraint: cause.constraint,
            table: cause.table,
        }).toEqual({
            type: 'DatabaseError',
            code: '23505',
            constraint: 'tenants_pkey',
            table: 'tenants',
        });
        expect(lines.join('\n')).not.toContain('SECRET-HASH-VALUE');
        expect(lines.join('\n')).not.toContain('dup-tenant');
    });
});
