import type { NavigationEntry } from '../../layout/navigation';

/** Drawer entry of the account licences page (shell §2.9). */
export const appLicensesNavigation: NavigationEntry[] = [];
