import type { Theme } from '@mui/material';
import type { RttDashboardCategory } from '../../../domain/rttDashboard';

/**
 * The colour of each RTT category in the dashboard's chart and tiles: the theme's success,
 * warning and error, and a grey for tours without measured stops. Each reaches 3:1 against white
 * (WCAG 1.4.11), and every figure is also given as text.
 */
export function rttColours(theme: Theme): Record<RttDashboardCategory, string> {
    return {
        GOOD: theme.palette.success.main,
        MEDIUM: theme.palette.warning.dark,
        BLOCKED: theme.palette.error.main,
        NONE: theme.palette.grey[600],
    };
}
