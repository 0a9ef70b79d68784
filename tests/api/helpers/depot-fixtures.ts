import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, ne } from 'drizzle-orm';
import type { Database } from '../../../server/db/client.js';
import { depotGroups, depots, users } from '../../../server/db/schema/index.js';
import type { DemoApp, DemoResponse } from './demo-app.js';

/**
 * Shared pieces of the depot API tests: a fake Nominatim-compatible geocoder on 127.0.0.1, a
 * request helper, and the demo organisations' regions and depots.
 */

export interface FakeGeocoder {
    url: string;
    queries: URLSearchParams[];
    close(): Promise<void>;
}

/** Answers `[{lat, lon}]` for every query except those containing "Nowhere" (no hit) or "Broken" (500). */
export async function startFakeGeocoder(): Promise<FakeGeocoder> {
    const queries: URLSearchParams[] = [];
    const server: Server = createServer((request, response) => {
        const params = new URL(request.url ?? '/', 'http://localhost').searchParams;
        queries.push(params);
        const q = params.get('q') ?? '';
        if (q.includes('Broken')) {
            response.writeHead(500).end();
            return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
            JSON.stringify(
                q.includes('Nowhere') ? [] : [{ lat: '53.5511', lon: '9.9937', display_name: q }],
            ),
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}/search`,
        queries,
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}

export type Send = <T = unknown>(
    method: 'POST' | 'PUT',
    url: string,
    token: string,
    payload: unknown,
    contentType?: string,
) => Promise<DemoResponse<T>>;

export function sender(demo: DemoApp): Send {
    return async <T>(
        method: 'POST' | 'PUT',
        url: string,
        token: string,
        payload: unknown,
        contentType = 'application/json',
    ) => {
        const response = await demo.app.inject({
            method,
            url,
            headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
            payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        return { status: response.statusCode, body: response.json<T>(), headers: response.headers };
    };
}

/** The token and organisation of the demo login with this role name. */
export async function loginOf(
    demo: DemoApp,
    role: string,
): Promise<{ token: string; email: string; tenantId: string }> {
    const login = demo.logins.find((candidate) => candidate.role === role);
    if (!login) throw new Error(`no demo login for ${role}`);
    const [user] = await demo.db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, login.email));
    return {
        token: await demo.signIn(login.email),
        email: login.email,
        tenantId: user?.tenantId ?? '',
    };
}

export async function regionsOf(db: Database, tenantId: string) {
    return db
        .select({ id: depotGroups.id, name: depotGroups.name })
        .from(depotGroups)
        .where(eq(depotGroups.tenantId, tenantId))
        .orderBy(depotGroups.name);
}

export async function depotsOf(db: Database, tenantId: string) {
    return db
        .select()
        .from(depots)
        .where(eq(depots.tenantId, tenantId))
        .orderBy(depots.internalDepotId);
}

export async function otherTenantDepot(db: Database, tenantId: string) {
    const [row] = await db.select().from(depots).where(ne(depots.tenantId, tenantId)).limit(1);
    if (!row) throw new Error('no depot of another organisation');
    return row;
}

let counter = 0;
/** A fresh external depot id / mapping id suffix per call. */
export const fresh = () =>
    `X${String(++counter).padStart(4, '0')}${Math.random().toString(36).slice(2, 6)}`;
