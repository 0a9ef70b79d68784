import { Box } from '@mui/material';
import { AppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, type AppBarProps } from 'react-admin';
import { AppLogo } from './AppLogo';
import { AppUserMenu } from './AppUserMenu';
import { useCurrentContext } from './useCurrentContext';

const titleEllipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } as const;

/** Header: drawer toggle inside a context, logo, page title, language selector, user menu with logout. */
export function AppHeader(props: AppBarProps) {
    const inContext = Boolean(useCurrentContext()?.basePath);
    return (
        <AppBar
            {...props}
            color="primary"
            userMenu={<AppUserMenu />}
            toolbar={
                <>
                    <LocalesMenuButton />
                    <LoadingIndicator />
                </>
            }
            sx={inContext ? undefined : { '& .RaAppBar-menuButton': { display: 'none' } }}
        >
            <Box sx={{ display: 'flex', alignItems: 'center', flex: 1, minWidth: 0, overflow: 'hidden', pl: inContext ? 0 : 1, '& #react-admin-title': titleEllipsis }}>
                <AppLogo />
                <TitlePortal />
            </Box>
        </AppBar>
    );
}
