import {
    QueryCache,
    type DefaultError,
    type Query,
    type QueryClient,
    type QueryKey,
    type QueryOptions,
    type QueryState,
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

/**
 * react-admin asks its auth provider through queries (session check, identity, permissions,
 * one access check per resource and action), and a query's first answer always comes after a
 * render: each page would render empty once, then again. Once the profile is loaded every
 * answer is known, so a new auth query starts with it as its initial data (react-query still
 * refetches it in the background, through the auth provider): pages render their content in
 * their first pass, and a list's request starts at once.
 */
export class AuthQueryCache extends QueryCache {
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
        const answer = state ? undefined : instantAnswer(options.queryKey);
        if (answer === undefined) return super.build(client, options, state);
        return super.build(
            client,
            { ...options, initialData: answer as TData, initialDataUpdatedAt: Date.now() },
            state,
        );
    }
}
