import {
    QueryCache,
    type DefaultError,
    type Query,
    type QueryClient,
    type QueryKey,
    type QueryOptions,
    type QueryState,
    hashKey,
} from '@tanstack/react-query';
import { canAccessAction } from './access';
import { identityOf, loadedProfile } from './authProvider';

/**
 * The answer of one of react-admin's auth queries, computed on the spot from the loaded
 * profile (the same computation as the auth provider's), or undefined when it cannot be.
 */
function instantAnswer(key: QueryKey): unknown {
    if (key[0] !== 'auth') return undefined;
    const profile = loadedProfile();
    if (!profile) return undefined;
    switch (key[1]) {
        case 'checkAuth':
            return true;
        case 'getIdentity':
            return identityOf(profile);
        case 'getPermissions':
            return profile.actions;
        case 'canAccess': {
            const params = key[2] as { action?: unknown; resource?: unknown } | undefined;
            if (typeof params?.action !== 'string' || typeof params.resource !== 'string')
                return undefined;
            return canAccessAction(
                profile.actions,
                params.resource,
                params.action,
                window.location.pathname,
            );
        }
        default:
            return undefined;
    }
}

/** react-admin's read methods of the data provider: the second element of their query keys. */
const DATA_PROVIDER_READS = new Set(['getList', 'getOne', 'getMany', 'getManyReference']);

/**
 * Whether a query just created for `options` is a data-provider read its observer will fetch on
 * mount: enabled, with a query function, without data.
 */
function fetchesOnMount(
    query: { state: { data: unknown } },
    options: { queryKey: QueryKey; queryFn?: unknown; enabled?: unknown },
): boolean {
    if (!DATA_PROVIDER_READS.has(String(options.queryKey[1]))) return false;
    // A function (react-query's skipToken is a symbol).
    if (typeof options.queryFn !== 'function' || query.state.data !== undefined) return false;
    const { enabled } = options;
    return (
        (typeof enabled === 'function' ? (enabled as (q: unknown) => unknown)(query) : enabled) !==
        false
    );
}

/**
 * react-admin asks its auth provider through queries (session check, identity, permissions,
 * one access check per resource and action), and a query's first answer always comes after a
 * render: each page would render empty once, then again. Once the profile is loaded every
 * answer is known, so a new auth query starts with it as its initial data (react-query still
 * refetches it in the background, through the auth provider): pages render their content in
 * their first pass, and a list's request starts at once.
 *
 * A data-provider read (a list page's rows, a record) starts its request when its query is
 * created, in the render that asks for it, instead of when the component mounts: the first
 * render of a page is its most expensive (on a cold load the shell and the page render in one
 * pass of about half a second here), and the server answers while the rest of it renders. The
 * observer that subscribes on mount finds the request in flight and waits for it (react-query
 * starts one request per query); a render that is thrown away leaves the answer in the cache.
 */
export class AuthQueryCache extends QueryCache {
    /** The path each instant answer was computed on (an access check depends on it). */
    private readonly answeredPaths = new WeakMap<object, string>();

    /** The path `query`'s instant answer was computed on, if it has one. */
    answeredOn(query: object): string | undefined {
        return this.answeredPaths.get(query);
    }

    override build<
        TQueryFnData = unknown,
        TError = DefaultError,
        TData = TQueryFnData,
        TQueryKey extends QueryKey = QueryKey,
    >(
        client: QueryClient,
        options: QueryOptions<TQueryFnData, TError, TData, TQueryKey> & { queryKey: TQueryKey },
        state?: QueryState<TData, TError>,
    ): Query<TQueryFnData, TError, TData, TQueryKey> {
        const hash = options.queryHash ?? (options.queryKeyHashFn ?? hashKey)(options.queryKey);
        const created = !state && !this.get(hash);
        const answer = created ? instantAnswer(options.queryKey) : undefined;
        if (answer === undefined) {
            const query = super.build(client, options, state);
            if (created && fetchesOnMount(query, options))
                query.fetch(options).catch(() => undefined);
            return query;
        }
        const query = super.build(
            client,
            { ...options, initialData: answer as TData, initialDataUpdatedAt: Date.now() },
            state,
        );
        if (typeof location !== 'undefined') this.answeredPaths.set(query, location.pathname);
        return query;
    }
}

/**
 * How long an auth answer computed from the loaded profile counts as fresh. react-admin asks
 * for the session check and access checks without a stale time, so every component mounting one
 * would ask the auth provider again at once for the answer just computed, and re-render the
 * shell when it arrives (on a cold load: one more pass before the page's rows). An access check
 * depends on the page's context (its path), which its query key does not hold: its answer is
 * kept only on the path it was computed for. Later mounts ask again as before.
 */
const INSTANT_ANSWER_FRESH_MS = 10_000;

/** Lets `client`'s session and access checks keep an instant answer for INSTANT_ANSWER_FRESH_MS. */
export function keepInstantAnswers(client: QueryClient): void {
    const cache = client.getQueryCache();
    client.setQueryDefaults(['auth', 'checkAuth'], { staleTime: INSTANT_ANSWER_FRESH_MS });
    client.setQueryDefaults(['auth', 'canAccess'], {
        staleTime: (query) =>
            cache instanceof AuthQueryCache &&
            typeof location !== 'undefined' &&
            cache.answeredOn(query) === location.pathname
                ? INSTANT_ANSWER_FRESH_MS
                : 0,
    });
}
