import type { NavigationEntry } from '../../layout/navigation';

/** Drawer entries of this resource (shell §2.9). */
export const subcontractorNavigation: NavigationEntry[] = [];
