import type { LightMyRequestResponse } from 'fastify';
import { generateDemoData } from '../../../server/demo/generate.js';
import { seedDemoIfEmpty, type DemoLogin } from '../../../server/demo/seed.js';
import type { DemoDataSet } from '../../../server/demo/types.js';
import { accessTokenFor } from './fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

export const DEMO_TEST_SEED = 'api-demo-seed';

/** What an authenticated GET answered: status, parsed JSON body and headers. */
export interface DemoResponse<T = unknown> {
    status: number;
    body: T;
    headers: LightMyRequestResponse['headers'];
}

export interface DemoApp extends TestApp {
    /** The generated data set of the seed (the same the server wrote), for passwords of any user. */
    data: DemoDataSet;
    /** The demo sign-ins `seedDemoIfEmpty` answered: one per technical role, then one per user type. */
    logins: DemoLogin[];
    /** Access token of each demo login, by e-mail. */
    tokens: Map<string, string>;
    /** Signs in any back-office user of the data set through the embedded endpoint (cached). */
    signIn(email: string): Promise<string>;
    /** GET with a bearer token. */
    get<T = unknown>(url: string, token: string): Promise<DemoResponse<T>>;
}

/**
 * The whole app on a fresh database seeded with the demo data of `seed` (3 organisations,
 * their depots and subcontractors, every technical role), with every demo login signed in
 * through the embedded Cognito endpoint. The per-IP sign-in limits are raised: every injected
 * request comes from 127.0.0.1.
 */
export async function createDemoApp(
    seed = DEMO_TEST_SEED,
    env: Record<string, string> = {},
): Promise<DemoApp> {
    const t = await createTestApp({
        IDENTITY_SIGN_IN_LIMIT_PER_MINUTE: '100000',
        IDENTITY_PASSWORD_LIMIT_PER_MINUTE: '100000',
        ...env,
    });
    try {
        const logins = await seedDemoIfEmpty(t.db, { seed, log: { info: () => undefined } });
        if (logins.length === 0) throw new Error('the demo data was not seeded');
        const data = generateDemoData(seed);
        const passwords = new Map(
            data.identities.flatMap((identity) =>
                identity.password
                    ? [[identity.username.toLowerCase(), identity.password] as const]
                    : [],
            ),
        );
        const tokens = new Map<string, string>();
        const signIn = async (email: string) => {
            const cached = tokens.get(email);
            if (cached) return cached;
            const password = passwords.get(email.toLowerCase());
            if (!password) throw new Error(`no demo password for ${email}`);
            const token = await accessTokenFor(t.app, email, t.config.identity.clientId, password);
            tokens.set(email, token);
            return token;
        };
        for (const login of logins) await signIn(login.email);
        const get = async <T>(url: string, token: string): Promise<DemoResponse<T>> => {
            const response = await t.app.inject({
                method: 'GET',
                url,
                headers: { authorization: `Bearer ${token}` },
            });
            return {
                status: response.statusCode,
                body: response.json<T>(),
                headers: response.headers,
            };
        };
        return { ...t, data, logins, tokens, signIn, get };
    } catch (error) {
        await t.close();
        throw error;
    }
}
