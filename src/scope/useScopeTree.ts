import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ScopeNode } from '../../domain/contracts/scopes';
import type { AppDataProvider } from '../dataProviders';

/**
 * The user's scope tree (`GET /api/scopes`), `level` levels deep, kept for the session. A load
 * failure is only logged (shell §8) and leaves no tree (null); the next use asks again.
 */
export function useScopeTree(level: number, options: { enabled?: boolean } = {}) {
    const dataProvider = useDataProvider<AppDataProvider>();
    return useQuery<ScopeNode | null>({
        queryKey: ['app', 'scopes', level],
        queryFn: async () => {
            try {
                return await dataProvider.getScopes({ level });
            } catch (error) {
                console.warn('The scope tree could not be loaded', error);
                return null;
            }
        },
        staleTime: (query) => (query.state.data === null ? 0 : Infinity),
        gcTime: Infinity,
        enabled: options.enabled ?? true,
    });
}
