import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProviders';
import { useDistributionCenters } from '../customRoutes/depotSelection/useDistributionCenters';
import { useCurrentContext } from '../layout/useCurrentContext';
import {
    initialScope,
    scopeEventForRoute,
    scopeEventKey,
    tenantConfigurationToLoad,
    transitionScope,
    type SelectedScope,
} from './selectedScope';
import { tenantConfigurationQuery } from './scopeQueries';
import { SelectedScopeContext } from './useSelectedScope';
import { useUserProfile } from '../useUserProfile';

interface ScopeState {
    scope: SelectedScope;
    /** Key of the last route event applied. */
    applied: string;
}

/**
 * Holds the selected scope of this tab (React state: a second tab keeps its own) and keeps it
 * in line with the route's first segment and ids (shell §2.1, §4). The depot comes from the
 * user's depot list, its tenant's configuration is loaded when the tenant changes.
 */
export function SelectedScopeProvider({ children }: { children: ReactNode }) {
    const dataProvider = useDataProvider<AppDataProvider>();
    const route = useCurrentContext();
    const { profile } = useUserProfile();
    const onDepotRoute = route?.context === 'depot' && route.externalDepotId !== undefined;
    const centers = useDistributionCenters(undefined, { enabled: onDepotRoute });
    const [state, setState] = useState<ScopeState>({ scope: initialScope, applied: '' });

    // Derived during render (React's "adjusting state when a prop changes"), not in an effect.
    const event = profile
        ? scopeEventForRoute(route, { tenants: profile.tenants, centers: centers.data })
        : undefined;
    const eventKey = event ? scopeEventKey(event) : state.applied;
    if (event && eventKey !== state.applied)
        setState({ scope: transitionScope(state.scope, event), applied: eventKey });

    const toLoad = tenantConfigurationToLoad(state.scope);
    const configuration = useQuery({
        ...tenantConfigurationQuery(dataProvider, toLoad ?? ''),
        enabled: toLoad !== undefined,
    });
    if (toLoad !== undefined && configuration.data) {
        setState({
            ...state,
            scope: transitionScope(state.scope, {
                kind: 'tenantConfigurationLoaded',
                tenantId: toLoad,
                configuration: configuration.data,
            }),
        });
    }

    const reset = useCallback(
        () => setState({ scope: transitionScope(initialScope, { kind: 'reset' }), applied: '' }),
        [setState],
    );
    const value = useMemo(() => ({ scope: state.scope, reset }), [state.scope, reset]);
    return <SelectedScopeContext.Provider value={value}>{children}</SelectedScopeContext.Provider>;
}
