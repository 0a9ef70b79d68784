import { depotSummaryNavigation } from '../customRoutes/depotSummary/depotSummaryNavigation';
import { pageViewsNavigation } from '../customRoutes/pageViews/pageViewsNavigation';
import { depotNavigation } from '../resources/depots/depotNavigation';
import { externalNavigation } from './externalNavigation';
import type { NavigationEntry } from './navigation';

/** Every declared navigation entry; each page or resource declares its own in its folder. */
export const navigationEntries: readonly NavigationEntry[] = [...depotSummaryNavigation, ...depotNavigation, ...pageViewsNavigation, ...externalNavigation];
