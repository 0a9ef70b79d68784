import { HttpError } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import {
    createHttpClient,
    dropEmptyQueryParameters,
    type HttpClientDeps,
} from '../../src/dataProviders/httpClient';

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
    return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
    });
}

function setup(
    responses: Response[],
    tokens: (string | undefined | Error)[] = ['token-1', 'token-2'],
) {
    const requests: { url: string; headers: Headers }[] = [];
    const deps: HttpClientDeps = {
        fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
            requests.push({ url: String(input), headers: new Headers(init?.headers) });
            const response = responses.shift();
            if (!response) throw new Error('no more responses');
            return response;
        }),
        getAccessToken: vi.fn(async () => {
            const token = tokens.shift();
            if (token instanceof Error) throw token;
            return token;
        }),
        onSessionLost: vi.fn(async () => undefined),
        onVersionId: vi.fn(),
        language: () => 'sv',
    };
    return { client: createHttpClient(deps), deps, requests };
}

describe('dropEmptyQueryParameters', () => {
    it('drops parameters without a value and keeps the rest', () => {
        expect(dropEmptyQueryParameters('/api/distributionCenters?path=&level=5')).toBe(
            '/api/distributionCenters?level=5',
        );
        expect(dropEmptyQueryParameters('/api/scopes?path=')).toBe('/api/scopes');
        expect(dropEmptyQueryParameters('/api/users/me')).toBe('/api/users/me');
        expect(dropEmptyQueryParameters('/x?a=1&a=&b=2#top')).toBe('/x?a=1&b=2#top');
    });
});

describe('httpClient', () => {
    it('announces no content type for a request without a body (a POST of an action, a GET)', async () => {
        const { client, requests } = setup([json(200, {}), json(200, {})]);
        await client('/api/v2/users/u1/invitation', { method: 'POST' });
        await client('/api/users/me');
        expect(requests.map((request) => request.headers.get('content-type'))).toEqual([
            null,
            null,
        ]);
    });

    it('sends the bearer access token and JSON headers, and records the version id', async () => {
        const { client, deps, requests } = setup([
            json(200, { id: 'u1' }, { 'x-version-id': 'build-2' }),
        ]);
        const response = await client('/api/users/me', { method: 'PUT', body: '{}' });
        expect(response.json).toEqual({ id: 'u1' });
        expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
        expect(requests[0]?.headers.get('content-type')).toBe('application/json');
        // The user's language, for the order of names (issue 13 point 11).
        expect(requests[0]?.headers.get('accept-language')).toBe('sv');
        expect(deps.onVersionId).toHaveBeenCalledWith('build-2');
    });

    it('goes on without a token when fetching one fails', async () => {
        const { client, requests } = setup([json(200, [])], [new Error('no session')]);
        await client('/api/distributionCenters');
        expect(requests[0]?.headers.has('authorization')).toBe(false);
    });

    it('refreshes the token once after a 401 and retries', async () => {
        const { client, deps, requests } = setup([
            json(401, { code: 'UNAUTHORIZED' }),
            json(200, { ok: true }),
        ]);
        const response = await client('/api/users/me');
        expect(response.json).toEqual({ ok: true });
        expect(deps.getAccessToken).toHaveBeenLastCalledWith(true);
        expect(requests[1]?.headers.get('authorization')).toBe('Bearer token-2');
        expect(deps.onSessionLost).not.toHaveBeenCalled();
    });

    it('ends the session when the retry is refused too', async () => {
        const { client, deps } = setup([
            json(401, { code: 'UNAUTHORIZED', message: 'expired' }),
            json(401, { code: 'UNAUTHORIZED', message: 'expired' }),
        ]);
        await expect(client('/api/users/me')).rejects.toMatchObject({ status: 401 });
        expect(deps.onSessionLost).toHaveBeenCalledExactlyOnceWith(['token-1', 'token-2']);
    });

    it('ends the session when no fresh token can be had', async () => {
        const { client, deps } = setup(
            [json(401, { code: 'UNAUTHORIZED' })],
            ['token-1', undefined],
        );
        await expect(client('/api/users/me')).rejects.toBeInstanceOf(HttpError);
        expect(deps.fetch).toHaveBeenCalledOnce();
        expect(deps.onSessionLost).toHaveBeenCalledExactlyOnceWith(['token-1', undefined]);
    });

    it('turns error envelopes into HttpErrors carrying the body', async () => {
        const envelope = { code: 'VERSION_CONFLICT', message: 'Changed meanwhile', details: [] };
        const { client } = setup([json(409, envelope)]);
        const error = await client('/tenant-admin/v1/depots/x', { method: 'PUT' }).catch(
            (caught: unknown) => caught,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({
            status: 409,
            message: 'Changed meanwhile',
            body: envelope,
            code: 'VERSION_CONFLICT',
            method: 'PUT',
            pageCode: null,
        });
    });

    it('gives an authorization failure a translated message and its error page, never the server text', async () => {
        const envelope = {
            code: 'NO_PERMISSION',
            message: 'You are not allowed to use this feature. (r:bo-user at t.DE.g.d)',
            details: [],
        };
        const { client } = setup([
            json(403, envelope),
            json(403, { ...envelope, code: 'CHANGE_SCOPE' }),
        ]);
        const read = await client('/api/v2/users').catch((caught: unknown) => caught);
        expect(read).toMatchObject({
            status: 403,
            message: 'app.error.refused.noPermission',
            body: envelope,
            method: 'GET',
            pageCode: 'noPermission',
        });
        const write = await client('/api/users', { method: 'POST' }).catch(
            (caught: unknown) => caught,
        );
        expect(write).toMatchObject({
            message: 'app.error.refused.changeScope',
            method: 'POST',
            pageCode: 'changeScope',
        });
    });

    it('sends a request with the stored token in the same task it is asked for (a query started in a render goes out at once)', async () => {
        const { deps } = setup([json(200, { ok: true })]);
        const client = createHttpClient({ ...deps, storedAccessToken: () => 'stored-token' });
        const pending = client('/api/distributionCenters');
        // Before any await: the request has already been handed to fetch.
        expect(deps.fetch).toHaveBeenCalledTimes(1);
        const init = vi.mocked(deps.fetch).mock.calls[0]?.[1];
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer stored-token');
        expect(deps.getAccessToken).not.toHaveBeenCalled();
        await expect(pending).resolves.toMatchObject({ status: 200 });
    });

    it('asks for a token when none is stored (expired or signed out)', async () => {
        const { deps, requests } = setup([json(200, {})]);
        const client = createHttpClient({ ...deps, storedAccessToken: () => undefined });
        const pending = client('/api/scopes');
        expect(deps.fetch).not.toHaveBeenCalled();
        await pending;
        expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    });
});
