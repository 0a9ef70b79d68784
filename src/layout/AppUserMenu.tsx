import Password from '@mui/icons-material/Password';
import { Avatar, Box, Button, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useCallback, useId, useMemo, useState, type MouseEvent } from 'react';
import { Logout, UserMenuContextProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { CHANGE_PASSWORD_ROUTE } from '../session';
import { useUserProfile } from '../useUserProfile';

/**
 * The user's initials and e-mail (shell §2.1) opening a menu with the password change and
 * logout; on small screens only the initials show. The profile page arrives with the profile issue.
 */
export function AppUserMenu() {
    const translate = useTranslate();
    const { profile } = useUserProfile();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const menuId = useId();
    const close = useCallback(() => setAnchor(null), []);
    const context = useMemo(() => ({ onClose: close }), [close]);
    if (!profile) return null;
    return (
        <>
            <Button
                color="inherit"
                onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
                aria-haspopup="menu"
                aria-expanded={anchor ? true : undefined}
                aria-controls={anchor ? menuId : undefined}
                startIcon={<Avatar sx={{ width: 28, height: 28, fontSize: 13, bgcolor: 'secondary.main' }}>{profile.initials}</Avatar>}
                sx={{ textTransform: 'none', ml: 0.5, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                    {profile.email}
                </Box>
            </Button>
            <UserMenuContextProvider value={context}>
                <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close} disableScrollLock anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
                    <MenuItem disabled divider>
                        {profile.email}
                    </MenuItem>
                    <MenuItem component={Link} to={CHANGE_PASSWORD_ROUTE} onClick={close}>
                        <ListItemIcon>
                            <Password fontSize="small" />
                        </ListItemIcon>
                        <ListItemText>{translate('app.changePassword.title')}</ListItemText>
                    </MenuItem>
                    <Logout />
                </Menu>
            </UserMenuContextProvider>
        </>
    );
}
