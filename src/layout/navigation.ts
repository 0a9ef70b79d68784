import type { ComponentType } from 'react';
import type { AppContext } from '../../domain/enums';
import type { ProfileActions } from '../../domain/permissions';
import { hasFeature } from '../access';

/** Header groups of the navigation drawer, in the spec's order (shell §2.9). */
export const navigationGroups = [
    'dailyActivities',
    'analytics',
    'operations',
    'accounts',
    'configurations',
    'technical',
    'userAccountManagement',
] as const;
export type NavigationGroup = (typeof navigationGroups)[number];

/** A page's or resource's entry in the navigation drawer, declared in its own folder. */
export interface NavigationEntry {
    context: AppContext;
    /** null: shown above the groups. */
    group: NavigationGroup | null;
    /** Action code the user needs (shell §6), or null when the context is enough. */
    feature: string | null;
    order: number;
    icon: ComponentType;
    textKey: string;
    /** Relative to the context's base path (`/administration`, `/tenant/:tenantId`, `/depot/:tenantId/:externalDepotId`). */
    path: string;
}

export interface CurrentContext {
    context: AppContext;
    /** null while no tenant or depot is selected yet. */
    basePath: string | null;
    /** The selected tenant's id on the tenant view (its scope path). */
    tenantId?: string;
}

/** The first path segment selects the context (shell §2.1). */
export function currentContextOf(pathname: string): CurrentContext | null {
    const [first, second, third] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const encode = encodeURIComponent;
    switch (first) {
        case 'administration':
            return { context: 'admin', basePath: '/administration' };
        case 'tenant':
            return second ? { context: 'tenant', basePath: `/tenant/${encode(second)}`, tenantId: second } : { context: 'tenant', basePath: null };
        case 'depot':
            // `/depot/error/:errorCode` belongs to no depot.
            return { context: 'depot', basePath: second && third && second !== 'error' ? `/depot/${encode(second)}/${encode(third)}` : null };
        default:
            return null;
    }
}

const groupRank = (group: NavigationGroup | null) => (group === null ? -1 : navigationGroups.indexOf(group));

/**
 * The entries of a context the user may see under the selected scope, ungrouped first, then by
 * group and order. On the depot view the scope is not narrowed yet (the depot's scope path is
 * not part of its URL).
 */
export function visibleEntries(entries: readonly NavigationEntry[], current: CurrentContext, actions: ProfileActions): NavigationEntry[] {
    return entries
        .filter((entry) => entry.context === current.context && hasFeature(actions, entry.feature, current.context, current.tenantId))
        .sort((a, b) => groupRank(a.group) - groupRank(b.group) || a.order - b.order);
}

export function entryPath(basePath: string, entry: NavigationEntry): string {
    return entry.path ? `${basePath}/${entry.path}` : basePath;
}
