import { navigationEntriesOf } from '../screens/registry';
import { screens } from '../screens/list';
import { externalNavigation } from './externalNavigation';
import type { NavigationEntry } from './navigation';

/** Every navigation entry: those the screens declare, then the links to external products. */
export const navigationEntries: readonly NavigationEntry[] = [
    ...navigationEntriesOf(screens),
    ...externalNavigation,
];
