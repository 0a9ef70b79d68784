import Route from '@mui/icons-material/Route';
import type { NavigationEntry } from './navigation';

/**
 * Links to external products (shell §2.7): the route planner, from the depot drawer, in a new
 * tab. Shown only when its address is configured (`ROUTE_PLANNER_URL`).
 */
export const externalNavigation: NavigationEntry[] = [
    {
        context: 'depot',
        rule: 'routePlanner',
        group: 'betterRoute',
        order: 10,
        icon: Route,
        textKey: 'app.navigation.routePlanner',
        external: 'routePlannerUrl',
    },
];
