import { Box, useMediaQuery, type Theme } from '@mui/material';
import { AppBar, LoadingIndicator, TitlePortal, useTranslate, type AppBarProps } from 'react-admin';
import { AppLogo } from './AppLogo';
import { AppUserMenu } from './AppUserMenu';
import { ContextSelector } from './ContextSelector';
import { HealthBadge } from './HealthBadge';
import { HelpLink } from './HelpLink';
import { LanguageMenu } from './LanguageMenu';
import { useCurrentContext } from './useCurrentContext';

const titleEllipsis = {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
} as const;

/**
 * Header (shell §2.1): the drawer toggle on small screens inside a context, logo, context
 * selector, page title (on extra-large screens: below, the header needs the room and the page's
 * own heading names it), health badge, help link (in the account menu on extra-small screens),
 * language selector, profile link and logout.
 */
export function AppHeader(props: AppBarProps) {
    const translate = useTranslate();
    const inContext = Boolean(useCurrentContext()?.basePath);
    const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
    // The compact header of extra-small screens moves the help link into the account menu.
    const extraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.only('xs'), {
        noSsr: true,
    });
    return (
        <AppBar
            {...props}
            alwaysOn
            color="primary"
            userMenu={<AppUserMenu />}
            toolbar={
                <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}>
                    <HealthBadge />
                    {!extraSmall && <HelpLink />}
                    <LanguageMenu />
                    <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
                        {/* The spinner is passed these props; without a name axe flags it (aria-progressbar-name). */}
                        <LoadingIndicator
                            {...({ 'aria-label': translate('ra.page.loading') } as object)}
                        />
                    </Box>
                </Box>
            }
            sx={inContext && small ? undefined : { '& .RaAppBar-menuButton': { display: 'none' } }}
        >
            <Box
                sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: { xs: 0.5, md: 1.5 },
                    flex: 1,
                    minWidth: 0,
                    overflow: 'hidden',
                    pl: inContext && small ? 0 : 1,
                }}
            >
                <AppLogo />
                <ContextSelector />
                <Box
                    sx={{
                        display: { xs: 'none', xl: 'flex' },
                        flex: 1,
                        minWidth: 0,
                        '& #react-admin-title': titleEllipsis,
                    }}
                >
                    <TitlePortal />
                </Box>
            </Box>
        </AppBar>
    );
}
