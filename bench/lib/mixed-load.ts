// The mixed authenticated read load of issue 12: a fixed number of keep-alive connections, each a
// closed loop (one request at a time) rotating over the reads an organisation admin and a
// platform admin make, for a fixed duration after an unmeasured warm-up. Stops by itself.
import { Agent, request } from 'node:http';
import { percentile, round } from './load.js';
import type { DemoLogin } from './server-process.js';
import { runWrk, wrkVersion, type WrkResult } from './wrk.js';

interface MixedEndpoint {
    name: string;
    /** Who asks: the organisation admin or the platform admin. */
    as: 'organisationAdmin' | 'admin';
    /** Path and query, without the origin. */
    path: string;
    /** One record (the budget of single-record reads). */
    singleRecord: boolean;
}

/** Figures of a closed-loop load: count, failures, throughput and latency percentiles. */
export interface MixedSummary {
    requests: number;
    errors: number;
    requestsPerSecond: number;
    p50Ms: number;
    p90Ms: number;
    p99Ms: number;
    maxMs: number;
}

export interface MixedLoadResult {
    connections: number;
    seconds: number;
    warmupSeconds: number;
    acceptEncoding: string;
    organisationAdmin: string;
    admin: string;
    tenantId: string;
    endpoints: Record<string, { path: string; as: string; singleRecord: boolean }>;
    total: MixedSummary;
    singleRecordReads: MixedSummary;
    perEndpoint: Record<string, MixedSummary>;
    /** A few failed answers (status and the start of the body), to explain errors. */
    errorSamples: string[];
    /**
     * The same load driven by wrk, when installed (the budgets use it: the Node client above
     * takes CPU from the server on this 2-core machine); whole-load figures only.
     */
    wrk: WrkResult | { skipped: string };
}

/** What Chromium sends: the server compresses the larger answers as it would for the app. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const SIGN_IN_HEADERS = {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
};

/** Cognito-compatible password sign-in; the access token. */
export async function signIn(baseUrl: string, login: DemoLogin): Promise<string> {
    const response = await fetch(`${baseUrl}/cognito-idp/`, {
        method: 'POST',
        headers: SIGN_IN_HEADERS,
        body: JSON.stringify({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: 'backoffice-web',
            AuthParameters: { USERNAME: login.email, PASSWORD: login.password },
        }),
    });
    const body = (await response.json()) as { AuthenticationResult?: { AccessToken: string } };
    const token = body.AuthenticationResult?.AccessToken;
    if (!token)
        throw new Error(
            `sign-in of ${login.role} <${login.email}> failed: ${response.status} ${JSON.stringify(body)}`,
        );
    return token;
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok)
        throw new Error(`GET ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return (await response.json()) as T;
}

/**
 * The reads, with real ids from the demo data: the organisation admin's profile, depot list
 * and one depot, roles, tenant configuration and scope tree (the pages of the organisation
 * view); the platform admin's profile, depot list, back-office user list and one user, and
 * organisation list (the administration view), in the shape the browser's data providers send.
 */
async function endpointsOf(
    baseUrl: string,
    tokens: Record<MixedEndpoint['as'], string>,
): Promise<{ tenantId: string; endpoints: MixedEndpoint[] }> {
    const me = await getJson<{ tenants?: { id: string }[] }>(
        baseUrl,
        '/api/users/me',
        tokens.organisationAdmin,
    );
    const tenantId = me.tenants?.[0]?.id;
    if (!tenantId) throw new Error('the organisation admin has no organisation');
    const tenant = encodeURIComponent(tenantId);
    const range = q([0, 24]);
    const tenantDepots = `/tenant-admin/v1/tenants/${tenant}/depots`;
    const [depot] = await getJson<{ id: string }[]>(
        baseUrl,
        `${tenantDepots}?range=${q([0, 0])}`,
        tokens.organisationAdmin,
    );
    if (!depot) throw new Error(`organisation ${tenantId} has no depot`);
    const users = await getJson<{ content: { id: string }[] }>(
        baseUrl,
        '/api/v2/users?context=admin&page=0&size=1&sort=lastName,asc',
        tokens.admin,
    );
    const user = users.content[0];
    if (!user) throw new Error('no back-office user');
    const read = (name: string, as: MixedEndpoint['as'], path: string): MixedEndpoint => ({
        name,
        as,
        path,
        singleRecord: /Read$|UsersMe$|TenantConfiguration$/.test(name),
    });
    const endpoints = [
        read('orgAdminUsersMe', 'organisationAdmin', '/api/users/me'),
        read(
            'orgAdminDepotList',
            'organisationAdmin',
            `${tenantDepots}?filter=${q({})}&range=${range}&sort=${q(['externalDepotId', 'ASC'])}`,
        ),
        read(
            'orgAdminDepotRead',
            'organisationAdmin',
            `/tenant-admin/v1/depots/${encodeURIComponent(depot.id)}`,
        ),
        read(
            'orgAdminRoleList',
            'organisationAdmin',
            `/api/roles?filter=${q({ tenantId })}&range=${range}&sort=${q(['name', 'ASC'])}`,
        ),
        read(
            'orgAdminTenantConfiguration',
            'organisationAdmin',
            `/api/tenant-configuration/${encodeURIComponent(tenantId.replaceAll('_', '-'))}`,
        ),
        read('orgAdminScopes', 'organisationAdmin', '/api/scopes?level=5'),
        read('adminUsersMe', 'admin', '/api/users/me'),
        read(
            'adminDepotList',
            'admin',
            `/tenant-admin/v1/depots?sort=${q(['name', 'ASC'])}&range=${range}`,
        ),
        read(
            'adminBackOfficeUserList',
            'admin',
            '/api/v2/users?context=admin&page=0&size=25&sort=lastName,asc',
        ),
        read('adminBackOfficeUserRead', 'admin', `/api/users/${encodeURIComponent(user.id)}`),
        read(
            'adminOrganisationList',
            'admin',
            `/tenant-admin/v1/tenants?filter=${q({})}&range=${range}&sort=${q(['name', 'ASC'])}`,
        ),
    ];
    return { tenantId, endpoints };
}

function summarize(latencies: number[], errors: number, seconds: number): MixedSummary {
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
        requests: latencies.length,
        errors,
        requestsPerSecond: Math.round(latencies.length / seconds),
        p50Ms: round(percentile(sorted, 50)),
        p90Ms: round(percentile(sorted, 90)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1) ?? 0),
    };
}

interface Answer {
    status: number;
    body: string;
}

/**
 * Runs the closed loop for `ms` milliseconds: `connections` workers, each sending its next
 * request when the previous answer is read; the endpoints in turn. Stops by itself.
 */
async function closedLoop(
    url: URL,
    endpoints: MixedEndpoint[],
    tokens: Record<MixedEndpoint['as'], string>,
    connections: number,
    ms: number,
    record: (index: number, elapsedMs: number, answer: Answer) => void,
): Promise<number> {
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const send = (endpoint: MixedEndpoint) =>
        new Promise<Answer>((resolve, reject) => {
            const outgoing = request(
                {
                    agent,
                    host: url.hostname,
                    port: url.port,
                    path: endpoint.path,
                    headers: {
                        authorization: `Bearer ${tokens[endpoint.as]}`,
                        'accept-encoding': ACCEPT_ENCODING,
                    },
                    timeout: 30_000,
                },
                (response) => {
                    const chunks: Buffer[] = [];
                    response.on('data', (chunk: Buffer) => chunks.push(chunk));
                    response.on('end', () =>
                        resolve({
                            status: response.statusCode ?? 0,
                            body:
                                response.statusCode === 200 ? '' : Buffer.concat(chunks).toString(),
                        }),
                    );
                    response.on('error', reject);
                },
            );
            outgoing.on('timeout', () => outgoing.destroy(new Error('timeout after 30 s')));
            outgoing.on('error', reject);
            outgoing.end();
        });
    let next = 0;
    const started = performance.now();
    const deadline = started + ms;
    const worker = async () => {
        while (performance.now() < deadline) {
            const index = next++ % endpoints.length;
            const endpoint = endpoints[index];
            if (!endpoint) continue;
            const t0 = performance.now();
            let answer: Answer;
            try {
                answer = await send(endpoint);
            } catch (error) {
                answer = { status: 0, body: String(error) };
            }
            record(index, performance.now() - t0, answer);
        }
    };
    try {
        await Promise.all(Array.from({ length: connections }, worker));
    } finally {
        agent.destroy();
    }
    return performance.now() - started;
}

/**
 * The mixed read load against a running server: signs in the organisation admin and the
 * platform admin, checks that every URL answers 200 (throws otherwise), warms up, then measures.
 */
export async function measureMixedLoad(
    baseUrl: string,
    logins: { organisationAdmin: DemoLogin; admin: DemoLogin },
    options: { seconds: number; connections?: number; warmupSeconds?: number },
): Promise<MixedLoadResult> {
    const connections = options.connections ?? 8;
    const warmupSeconds = options.warmupSeconds ?? Math.min(5, Math.max(1, options.seconds / 6));
    const tokens = {
        organisationAdmin: await signIn(baseUrl, logins.organisationAdmin),
        admin: await signIn(baseUrl, logins.admin),
    };
    const { tenantId, endpoints } = await endpointsOf(baseUrl, tokens);
    for (const endpoint of endpoints) {
        const response = await fetch(`${baseUrl}${endpoint.path}`, {
            headers: { authorization: `Bearer ${tokens[endpoint.as]}` },
        });
        const body = await response.text();
        if (response.status !== 200)
            throw new Error(
                `mixed load: ${endpoint.name} (GET ${endpoint.path} as ${endpoint.as}) answered ${response.status}: ${body.slice(0, 300)}`,
            );
    }
    const url = new URL(baseUrl);
    console.log(`bench: mixed reads, warm-up ${warmupSeconds} s`);
    await closedLoop(url, endpoints, tokens, connections, warmupSeconds * 1000, () => {});
    console.log(
        `bench: mixed reads, ${connections} connections, ${options.seconds} s, ${endpoints.length} endpoints`,
    );
    const latencies = endpoints.map((): number[] => []);
    const errors = endpoints.map(() => 0);
    const errorSamples: string[] = [];
    const elapsedMs = await closedLoop(
        url,
        endpoints,
        tokens,
        connections,
        options.seconds * 1000,
        (index, ms, answer) => {
            latencies[index]?.push(ms);
            if (answer.status !== 200) {
                errors[index] = (errors[index] ?? 0) + 1;
                if (errorSamples.length < 10)
                    errorSamples.push(
                        `${endpoints[index]?.name}: ${answer.status} ${answer.body.slice(0, 200)}`,
                    );
            }
        },
    );
    const seconds = elapsedMs / 1000;
    let wrk: MixedLoadResult['wrk'] = { skipped: 'wrk is not installed (apt-get install wrk)' };
    if (wrkVersion()) {
        console.log(
            `bench: mixed reads driven by wrk, ${connections} connections, ${options.seconds} s`,
        );
        wrk = await runWrk(
            baseUrl,
            endpoints.map((endpoint) => ({
                path: endpoint.path,
                headers: {
                    Authorization: `Bearer ${tokens[endpoint.as]}`,
                    'Accept-Encoding': ACCEPT_ENCODING,
                },
            })),
            connections,
            options.seconds,
        );
    }
    const perEndpoint: Record<string, MixedSummary> = {};
    endpoints.forEach((endpoint, index) => {
        perEndpoint[endpoint.name] = summarize(latencies[index] ?? [], errors[index] ?? 0, seconds);
    });
    const pick = (filter: (endpoint: MixedEndpoint) => boolean) => {
        const chosen = endpoints.map((endpoint, index) => ({ endpoint, index }));
        const selected = chosen.filter(({ endpoint }) => filter(endpoint));
        return summarize(
            selected.flatMap(({ index }) => latencies[index] ?? []),
            selected.reduce((sum, { index }) => sum + (errors[index] ?? 0), 0),
            seconds,
        );
    };
    return {
        connections,
        seconds: round(seconds),
        warmupSeconds,
        acceptEncoding: ACCEPT_ENCODING,
        organisationAdmin: logins.organisationAdmin.email,
        admin: logins.admin.email,
        tenantId,
        endpoints: Object.fromEntries(
            endpoints.map((endpoint) => [
                endpoint.name,
                { path: endpoint.path, as: endpoint.as, singleRecord: endpoint.singleRecord },
            ]),
        ),
        total: pick(() => true),
        singleRecordReads: pick((endpoint) => endpoint.singleRecord),
        perEndpoint,
        errorSamples,
        wrk,
    };
}
