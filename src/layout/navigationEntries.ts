import { appLicensesNavigation } from '../customRoutes/appLicenses/appLicensesNavigation';
import { backofficeActionsNavigation } from '../customRoutes/backofficeActions/navigation';
import { depotSummaryNavigation } from '../customRoutes/depotSummary/depotSummaryNavigation';
import { pageViewsNavigation } from '../customRoutes/pageViews/pageViewsNavigation';
import { tourCommanderConfigNavigation } from '../customRoutes/tourCommanderConfig/navigation';
import { apiCredentialNavigation } from '../resources/apiCredentials/navigation';
import { appAccountNavigation } from '../resources/appAccounts/navigation';
import { backOfficeUserNavigation } from '../resources/backOfficeUsers/navigation';
import { depotNavigation } from '../resources/depots/depotNavigation';
import { organizationNavigation } from '../resources/organizations/navigation';
import { roleNavigation } from '../resources/roles/navigation';
import { subcontractorNavigation } from '../resources/subcontractors/navigation';
import { tempDriverNavigation } from '../resources/tempDrivers/navigation';
import { externalNavigation } from './externalNavigation';
import type { NavigationEntry } from './navigation';

/** Every declared navigation entry; each page or resource declares its own in its folder. */
export const navigationEntries: readonly NavigationEntry[] = [
    ...depotSummaryNavigation,
    ...depotNavigation,
    ...pageViewsNavigation,
    ...externalNavigation,
    ...backOfficeUserNavigation,
    ...tempDriverNavigation,
    ...appAccountNavigation,
    ...appLicensesNavigation,
    ...subcontractorNavigation,
    ...roleNavigation,
    ...organizationNavigation,
    ...tourCommanderConfigNavigation,
    ...backofficeActionsNavigation,
    ...apiCredentialNavigation,
];
