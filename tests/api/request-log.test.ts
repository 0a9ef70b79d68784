import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import app, { servicePrefixes } from '../../server/app.js';
import { loadConfig, loggerOptions } from '../../server/config.js';
import type { DatabaseHandle } from '../../server/db/client.js';
import requestLog from '../../server/plugins/request-log.js';
import { openTestDatabase } from './helpers/test-app.js';

/**
 * Issue 13 point 16: the server as main.ts builds it (its logger options, Fastify's own request
 * logging off, the request-log plugin), writing into memory that claims to be a terminal or not.
 */

interface Running {
    fastify: FastifyInstance;
    database: DatabaseHandle;
    output: string[];
}

let running: Running | undefined;
afterEach(async () => {
    await running?.fastify.close();
    await running?.database.close();
    running = undefined;
});

async function start(isTTY: boolean, level: string): Promise<Running> {
    const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: level,
        PUBLIC_URL: 'http://127.0.0.1:8080',
        STATIC_DIR: './tests/api/helpers/static-fixture',
        VERSION_ID: 'test-build',
    });
    const output: string[] = [];
    const destination = { isTTY, write: (text: string) => void output.push(text) };
    const database = await openTestDatabase();
    const fastify = Fastify({
        logger: loggerOptions(config, destination),
        logController: new LogController({ disableRequestLogging: true }),
    });
    await fastify.register(requestLog, { servicePrefixes: Object.values(servicePrefixes) });
    await fastify.register(app, { config, database });
    await fastify.ready();
    running = { fastify, database, output };
    return running;
}

const linesOf = (output: string[]) => output.join('').split('\n').filter(Boolean);

describe('console logs (issue 13 point 16)', () => {
    it('writes one readable line per request on a terminal', async () => {
        const { fastify, output } = await start(true, 'info');
        output.length = 0;
        const answer = await fastify.inject({ method: 'GET', url: '/api/no-such-route' });
        expect(answer.statusCode).toBe(404);
        const lines = linesOf(output).filter((line) => line.includes('/api/no-such-route'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
            /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/no-such-route 404 \d+ ms \[req-[0-9a-z]+\]$/,
        );
        expect(output.join('')).not.toContain('{');
    });

    it('writes JSON records, one per request, when the output is not a terminal', async () => {
        const { fastify, output } = await start(false, 'info');
        output.length = 0;
        await fastify.inject({ method: 'GET', url: '/api/no-such-route' });
        const records = linesOf(output).map((line) => JSON.parse(line) as Record<string, unknown>);
        const requestRecords = records.filter((record) => record.url === '/api/no-such-route');
        expect(requestRecords).toHaveLength(1);
        expect(requestRecords[0]).toMatchObject({
            level: 30,
            msg: 'request completed',
            method: 'GET',
            statusCode: 404,
        });
        expect(typeof requestRecords[0]?.reqId).toBe('string');
    });

    it('logs successful requests for static files and pages at debug level, failures at info', async () => {
        const { fastify, output } = await start(false, 'debug');
        output.length = 0;
        expect((await fastify.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(
            200,
        );
        expect((await fastify.inject({ method: 'GET', url: '/users/backoffice' })).statusCode).toBe(
            200,
        );
        expect(
            (await fastify.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode,
        ).toBe(404);
        const records = linesOf(output).map((line) => JSON.parse(line) as Record<string, unknown>);
        const levelOf = (url: string) =>
            records.filter((record) => record.url === url).map((record) => record.level);
        expect(levelOf('/assets/app.js')).toEqual([20]);
        expect(levelOf('/users/backoffice')).toEqual([20]);
        expect(levelOf('/assets/missing.js')).toEqual([30]);
    });

    it('leaves successful static requests out of the console at the default level', async () => {
        const { fastify, output } = await start(true, 'info');
        output.length = 0;
        await fastify.inject({ method: 'GET', url: '/assets/app.js' });
        await fastify.inject({ method: 'GET', url: '/' });
        expect(output).toEqual([]);
    });
});
