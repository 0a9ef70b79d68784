import type { Language } from '../../domain/enums';
import type { ScreenClass } from '../../domain/pageViews';
import type { PageView } from '../../domain/contracts/page-views';

/** What a page view says besides its path, read when the page changes. */
export interface PageViewContext {
    language: Language;
    screen: ScreenClass;
}

export interface PageViewTrackerDeps {
    hasConsent: () => boolean;
    record: (view: PageView) => Promise<void>;
    /** Where failures go; recording is best effort and never disturbs the user. */
    onError: (error: unknown) => void;
}

/**
 * Records one page view per path change, and only while the user has consented to analytics
 * (shell §2.8, §9). A path seen without consent is not sent later either.
 */
export function createPageViewTracker(deps: PageViewTrackerDeps) {
    let lastPath: string | undefined;
    return {
        pathChanged(path: string, context: PageViewContext): void {
            if (path === lastPath) return;
            lastPath = path;
            if (!deps.hasConsent()) return;
            const routeName = routeNameOf(path);
            const view: PageView = {
                consent: true,
                path,
                language: context.language,
                screen: context.screen,
                ...(routeName ? { routeName } : {}),
            };
            try {
                deps.record(view).catch(deps.onError);
            } catch (error) {
                deps.onError(error);
            }
        },
    };
}

/** The screen class of a viewport width by the theme's breakpoints (MUI: xs 0, sm 600, md 900, lg 1200, xl 1536). */
export function screenClassOf(
    width: number,
    breakpoints: Record<ScreenClass, number>,
): ScreenClass {
    const order: ScreenClass[] = ['xl', 'lg', 'md', 'sm'];
    return order.find((screen) => width >= breakpoints[screen]) ?? 'xs';
}

/** Route names of shell §2.8 by the path below a depot (`/depot/:tenantId/:externalDepotId/...`). */
const depotRoutes: [RegExp, string][] = [
    [/^$/, 'depot'],
    [/^depot-landing$/, 'depotLanding'],
    [/^statistics\/live-status(\/|$)/, 'liveStatus'],
    [/^statistics\/activities(\/|$)/, 'dailyActivities'],
    [/^tour-performance(\/|$)/, 'tourPerformance'],
    [/^betterTracking$/, 'betterTracking'],
    [/^deviceManagement$/, 'deviceManagement'],
    [/^uploadJobs(\/|$)/, 'uploadJobs'],
    [/^subcontractor(\/|$)/, 'subcontractor'],
    [/^users\/backoffice$/, 'backofficeUsers'],
    [/^users\/tempDrivers$/, 'tempDrivers'],
    [/^addressLocationValidation$/, 'addressLocationValidation'],
];

/** The internal route name of a path (shell §2.8), when it has one. */
export function routeNameOf(path: string): string | undefined {
    const segments = path.split('/').filter(Boolean);
    const [first, second] = segments;
    if (first === 'landing' && segments.length === 1) return 'landing';
    if (first === 'login') return 'login';
    if ((first === 'my' && second === 'profile') || (first === 'users' && second === 'profile'))
        return 'profile';
    if (first === 'depot') {
        if (segments.length < 3 || second === 'error') return 'depot';
        const rest = segments.slice(3).join('/');
        return depotRoutes.find(([pattern]) => pattern.test(rest))?.[1];
    }
    const rest = segments.slice(first === 'tenant' ? 2 : 1).join('/');
    if ((first === 'administration' || first === 'tenant') && rest === 'users/backoffice')
        return 'backofficeUsers';
    if (first === 'tenant' && rest === 'addressLocationValidation')
        return 'addressLocationValidation';
    return undefined;
}
