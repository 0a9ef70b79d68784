import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { BasenameContextProvider, useSplatPathBase, type ResourceProps } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { NoPermissionRedirect } from './NoPermissionRedirect';
import { PageNotFound } from './PageNotFound';

/**
 * Mounts react-admin `<Resource>`s below a context path, e.g. `/administration/configurations`
 * or `/tenant/:tenantId/configurations`. Each resource gets the route `<name>/*`, and the
 * basename makes react-admin's links (`useCreatePath`) stay inside that context.
 * Use it as the element of a splat route (`configurations/*`). react-admin sends a refused
 * action to `access-denied` below the basename: that leads to the error page too. Any other
 * path below is no page.
 */
export function ResourceRoutes({ children }: { children: ReactNode }) {
    const basename = useSplatPathBase();
    const resources = Children.toArray(children).filter(
        (child): child is ReactElement<ResourceProps> => isValidElement(child),
    );
    return (
        <BasenameContextProvider basename={basename}>
            <Routes>
                {resources.map((resource) => (
                    <Route
                        key={resource.props.name}
                        path={`${resource.props.name}/*`}
                        element={resource}
                    />
                ))}
                <Route path="access-denied" element={<NoPermissionRedirect />} />
                <Route path="*" element={<PageNotFound />} />
            </Routes>
        </BasenameContextProvider>
    );
}
