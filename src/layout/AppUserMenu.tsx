import AccountCircle from '@mui/icons-material/AccountCircleOutlined';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import {
    Avatar,
    Box,
    Button,
    IconButton,
    ListItemIcon,
    ListItemText,
    Menu,
    MenuItem,
    Tooltip,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { useCallback, useId, useMemo, useState } from 'react';
import { Logout, useLogout, UserMenuContextProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useUserProfile } from '../useUserProfile';
import { HelpMenuItem } from './HelpLink';
import { visuallyHidden } from './visuallyHidden';

/** Where the header's profile link leads (shell §2.4). */
const PROFILE_ROUTE = '/my/profile';

const avatarSx = { width: 28, height: 28, fontSize: 13, bgcolor: 'secondary.main' } as const;

/** Small screens: the initials open a menu with the profile and logout (shell §2.1); on extra-small ones the help link too. */
function CompactUserMenu({ email, initials }: { email: string; initials: string }) {
    const translate = useTranslate();
    const extraSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.only('xs'), {
        noSsr: true,
    });
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const menuId = useId();
    const close = useCallback(() => setAnchor(null), []);
    const context = useMemo(() => ({ onClose: close }), [close]);
    return (
        <>
            <IconButton
                color="inherit"
                onClick={(event) => setAnchor(event.currentTarget)}
                aria-haspopup="menu"
                aria-expanded={anchor ? true : undefined}
                aria-controls={anchor ? menuId : undefined}
            >
                <Avatar sx={avatarSx} aria-hidden>
                    {initials}
                </Avatar>
                <Box component="span" sx={visuallyHidden}>
                    {translate('app.header.accountMenu', { email })}
                </Box>
            </IconButton>
            <UserMenuContextProvider value={context}>
                <Menu
                    id={menuId}
                    anchorEl={anchor}
                    open={Boolean(anchor)}
                    onClose={close}
                    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                    transformOrigin={{ vertical: 'top', horizontal: 'right' }}
                >
                    <MenuItem component={Link} to={PROFILE_ROUTE} onClick={close}>
                        <ListItemIcon>
                            <AccountCircle fontSize="small" />
                        </ListItemIcon>
                        <ListItemText primary={translate('app.header.profile')} secondary={email} />
                    </MenuItem>
                    {extraSmall && <HelpMenuItem onClick={close} />}
                    <Logout />
                </Menu>
            </UserMenuContextProvider>
        </>
    );
}

/**
 * The user's initials and e-mail linking to the profile, and logout (shell §2.1); on small
 * screens a menu with both.
 */
export function AppUserMenu() {
    const translate = useTranslate();
    const logout = useLogout();
    const { profile } = useUserProfile();
    const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
    if (!profile) return null;
    if (small) return <CompactUserMenu email={profile.email} initials={profile.initials} />;
    return (
        <>
            <Button
                color="inherit"
                component={Link}
                to={PROFILE_ROUTE}
                title={translate('app.header.profile')}
                startIcon={<Avatar sx={avatarSx}>{profile.initials}</Avatar>}
                sx={{ textTransform: 'none', ml: 0.5, minWidth: 0, maxWidth: { md: 220, xl: 320 } }}
            >
                <Box
                    component="span"
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                    {profile.email}
                </Box>
            </Button>
            <Tooltip title={translate('ra.auth.logout')}>
                <IconButton
                    color="inherit"
                    onClick={() => void logout()}
                    aria-label={translate('ra.auth.logout')}
                >
                    <LogoutIcon />
                </IconButton>
            </Tooltip>
        </>
    );
}
