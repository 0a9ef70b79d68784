import CheckCircle from '@mui/icons-material/CheckCircle';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { Box, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { HealthStatistics } from '../../domain/contracts/health';
import type { AppDataProvider } from '../dataProviders';
import { useSelectedScope } from '../scope/useSelectedScope';
import { useFormatters } from '../settings/useFormatters';
import { useUserProfile } from '../useUserProfile';
import { healthBadgeVisible, healthBadgeWarning, healthStatusPageLink } from './healthBadge';
import { useNow } from './useNow';
import { visuallyHidden } from './visuallyHidden';

/** The badge refreshes its data and re-checks the clock every minute. */
const REFRESH_MS = 60_000;

/**
 * The depot health badge (shell §2.1, §9): the times of the last assignment to a vehicle and
 * the last scan on a vehicle today ('-' when absent), green, or red with a warning icon and text
 * when the data is 30 minutes old or older. A load failure clears it (only logged, shell §8).
 * For users who may open the organisation's health status page it links to the depot's row there.
 */
export function HealthBadge() {
    const translate = useTranslate();
    const dataProvider = useDataProvider<AppDataProvider>();
    const { scope } = useSelectedScope();
    const { profile } = useUserProfile();
    const { pathname } = useLocation();
    const now = useNow(REFRESH_MS);
    const formatters = useFormatters(scope.timeZone);
    const visible =
        profile !== undefined &&
        healthBadgeVisible({ scope, actions: profile.actions, pathname, now });
    const depotId = scope.depot?.internalDepotId;
    const statistics = useQuery<HealthStatistics | null>({
        queryKey: ['app', 'depotHealth', depotId ?? ''],
        queryFn: async () => {
            try {
                return await dataProvider.getDepotHealthStatistics(depotId ?? '', 'today');
            } catch (error) {
                console.warn('The depot health could not be loaded', error);
                return null;
            }
        },
        enabled: visible && depotId !== undefined,
        refetchInterval: REFRESH_MS,
    });
    const data = statistics.data;
    if (!visible || !data) return null;

    const warning = healthBadgeWarning(scope, data, now);
    const assignment = formatters.time(data.lastAssignmentAt);
    const scan = formatters.time(data.lastStatusChangeAt);
    const label = translate(warning ? 'app.health.warningStatus' : 'app.health.status', {
        assignment,
        scan,
    });
    const Icon = warning ? WarningAmber : CheckCircle;
    const pageLink = healthStatusPageLink(scope, profile.actions);
    const content = (
        <>
            <Box component="span" sx={visuallyHidden}>
                {pageLink ? `${label}. ${translate('app.health.openPage')}` : label}
            </Box>
            <Icon fontSize="small" aria-hidden />
            <Box component="span" aria-hidden sx={{ display: 'flex', gap: 0.5 }}>
                {warning && (
                    <Box
                        component="span"
                        sx={{ fontWeight: 600, display: { xs: 'none', lg: 'inline' } }}
                    >
                        {translate('app.health.outdated')}
                    </Box>
                )}
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {translate('app.health.assignment')}
                </Box>
                <span>{assignment}</span>
                <span>·</span>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {translate('app.health.scan')}
                </Box>
                <span>{scan}</span>
            </Box>
        </>
    );
    const layout = {
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: { xs: 0.75, sm: 1 },
        py: 0.25,
    };
    return (
        <Box
            role="status"
            aria-label={label}
            data-health={warning ? 'warning' : 'ok'}
            sx={{
                display: 'flex',
                flexShrink: 0,
                mx: { xs: 0.25, sm: 0.5 },
                borderRadius: 1,
                fontSize: { xs: '0.75rem', sm: '0.8125rem' },
                whiteSpace: 'nowrap',
                bgcolor: warning ? 'error.main' : 'success.main',
                color: warning ? 'error.contrastText' : 'success.contrastText',
            }}
        >
            {pageLink ? (
                <Link
                    component={RouterLink}
                    to={pageLink}
                    color="inherit"
                    underline="hover"
                    sx={{
                        ...layout,
                        borderRadius: 1,
                        '&:focus-visible': {
                            outline: '2px solid',
                            outlineColor: 'common.white',
                            outlineOffset: '2px',
                        },
                    }}
                >
                    {content}
                </Link>
            ) : (
                <Box sx={layout}>{content}</Box>
            )}
        </Box>
    );
}
