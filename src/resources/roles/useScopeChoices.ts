import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProviders';
import { scopeChoices, type ScopeChoice } from './roleActions';

/** The organisation's scope tree as choices for the visibility path (`GET /api/scopes?path=<tenantId>`). */
export function useScopeChoices(tenantId: string): { choices: ScopeChoice[]; isPending: boolean } {
    const dataProvider = useDataProvider<AppDataProvider>();
    const { data, isPending } = useQuery({
        queryKey: ['scopes', 'roles', tenantId],
        queryFn: () => dataProvider.getScopes({ path: tenantId }),
        enabled: tenantId !== '',
        staleTime: 5 * 60_000,
    });
    return { choices: scopeChoices(data, tenantId), isPending };
}
