import type { ComponentType, ReactElement } from 'react';
import type { RaRecord } from 'ra-core';
import type { ServiceName } from '../../domain/contracts/browser-config';
import type { AppContext } from '../../domain/enums';
import type { NavigationEntry } from '../layout/navigation';

/**
 * Where a screen's routes hang, by base path: `root` (`/`), `admin` (`/administration`),
 * `tenantSelection` (`/tenant`), `tenant` (`/tenant/:tenantId`), `depotSelection` (`/depot`),
 * `depotTenant` (`/depot/:tenantId`), `depot` (`/depot/:tenantId/:externalDepotId`). Paths of a
 * mount are relative to its base path (src/screens/screenRoutes.tsx builds them).
 */
export type Mount =
    'root' | 'admin' | 'tenantSelection' | 'tenant' | 'depotSelection' | 'depotTenant' | 'depot';

/** react-admin's actions on a resource, plus the custom verbs a screen declares. */
export const crudActions = ['list', 'show', 'create', 'edit', 'delete'] as const;
type CrudAction = (typeof crudActions)[number];

/**
 * Who may perform an action: `admin` (admins only), `none` (nobody: the screen does not offer
 * it), or any one of the feature codes (shell §6, domain §6) granted in the current context
 * under the selected organisation. Admins and organisation admins pass every feature check.
 */
export type AccessRule = 'admin' | 'none' | { anyOf: readonly [string, ...string[]] };

/** How the browser speaks to a collection: react-admin's simple REST, or a provider of its own. */
export type DataAdapter = 'simpleRest' | 'backOfficeUsers' | 'appUsers';

/**
 * One collection of a back-end service, as react-admin sees it. `collection` is its path below
 * the service's base: simple REST calls it (under the resource name's place when they differ);
 * the other adapters (src/dataProviders/) know their calls and receive the resource name as is.
 * `access` gives the collection rules of its own; without it a resource screen's rules apply
 * (a page's: none).
 */
export interface DataRoute {
    service: ServiceName;
    collection: string;
    adapter?: DataAdapter;
    access?: Partial<Record<string, AccessRule>>;
}

/** A navigation entry as a screen declares it: path and icon default to the screen's own. */
type ScreenNavigation = Omit<NavigationEntry, 'path' | 'icon' | 'external'> & {
    path?: string;
    icon?: ComponentType;
};

/** A route of a page, or an extra child route of a resource. `path: ''` is the mount's index. */
export interface ScreenRoute {
    mount: Mount;
    path: string;
    view: ComponentType;
    /**
     * The navigation rule (domain/navigationRules.ts, of the mount's context) a user must pass to
     * open the page; others go to the error page. Pages without one check for themselves.
     */
    rule?: string;
    /**
     * Starts the page's first data request when a tab opens on this page (beside loading its
     * view), with the scope path of the route's depot once the user's depots are known; answers
     * the request, settled when its answer is there (whatever it is).
     */
    prefetch?: (depot: { path: string }) => Promise<unknown>;
}

interface ScreenBase {
    /** The folder's name; for a resource also the react-admin resource name. */
    name: string;
    navigation?: readonly ScreenNavigation[];
    /** react-admin resources the screen reads or writes (`useGetList('vehicles')`, ...) and their service. */
    data?: Readonly<Record<string, DataRoute>>;
    icon?: ComponentType;
}

/** A react-admin resource mounted below one or more contexts. */
export interface ResourceScreen extends ScreenBase {
    kind: 'resource';
    /**
     * The resource's path below each context's base path (`configurations/depots`). Its last
     * segment is the react-admin resource name in that context (`app-accounts-admin` in the
     * administration, `app-accounts` in the organisation view).
     */
    paths: Partial<Record<AppContext, string>>;
    views: {
        list?: ComponentType;
        show?: ComponentType;
        create?: ComponentType;
        edit?: ComponentType;
    };
    /** Child routes below the record (`:sucoId/drivers`), relative to the resource path. */
    childRoutes?: readonly { path: string; view: ComponentType }[];
    /** The rule of each action; actions not listed are not offered (`none`). */
    access: Partial<Record<CrudAction | string, AccessRule>>;
    recordRepresentation?: (record: RaRecord) => string;
    /** Declared in react-admin's resource definition (links from other screens open the show view). */
    hasShow?: boolean;
    /** Paths of a context that lead to the resource (`tempDriver` → `users/tempDrivers`). */
    redirects?: readonly { context: AppContext; from: string }[];
}

/** A page that is not a react-admin resource (landing, profile, dashboards, ...). */
export interface PageScreen extends ScreenBase {
    kind: 'page';
    routes: readonly ScreenRoute[];
}

export type Screen = ResourceScreen | PageScreen;

/** An element a mount renders besides its screens (the context index's redirect). */
export type MountIndex = Partial<Record<Mount, ReactElement>>;
