import { Navigate } from 'react-router-dom';

/** react-admin's access-denied route leads to the product's error page. */
export function NoPermissionRedirect() {
    return <Navigate to="/error/noPermission" replace />;
}
