// `npm run bench`: measures the performance budgets of ARCHITECTURE.md and writes them as JSON
// to bench/results/. Bounded: every load has a fixed request count and the servers are stopped.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { entryChunks } from './lib/bundle.js';
import { measure } from './lib/load.js';
import { startServer } from './lib/server-process.js';
import { measureBrowser } from './lib/browser.js';
import { measureUsersList } from './lib/users-list.js';

const results: Record<string, unknown> = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
};

console.log('bench: building the browser app');
const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(1);
const bundle = entryChunks('dist');
results.signInFirstChunk = bundle;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
try {
    console.log('bench: cold start on a new data directory (migrations + demo seed)');
    const fresh = await startServer({ DATA_DIR: dataDir });
    const adminLine = fresh.stdout.split('\n').find((line) => /^\s+Admin\s/.test(line));
    await fresh.stop();
    console.log('bench: cold start on the existing data directory');
    // The per-IP sign-in limit is lifted so the sign-in throughput can be measured from one address.
    const server = await startServer({
        DATA_DIR: dataDir,
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
    });
    results.coldStartMs = {
        newDataDir: Math.round(fresh.readyAfterMs),
        existingDataDir: Math.round(server.readyAfterMs),
    };
    try {
        const [, email, password] = adminLine?.trim().split(/\s{2,}/) ?? [];
        if (!email || !password)
            throw new Error(`no demo admin login in the server output:\n${fresh.stdout}`);
        const signInRequest: RequestInit = {
            method: 'POST',
            headers: {
                'content-type': 'application/x-amz-json-1.1',
                'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
            },
            body: JSON.stringify({
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: 'backoffice-web',
                AuthParameters: { USERNAME: email, PASSWORD: password },
            }),
        };
        const signIn = await fetch(`${server.url}/cognito-idp/`, signInRequest);
        const token = ((await signIn.json()) as { AuthenticationResult?: { AccessToken: string } })
            .AuthenticationResult?.AccessToken;
        if (!token) throw new Error('demo admin sign-in failed');
        const auth = { headers: { authorization: `Bearer ${token}` } };
        const firstDepot = (
            (await (
                await fetch(`${server.url}/tenant-admin/v1/depots?range=[0,0]`, auth)
            ).json()) as { id: string }[]
        )[0]?.id;
        const urls = {
            usersMe: `${server.url}/api/users/me`,
            depotList: `${server.url}/tenant-admin/v1/depots?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,24]')}`,
            depotRead: `${server.url}/tenant-admin/v1/depots/${firstDepot}`,
        };
        // Concurrency 1 is the latency of one request (the budget: single-record read p99 < 10 ms);
        // concurrency 8 shows how latency grows under a bounded load on this 2-core machine.
        const api: Record<string, unknown> = {};
        for (const concurrency of [1, 8]) {
            console.log(`bench: loopback load (1000 requests each, concurrency ${concurrency})`);
            const latencies: Record<string, unknown> = {};
            for (const [name, url] of Object.entries(urls))
                latencies[name] = await measure(url, auth, 1000, concurrency);
            api[`concurrency${concurrency}`] = latencies;
        }
        results.api = api;
        console.log(
            'bench: sign-in (password step, Argon2id 19 MiB, t=2): 200 requests, concurrency 4',
        );
        results.signInPasswordStep = {
            hash: 'argon2id m=19456 t=2 p=1',
            ...(await measure(`${server.url}/cognito-idp/`, signInRequest, 200, 4, 10)),
        };
        console.log('bench: browser (headless Chromium, cold cache)');
        results.browser = await measureBrowser(server.url, email, password, 'dist');
    } finally {
        await server.stop();
    }
} finally {
    rmSync(dataDir, { recursive: true, force: true });
}

// The back-office user list with 50,000 users (PGlite; PostgreSQL when BENCH_DATABASE_URL is set).
results.usersList = await measureUsersList();

mkdirSync('bench/results', { recursive: true });
const file = `bench/results/bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
const text = JSON.stringify(results, null, 2);
writeFileSync(file, text);
writeFileSync('bench/results/latest.json', text);
console.log(text);
console.log(`bench: written to ${file}`);
