import DirectionsCar from '@mui/icons-material/DirectionsCar';
import type { NavigationEntry } from '../../layout/navigation';

/** "Courier accounts" under accounts in the depot drawer (shell §2.9). */
export const tempDriverNavigation: NavigationEntry[] = [
    {
        context: 'depot',
        rule: 'tempDrivers',
        group: 'accounts',
        order: 20,
        icon: DirectionsCar,
        textKey: 'app.fleet.navigation.tempDrivers',
        path: 'users/tempDrivers',
    },
];
