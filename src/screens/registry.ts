import type { AppContext } from '../../domain/enums';
import { canAnywhereUnder, canSomewhere } from '../../domain/permissionChecks';
import { isAdmin, type ProfileActions } from '../../domain/permissions';
import type { NavigationEntry } from '../layout/navigation';
import type { AccessRule, DataRoute, ResourceScreen, Screen } from './types';

/**
 * What the app computes from its list of screens (src/screens/list.ts): the react-admin
 * resource names, the navigation entries, the data route of every resource and the access
 * rule of every action. Pure functions, so the registry can be tested without a browser.
 */

const lastSegment = (path: string) => path.split('/').pop() ?? path;

/** The react-admin resource name of a resource screen in a context (its path's last segment). */
export function resourceNameIn(screen: ResourceScreen, context: AppContext): string | undefined {
    const path = screen.paths[context];
    return path === undefined ? undefined : lastSegment(path);
}

/** Every (resource name, context) under which a resource screen is mounted. */
export function mountedResources(
    screens: readonly Screen[],
): { name: string; context: AppContext; screen: ResourceScreen }[] {
    return screens.flatMap((screen) =>
        screen.kind === 'resource'
            ? (Object.keys(screen.paths) as AppContext[]).map((context) => ({
                  name: resourceNameIn(screen, context) ?? screen.name,
                  context,
                  screen,
              }))
            : [],
    );
}

/** The navigation entries the screens declare, with their screen's path and icon filled in. */
export function navigationEntriesOf(screens: readonly Screen[]): NavigationEntry[] {
    return screens.flatMap((screen) =>
        (screen.navigation ?? []).map((entry) => {
            const path =
                entry.path ??
                (screen.kind === 'resource' ? screen.paths[entry.context] : undefined);
            const icon = entry.icon ?? screen.icon;
            if (path === undefined || icon === undefined) {
                throw new Error(`Screen ${screen.name}: navigation entry without path or icon`);
            }
            return { ...entry, path, icon } as NavigationEntry;
        }),
    );
}

/**
 * The data route of every react-admin resource name: a resource screen's own names route to
 * its `data` entry of that name; `data` may add collections the screen uses. A name routed
 * twice is a mistake in the list and throws.
 */
export function dataRoutesOf(screens: readonly Screen[]): Map<string, DataRoute> {
    const routes = new Map<string, DataRoute>();
    for (const screen of screens) {
        for (const [name, route] of Object.entries(screen.data ?? {})) {
            if (routes.has(name)) throw new Error(`Resource ${name} has two data routes`);
            routes.set(name, route);
        }
    }
    for (const { name, screen } of mountedResources(screens)) {
        if (!routes.has(name))
            throw new Error(`Resource ${name} of ${screen.name} has no data route`);
    }
    return routes;
}

/** Where the user is: the context of the current path and the organisation in it. */
export interface AccessPlace {
    context: AppContext;
    tenantId?: string;
}

export interface AccessRequest {
    resource: string;
    action: string;
    /** Absent: anywhere (any context, any organisation). */
    place?: AccessPlace;
}

/**
 * The screens and contexts a resource name is checked in: its mounts in the current context
 * (none: the resource is not offered there), or all its mounts when the place is unknown. A
 * data collection goes with the screen that declares it (with that screen's mounts).
 */
function ownersOf(
    screens: readonly Screen[],
    resource: string,
    place: AccessPlace | undefined,
): { screen: Screen; context?: AppContext }[] {
    let owners: { screen: Screen; context?: AppContext }[] = mountedResources(screens).filter(
        (entry) => entry.name === resource,
    );
    if (owners.length === 0) {
        const owner = screens.find((screen) => screen.data && Object.hasOwn(screen.data, resource));
        if (!owner) return [];
        owners =
            owner.kind === 'resource'
                ? mountedResources([owner]).map(({ context }) => ({ screen: owner, context }))
                : [{ screen: owner }];
    }
    return place
        ? owners.filter((owner) => owner.context === undefined || owner.context === place.context)
        : owners;
}

/** The rule of an action: a data collection's own rules, else its resource screen's; else none. */
function ruleOf(screen: Screen, resource: string, action: string): AccessRule {
    const own = screen.data?.[resource]?.access;
    if (own) return own[action] ?? 'none';
    return screen.kind === 'resource' ? (screen.access[action] ?? 'none') : 'none';
}

/** True when the rule lets the user act at the place (shell §6, with domain/permissionChecks.ts like the server). */
function ruleAllows(
    rule: AccessRule,
    actions: ProfileActions,
    context: AppContext | undefined,
    place: AccessPlace | undefined,
): boolean {
    if (isAdmin(actions)) return true;
    if (rule === 'admin' || rule === 'none' || context === 'admin') return false;
    const scoped = place !== undefined && place.context === context;
    return rule.anyOf.some((code) =>
        scoped && context
            ? canAnywhereUnder(actions, code, { context, path: place.tenantId ?? '' })
            : canSomewhere(actions, code),
    );
}

/**
 * react-admin's `canAccess` for the app's screens: the action's rule of the resource's screen,
 * checked in the current context and organisation. Admins pass everything; unknown resources
 * and actions a screen does not offer are refused. The server checks every call again.
 */
export function canAccessScreen(
    screens: readonly Screen[],
    actions: ProfileActions,
    request: AccessRequest,
): boolean {
    if (isAdmin(actions)) return true;
    return ownersOf(screens, request.resource, request.place).some((owner) =>
        ruleAllows(
            ruleOf(owner.screen, request.resource, request.action),
            actions,
            owner.context ?? request.place?.context,
            request.place,
        ),
    );
}
