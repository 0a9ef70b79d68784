// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthQueryCache } from '../../src/authQueryCache';

const clients: QueryClient[] = [];
function client() {
    const created = new QueryClient({
        queryCache: new AuthQueryCache(),
        defaultOptions: { queries: { retry: false } },
    });
    clients.push(created);
    return created;
}
afterEach(() => {
    for (const created of clients.splice(0)) created.clear();
});

const listKey = ['depots', 'getList', { pagination: { page: 1, perPage: 25 } }] as const;

describe('AuthQueryCache: a data-provider read starts when its query is created', () => {
    it('calls the query function while the query is built, once, also after an observer subscribes', async () => {
        const queryClient = client();
        const queryFn = vi.fn(async () => ({ data: [], total: 0 }));
        const observer = new QueryObserver(queryClient, { queryKey: listKey, queryFn });
        // Built in the observer's constructor, as during a render: the request is already out.
        expect(queryFn).toHaveBeenCalledTimes(1);
        const unsubscribe = observer.subscribe(() => undefined);
        await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
        expect(queryFn).toHaveBeenCalledTimes(1);
        unsubscribe();
    });

    it('leaves disabled reads, other queries and existing queries alone', async () => {
        const queryClient = client();
        const disabled = vi.fn(async () => ({ data: [] }));
        new QueryObserver(queryClient, { queryKey: listKey, queryFn: disabled, enabled: false });
        const disabledByFunction = vi.fn(async () => ({ data: [] }));
        new QueryObserver(queryClient, {
            queryKey: ['depots', 'getOne', { id: 'x' }],
            queryFn: disabledByFunction,
            enabled: () => false,
        });
        const custom = vi.fn(async () => 1);
        new QueryObserver(queryClient, { queryKey: ['depots', 'statistics'], queryFn: custom });
        expect(disabled).not.toHaveBeenCalled();
        expect(disabledByFunction).not.toHaveBeenCalled();
        expect(custom).not.toHaveBeenCalled();

        // A read that failed is not fetched again by the next render's build.
        const failing = vi.fn(async () => {
            throw new Error('refused');
        });
        const key = ['tenants', 'getList', {}];
        await queryClient.prefetchQuery({ queryKey: key, queryFn: failing });
        expect(failing).toHaveBeenCalledTimes(1);
        new QueryObserver(queryClient, { queryKey: key, queryFn: failing, retryOnMount: false });
        expect(failing).toHaveBeenCalledTimes(1);
    });
});
