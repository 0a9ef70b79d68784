import type { ReactElement } from 'react';
import { Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import type { AppContext } from '../../domain/enums';
import { RequireContext } from '../layout/RequireContext';
import { RequireTenant } from '../layout/RequireTenant';
import { PageNotFound } from '../layout/PageNotFound';
import { guardedView } from '../layout/RequireAccess';
import { ruleGuardedView } from '../layout/RequirePageRule';
import { ResourceRoutes } from '../layout/ResourceRoutes';
import { mountedResources, resourceNameIn } from './registry';
import type { Mount, MountIndex, ResourceScreen, Screen } from './types';

/**
 * The routes of the signed-in app, computed from the list of screens: each mount's guard
 * (shell §2.8), its pages, and its resources grouped below their parent path
 * (`configurations/*` holds depots and organisations) so react-admin's links stay inside the
 * context. Returns `<Route>` elements for react-admin's `<CustomRoutes>`.
 */
export function screenRoutes(screens: readonly Screen[], indexes: MountIndex): ReactElement[] {
    const children = (mount: Mount, nested: ReactElement[] = []) => [
        ...(indexes[mount] ? [<Route key="index" index element={indexes[mount]} />] : []),
        ...pageRoutes(screens, mount),
        ...(isContext(mount) ? resourceRoutes(screens, mount) : []),
        ...nested,
    ];
    return [
        ...children('root'),
        <Route key="admin" path="/administration" element={<RequireContext context="admin" />}>
            {children('admin')}
        </Route>,
        <Route key="tenant" path="/tenant" element={<RequireContext context="tenant" />}>
            {children('tenantSelection', [
                <Route key="t" path=":tenantId" element={<RequireTenant context="tenant" />}>
                    {children('tenant')}
                </Route>,
            ])}
        </Route>,
        <Route key="depot" path="/depot" element={<RequireContext context="depot" />}>
            {children('depotSelection', [
                <Route key="t" path=":tenantId" element={<RequireTenant context="depot" />}>
                    {children('depotTenant', [
                        <Route key="d" path=":externalDepotId">
                            {children('depot')}
                        </Route>,
                    ])}
                </Route>,
            ])}
        </Route>,
    ];
}

const isContext = (mount: Mount): mount is AppContext =>
    mount === 'admin' || mount === 'tenant' || mount === 'depot';

function pageRoutes(screens: readonly Screen[], mount: Mount): ReactElement[] {
    return screens.flatMap((screen) =>
        screen.kind === 'page'
            ? screen.routes
                  .filter((route) => route.mount === mount)
                  .map((route) => {
                      const View = route.rule
                          ? ruleGuardedView(route.view, route.rule)
                          : route.view;
                      const key = `${screen.name}:${route.path}`;
                      return route.path === '' ? (
                          <Route key={key} index element={<View />} />
                      ) : (
                          <Route key={key} path={route.path} element={<View />} />
                      );
                  })
            : [],
    );
}

/**
 * `<Resource>` of a screen in a context, named by the last segment of its path there; each view
 * behind its access rule (`guardedView`).
 */
function resourceElement(screen: ResourceScreen, context: AppContext): ReactElement {
    const name = resourceNameIn(screen, context) ?? screen.name;
    const views = Object.fromEntries(
        Object.entries(screen.views).map(([action, view]) => [
            action,
            view && guardedView(view, name, action),
        ]),
    );
    return (
        <Resource
            key={name}
            name={name}
            {...views}
            icon={screen.icon}
            recordRepresentation={screen.recordRepresentation}
        >
            {screen.childRoutes?.map(({ path, view: View }) => (
                <Route key={path} path={path} element={<View />} />
            ))}
        </Resource>
    );
}

function resourceRoutes(screens: readonly Screen[], context: AppContext): ReactElement[] {
    const groups = new Map<string, ReactElement[]>();
    const redirects: ReactElement[] = [];
    for (const screen of screens) {
        if (screen.kind !== 'resource') continue;
        const path = screen.paths[context];
        if (path === undefined) continue;
        const parent = path.split('/').slice(0, -1).join('/');
        groups.set(parent, [...(groups.get(parent) ?? []), resourceElement(screen, context)]);
        for (const redirect of screen.redirects ?? []) {
            if (redirect.context !== context) continue;
            const up = '../'.repeat(redirect.from.split('/').length);
            redirects.push(
                <Route
                    key={`redirect:${redirect.from}`}
                    path={redirect.from}
                    element={<Navigate to={`${up}${path}`} replace />}
                />,
            );
        }
    }
    // Below a context, an address that is no page says so inside the layout; a root group of
    // resources (`*`) has its own.
    const notFound = groups.has('')
        ? []
        : [<Route key="not-found" path="*" element={<PageNotFound />} />];
    return [
        ...redirects,
        ...notFound,
        ...[...groups].map(([parent, resources]) => (
            <Route
                key={`resources:${parent}`}
                path={parent ? `${parent}/*` : '*'}
                element={<ResourceRoutes>{resources}</ResourceRoutes>}
            />
        )),
    ];
}

/**
 * react-admin's resource definitions (names, icons, record representations), declared once at
 * the top of `<Admin>`: the views themselves are mounted below their context paths.
 */
export function resourceDefinitions(screens: readonly Screen[]): ReactElement[] {
    const definitions = new Map<string, ReactElement>();
    const define = (name: string, screen?: ResourceScreen) => {
        if (definitions.has(name)) return;
        definitions.set(
            name,
            <Resource
                key={name}
                name={name}
                icon={screen?.icon}
                recordRepresentation={screen?.recordRepresentation}
                hasShow={screen?.hasShow}
            />,
        );
    };
    for (const { name, screen } of mountedResources(screens)) define(name, screen);
    for (const screen of screens) {
        if (screen.kind === 'resource')
            Object.keys(screen.data ?? {}).forEach((name) => define(name));
    }
    return [...definitions.values()];
}
