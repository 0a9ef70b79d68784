import { useEffect, useState } from 'react';
import {
    Admin,
    CustomRoutes,
    defaultTheme,
    Resource,
    type I18nProvider,
    type RaThemeOptions,
} from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { authProvider } from './authProvider';
import { AppLicensesPage } from './customRoutes/appLicenses/AppLicensesPage';
import { BackofficeActionsPage } from './customRoutes/backofficeActions/BackofficeActionsPage';
import { ChangePasswordPage } from './customRoutes/changePassword/ChangePasswordPage';
import { DepotSelectionPage } from './customRoutes/depotSelection/DepotSelectionPage';
import { DepotSummaryPage } from './customRoutes/depotSummary/DepotSummaryPage';
import { ErrorPage } from './customRoutes/error/ErrorPage';
import { LandingPage } from './customRoutes/landing/LandingPage';
import { PageViewList } from './customRoutes/pageViews/PageViewList';
import { MyProfilePage } from './customRoutes/profile/MyProfilePage';
import { UserProfilePage } from './customRoutes/profile/UserProfilePage';
import { AdminSignInPage } from './customRoutes/signIn/AdminSignInPage';
import { TenantSelectionPage } from './customRoutes/tenantSelection/TenantSelectionPage';
import { TourCommanderConfigPage } from './customRoutes/tourCommanderConfig/TourCommanderConfigPage';
import { dataProvider } from './dataProviders';
import { createI18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { NoPermissionRedirect } from './layout/NoPermissionRedirect';
import { RequireContext } from './layout/RequireContext';
import { RequireTenant } from './layout/RequireTenant';
import { ResourceRoutes } from './layout/ResourceRoutes';
import { createAppStore } from './layout/tabStore';
import apiCredentials from './resources/apiCredentials';
import appAccounts from './resources/appAccounts';
import backOfficeUsers from './resources/backOfficeUsers';
import depots from './resources/depots';
import organizations from './resources/organizations';
import roles from './resources/roles';
import subcontractors from './resources/subcontractors';
import { SubcontractorDriversPage } from './resources/subcontractors/SubcontractorDriversPage';
import tempDrivers from './resources/tempDrivers';
import { themeOptions } from './theme';

/** Drawer 260 wide, rail 58 (shell §9). */
const theme: RaThemeOptions = {
    ...defaultTheme,
    ...themeOptions,
    sidebar: { width: 260, closedWidth: 58 },
};
/** Preferences shared by the tabs, the drawer state per tab. */
const store = createAppStore();

/** The back office: providers, shell and every route, by context. */
function BackOffice() {
    const [i18nProvider, setI18nProvider] = useState<I18nProvider>();
    useEffect(() => void createI18nProvider().then(setI18nProvider), []);
    if (!i18nProvider) return null;

    return (
        <Admin
            disableTelemetry
            requireAuth
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            layout={AppLayout}
            loginPage={AdminSignInPage}
            accessDenied={NoPermissionRedirect}
            theme={theme}
            store={store}
        >
            {/* Definitions only: resources are mounted below their context paths. */}
            <Resource
                name="depots"
                recordRepresentation={depots.recordRepresentation}
                icon={depots.icon}
                hasShow
            />
            <Resource name="backoffice" icon={backOfficeUsers.icon} />
            <Resource name="tempDrivers" icon={tempDrivers.icon} />
            <Resource name="app-accounts" icon={appAccounts.icon} />
            <Resource name="app-accounts-admin" icon={appAccounts.icon} />
            <Resource name="subcontractor" icon={subcontractors.icon} />
            <Resource name="vehicles" />
            <Resource name="roles" icon={roles.icon} />
            <Resource name="organizations" icon={organizations.icon} />
            <Resource name="api-access-management" icon={apiCredentials.icon} />
            <CustomRoutes>
                <Route path="/" element={<Navigate to="/landing" replace />} />
                <Route path="/landing" element={<LandingPage />} />

                <Route path="/administration" element={<RequireContext context="admin" />}>
                    <Route index element={<Navigate to="users/backoffice" replace />} />
                    <Route
                        path="configurations/*"
                        element={
                            <ResourceRoutes>
                                <Resource name="depots" {...depots} />
                                <Resource name="organizations" {...organizations} />
                            </ResourceRoutes>
                        }
                    />
                    <Route
                        path="tour-commander/tenant-config"
                        element={<TourCommanderConfigPage />}
                    />
                    <Route path="backoffice-actions" element={<BackofficeActionsPage />} />
                    <Route path="users/error/:errorCode" element={<ErrorPage />} />
                    <Route
                        path="users/*"
                        element={
                            <ResourceRoutes>
                                <Resource name="backoffice" {...backOfficeUsers} />
                            </ResourceRoutes>
                        }
                    />
                    <Route path="analytics" element={<PageViewList />} />
                    <Route
                        path="*"
                        element={
                            <ResourceRoutes>
                                <Resource name="app-accounts-admin" {...appAccounts} />
                            </ResourceRoutes>
                        }
                    />
                </Route>

                <Route path="/tenant" element={<RequireContext context="tenant" />}>
                    <Route index element={<TenantSelectionPage />} />
                    <Route path=":tenantId" element={<RequireTenant context="tenant" />}>
                        <Route index element={<Navigate to="configurations/depots" replace />} />
                        <Route
                            path="configurations/*"
                            element={
                                <ResourceRoutes>
                                    <Resource name="depots" {...depots} />
                                </ResourceRoutes>
                            }
                        />
                        <Route
                            path="users/*"
                            element={
                                <ResourceRoutes>
                                    <Resource name="backoffice" {...backOfficeUsers} />
                                </ResourceRoutes>
                            }
                        />
                        <Route path="accounts/licenses" element={<AppLicensesPage />} />
                        <Route
                            path="*"
                            element={
                                <ResourceRoutes>
                                    <Resource name="roles" {...roles} />
                                    <Resource name="app-accounts" {...appAccounts} />
                                    <Resource name="api-access-management" {...apiCredentials} />
                                </ResourceRoutes>
                            }
                        />
                    </Route>
                </Route>

                <Route path="/depot" element={<RequireContext context="depot" />}>
                    <Route index element={<DepotSelectionPage />} />
                    <Route path="error/:errorCode" element={<ErrorPage />} />
                    <Route path=":tenantId" element={<RequireTenant context="depot" />}>
                        <Route index element={<DepotSelectionPage />} />
                        <Route path=":externalDepotId">
                            <Route index element={<DepotSummaryPage />} />
                            <Route path="error/:errorCode" element={<ErrorPage />} />
                            <Route
                                path="users/*"
                                element={
                                    <ResourceRoutes>
                                        <Resource name="backoffice" {...backOfficeUsers} />
                                        <Resource name="tempDrivers" {...tempDrivers} />
                                    </ResourceRoutes>
                                }
                            />
                            {/* Shell §2.6: tempDriver redirects to users/tempDrivers. */}
                            <Route
                                path="tempDriver"
                                element={<Navigate to="../users/tempDrivers" replace />}
                            />
                            <Route
                                path="*"
                                element={
                                    <ResourceRoutes>
                                        <Resource name="subcontractor" {...subcontractors}>
                                            <Route
                                                path=":sucoId/drivers"
                                                element={<SubcontractorDriversPage />}
                                            />
                                        </Resource>
                                    </ResourceRoutes>
                                }
                            />
                        </Route>
                    </Route>
                </Route>

                <Route path="/changePwd" element={<ChangePasswordPage />} />
                <Route path="/my/profile" element={<MyProfilePage />} />
                <Route path="/users/profile/:userHashId" element={<UserProfilePage />} />

                <Route path="/error/:errorCode" element={<ErrorPage />} />
                <Route
                    path="/no-permissions"
                    element={<Navigate to="/error/noPermission" replace />}
                />
                <Route path="/dc/*" element={<Navigate to="/" replace />} />
            </CustomRoutes>
        </Admin>
    );
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * Real paths (react-admin would use a hash router on its own). A data router, so that
 * react-admin can block navigation away from unsaved forms; one per page load, created when
 * the app first renders (after the boot code has set the URL).
 */
export default function App() {
    router ??= createBrowserRouter([{ path: '*', element: <BackOffice /> }]);
    return <RouterProvider router={router} />;
}
