import { appLicenses } from '../customRoutes/appLicenses';
import { backofficeActions } from '../customRoutes/backofficeActions';
import { changePassword } from '../customRoutes/changePassword';
import { dailyActivities } from '../customRoutes/dailyActivities';
import { depotSelection } from '../customRoutes/depotSelection';
import { depotSummary } from '../customRoutes/depotSummary';
import { error } from '../customRoutes/error';
import { healthStatus } from '../customRoutes/healthStatus';
import { landing } from '../customRoutes/landing';
import { liveMap } from '../customRoutes/liveMap';
import { liveStatus } from '../customRoutes/liveStatus';
import { mailOutbox } from '../customRoutes/mailOutbox';
import { pageViews } from '../customRoutes/pageViews';
import { profile } from '../customRoutes/profile';
import { tenantSelection } from '../customRoutes/tenantSelection';
import { tourCommanderConfig } from '../customRoutes/tourCommanderConfig';
import { tourCommanderTours } from '../customRoutes/tourCommanderTours';
import { tourPerformance } from '../customRoutes/tourPerformance';
import { tourHistory } from '../customRoutes/tourHistory';
import { trackingDashboard } from '../customRoutes/trackingDashboard';
import { apiAccessManagement } from '../resources/api-access-management';
import { appAccounts } from '../resources/app-accounts';
import { backoffice } from '../resources/backoffice';
import { depots } from '../resources/depots';
import { organizations } from '../resources/organizations';
import { roles } from '../resources/roles';
import { subcontractor } from '../resources/subcontractor';
import { tempDrivers } from '../resources/tempDrivers';
import type { Screen } from './types';

/**
 * Every screen of the signed-in app, one line each: routes, menu, `canAccess` and the data
 * provider's routing are computed from this list (docs/adding-a-screen.md). The sign-in pages
 * are not here: they load before the app, without react-admin (src/Root.tsx).
 */
export const screens: readonly Screen[] = [
    landing,
    profile,
    changePassword,
    error,
    tenantSelection,
    depotSelection,
    depotSummary,
    liveStatus,
    tourPerformance,
    dailyActivities,
    trackingDashboard,
    depots,
    organizations,
    tourCommanderTours,
    tourHistory,
    tourCommanderConfig,
    backofficeActions,
    pageViews,
    mailOutbox,
    backoffice,
    appAccounts,
    appLicenses,
    healthStatus,
    liveMap,
    tempDrivers,
    subcontractor,
    roles,
    apiAccessManagement,
];
