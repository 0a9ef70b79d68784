import type { ComponentType } from 'react';
import type { AppContext } from '../../domain/enums';
import {
    isNavigationItemVisible,
    type adminNavigationRules,
    type depotNavigationRules,
    type NavigationRuleInput,
    type tenantNavigationRules,
} from '../../domain/navigationRules';
import type { NotificationStatistics } from '../../domain/contracts/statistics';

/** Header groups of the navigation drawer, in the spec's order (shell §2.9). */
const navigationGroups = [
    'dailyActivities',
    'analytics',
    'operations',
    'accounts',
    'configurations',
    'technical',
    'userAccountManagement',
    'betterRoute',
    'betterTracking',
    'betterPlaces',
] as const;
type NavigationGroup = (typeof navigationGroups)[number];

/** Browser configuration values that hold the address of an external product. */
type ExternalLink = 'routePlannerUrl';

/** Counts an entry can show as a badge (`GET /api/statistics?path=`). */
export type NotificationKind = 'addressCorrections';

interface EntryBase {
    /** null: shown above the groups. */
    group: NavigationGroup | null;
    order: number;
    icon: ComponentType;
    textKey: string;
    notifications?: NotificationKind;
}

/** A page below the context's base path, or an external product that opens in a new tab. */
type EntryTarget =
    | {
          /** Relative to the context's base path (`/administration`, `/tenant/:tenantId`, `/depot/:tenantId/:externalDepotId`). */ path: string;
          external?: never;
      }
    | {
          /** The configuration value with the address; the entry shows only when it is set. */ external: ExternalLink;
          path?: never;
      };

/**
 * A page's or resource's entry in the navigation drawer, declared in its own folder. Its
 * visibility is the named rule of domain/navigationRules.ts for its context (shell §6).
 */
export type NavigationEntry = EntryBase &
    EntryTarget &
    (
        | { context: 'admin'; rule: keyof typeof adminNavigationRules }
        | { context: 'tenant'; rule: keyof typeof tenantNavigationRules }
        | { context: 'depot'; rule: keyof typeof depotNavigationRules }
    );

export interface CurrentContext {
    context: AppContext;
    /** null while no tenant or depot is selected yet. */
    basePath: string | null;
    /** The tenant in the path (tenant and depot views). */
    tenantId?: string;
    /** The depot in the path (depot view). */
    externalDepotId?: string;
}

/** The first path segment selects the context (shell §2.1). */
export function currentContextOf(pathname: string): CurrentContext | null {
    const [first, second, third] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const encode = encodeURIComponent;
    switch (first) {
        case 'administration':
            return { context: 'admin', basePath: '/administration' };
        case 'tenant':
            return second
                ? { context: 'tenant', basePath: `/tenant/${encode(second)}`, tenantId: second }
                : { context: 'tenant', basePath: null };
        case 'depot':
            // `/depot/error/:errorCode` belongs to no depot.
            if (!second || second === 'error') return { context: 'depot', basePath: null };
            if (!third) return { context: 'depot', basePath: null, tenantId: second };
            return {
                context: 'depot',
                basePath: `/depot/${encode(second)}/${encode(third)}`,
                tenantId: second,
                externalDepotId: third,
            };
        default:
            return null;
    }
}

/** What decides which entries show: the rule input of shell §6 plus the configured external links. */
export interface NavigationInput extends NavigationRuleInput {
    links: Partial<Record<ExternalLink, string>>;
}

const groupRank = (group: NavigationGroup | null) =>
    group === null ? -1 : navigationGroups.indexOf(group);

/**
 * The entries of a context the user may see under the selected scope (`input.path`: the tenant
 * id on the tenant view, the depot path on the depot view), ungrouped first, then by group and
 * order. External entries show only when their address is configured.
 */
export function visibleEntries(
    entries: readonly NavigationEntry[],
    context: AppContext,
    input: NavigationInput,
): NavigationEntry[] {
    return entries
        .filter(
            (entry) =>
                entry.context === context &&
                isNavigationItemVisible(context, entry.rule, input) &&
                (!entry.external || Boolean(input.links[entry.external])),
        )
        .sort((a, b) => groupRank(a.group) - groupRank(b.group) || a.order - b.order);
}

/** The drawer's rows (shell §3 Navigation item): group headers and items with their link. */
export type NavigationItem =
    | { type: 'header'; id: string; textKey: string }
    | {
          type: 'item';
          id: string;
          icon: ComponentType;
          textKey: string;
          link: string;
          external: boolean;
          notifications?: number;
      };

export function entryPath(basePath: string, entry: { path: string }): string {
    return entry.path ? `${basePath}/${entry.path}` : basePath;
}

/** The count an entry's badge shows, from the scope's notification statistics. */
export function notificationCount(
    kind: NotificationKind,
    statistics: NotificationStatistics,
): number {
    switch (kind) {
        case 'addressCorrections':
            return statistics.addressCorrections.pending;
    }
}

/**
 * Rows of the drawer for visible entries: a header before each group when `headers` (the
 * expanded drawer; the rail shows none), links below `basePath` or the configured address,
 * and badge counts from `statistics` where an entry declares them.
 */
export function navigationItems(
    entries: readonly NavigationEntry[],
    options: {
        basePath: string;
        links: NavigationInput['links'];
        statistics?: NotificationStatistics;
        headers: boolean;
    },
): NavigationItem[] {
    const items: NavigationItem[] = [];
    entries.forEach((entry, index) => {
        if (options.headers && entry.group !== null && entries[index - 1]?.group !== entry.group) {
            items.push({
                type: 'header',
                id: `group:${entry.group}`,
                textKey: `app.navigation.groups.${entry.group}`,
            });
        }
        const link = entry.external
            ? options.links[entry.external]
            : entryPath(options.basePath, entry);
        if (!link) return;
        const notifications =
            entry.notifications && options.statistics
                ? notificationCount(entry.notifications, options.statistics)
                : undefined;
        items.push({
            type: 'item',
            id: `${entry.context}:${entry.rule}:${entry.external ?? entry.path}`,
            icon: entry.icon,
            textKey: entry.textKey,
            link,
            external: Boolean(entry.external),
            ...(notifications === undefined ? {} : { notifications }),
        });
    });
    return items;
}

/** True when one of the entries shows a badge, so the statistics are worth fetching. */
export function needsNotifications(entries: readonly NavigationEntry[]): boolean {
    return entries.some((entry) => entry.notifications !== undefined);
}
