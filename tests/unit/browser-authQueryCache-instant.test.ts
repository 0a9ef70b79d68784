// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/authProvider', () => ({
    loadedProfile: () => ({ actions: [] }),
    identityOf: () => ({ id: 'user-1' }),
}));

vi.mock('../../src/access', () => ({ canAccessAction: () => true }));

const { AuthQueryCache, keepInstantAnswers } = await import('../../src/authQueryCache');

const clients: QueryClient[] = [];
function client(keep: boolean) {
    const created = new QueryClient({ queryCache: new AuthQueryCache() });
    if (keep) keepInstantAnswers(created);
    clients.push(created);
    return created;
}
afterEach(() => {
    for (const created of clients.splice(0)) created.clear();
});

/** Mounts an observer of react-admin's session check (no stale time, as react-admin asks). */
async function mountSessionCheck(queryClient: QueryClient) {
    const queryFn = vi.fn(async () => true);
    const observer = new QueryObserver(queryClient, {
        queryKey: ['auth', 'checkAuth', {}],
        queryFn,
        retry: false,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    unsubscribe();
    return { queryFn, result: observer.getCurrentResult() };
}

describe('AuthQueryCache: answers computed from the loaded profile', () => {
    it('are not asked for again when the component asking for them mounts', async () => {
        const { queryFn, result } = await mountSessionCheck(client(true));
        expect(result.data).toBe(true);
        expect(queryFn).not.toHaveBeenCalled();
    });

    it('were asked for again at once without keepInstantAnswers (what it saves)', async () => {
        const { queryFn } = await mountSessionCheck(client(false));
        expect(queryFn).toHaveBeenCalledTimes(1);
    });

    it('keep an access check only on the path it was computed for (the context is in the path)', async () => {
        const queryClient = client(true);
        const key = ['auth', 'canAccess', { action: 'list', resource: 'depots' }];
        const mount = async () => {
            const queryFn = vi.fn(async () => false);
            const observer = new QueryObserver(queryClient, {
                queryKey: key,
                queryFn,
                retry: false,
            });
            const unsubscribe = observer.subscribe(() => undefined);
            await new Promise((resolve) => setTimeout(resolve, 20));
            unsubscribe();
            return queryFn;
        };
        window.history.pushState({}, '', '/tenant/a/configurations/depots');
        expect(await mount()).not.toHaveBeenCalled();
        window.history.pushState({}, '', '/tenant/b/configurations/depots');
        expect(await mount()).toHaveBeenCalledTimes(1);
    });
});
