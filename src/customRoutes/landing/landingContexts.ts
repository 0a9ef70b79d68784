import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Business from '@mui/icons-material/Business';
import Warehouse from '@mui/icons-material/Warehouse';
import type { ComponentType } from 'react';
import type { AppContext } from '../../../domain/enums';

/** What a landing card shows and opens for each context. */
export const landingContexts: Record<AppContext, { icon: ComponentType; path: string }> = {
    admin: { icon: AdminPanelSettings, path: '/administration' },
    tenant: { icon: Business, path: '/tenant' },
    depot: { icon: Warehouse, path: '/depot' },
};
