import { matchPath } from 'react-router-dom';
import { isPreloadable } from '../lazyPage';
import type { Mount, Screen, ScreenRoute } from './types';

/** Where each mount's routes live (screenRoutes.tsx builds the same tree). */
const mountBases: Record<Mount, string> = {
    root: '',
    admin: '/administration',
    tenantSelection: '/tenant',
    tenant: '/tenant/:tenantId',
    depotSelection: '/depot',
    depotTenant: '/depot/:tenantId',
    depot: '/depot/:tenantId/:externalDepotId',
};

interface Candidate {
    pattern: string;
    view: unknown;
    prefetch?: ScreenRoute['prefetch'];
}

/** The views a location may show, with their route patterns, most specific first. */
function candidates(screens: readonly Screen[]): Candidate[] {
    const found: Candidate[] = [];
    for (const screen of screens) {
        if (screen.kind === 'page') {
            for (const route of screen.routes)
                found.push({
                    pattern: `${mountBases[route.mount]}/${route.path}`.replace(/\/$/, '') || '/',
                    view: route.view,
                    prefetch: route.prefetch,
                });
            continue;
        }
        for (const [context, path] of Object.entries(screen.paths)) {
            const base = `${mountBases[context as Mount]}/${path}`;
            const { list, create, edit, show } = screen.views;
            found.push({ pattern: base, view: list });
            found.push({ pattern: `${base}/create`, view: create });
            found.push({ pattern: `${base}/:id/show`, view: show });
            found.push({ pattern: `${base}/:id`, view: edit ?? show });
            for (const child of screen.childRoutes ?? [])
                found.push({ pattern: `${base}/${child.path}`, view: child.view });
        }
    }
    return found;
}

/**
 * Starts loading the view of the page at `pathname` (the one a signed-in user lands on), so its
 * chunk arrives while the app's code and the profile are still loading instead of after the
 * first render. Answers the loading (settled when the view is there or failed), or undefined
 * when no view serves the path.
 */
export function preloadViewAt(
    screens: readonly Screen[],
    pathname: string,
): Promise<unknown> | undefined {
    const match = candidateAt(screens, pathname);
    if (!match || !isPreloadable(match.view)) return undefined;
    return match.view.preload();
}

/**
 * Starts the first data request of the page at `pathname`, if its route declares one; answers
 * the request (settled when its answer is there), or undefined.
 */
export function prefetchPageDataAt(
    screens: readonly Screen[],
    pathname: string,
    depot: { path: string },
): Promise<unknown> | undefined {
    return candidateAt(screens, pathname)?.prefetch?.(depot);
}

function candidateAt(screens: readonly Screen[], pathname: string): Candidate | undefined {
    return candidates(screens).find(
        ({ pattern, view }) => view && matchPath({ path: pattern, end: true }, pathname),
    );
}
