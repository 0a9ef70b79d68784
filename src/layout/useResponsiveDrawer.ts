import { useMediaQuery, useTheme, type Theme } from '@mui/material';
import { useEffect } from 'react';
import { useSidebarState } from 'react-admin';

/** Delay of the second layout pass after load (shell §2.9). */
const DRAWER_SETTLE_MS = 200;

/**
 * Lays the drawer out for the screen (shell §2.9): expanded on large screens, a rail on medium
 * ones (closed state), hidden (a closed overlay) on small ones. Recalculated whenever the screen
 * size class changes, and once 200 ms after load when the final size is known.
 */
export function useResponsiveDrawer(): void {
    const theme = useTheme();
    const [, setOpen] = useSidebarState();
    const large = useMediaQuery<Theme>((current) => current.breakpoints.up('lg'), { noSsr: true });
    const medium = useMediaQuery<Theme>((current) => current.breakpoints.up('md'), { noSsr: true });
    const small = useMediaQuery<Theme>((current) => current.breakpoints.up('sm'), { noSsr: true });
    const extraLarge = useMediaQuery<Theme>((current) => current.breakpoints.up('xl'), {
        noSsr: true,
    });
    const screenClass = extraLarge ? 'xl' : large ? 'lg' : medium ? 'md' : small ? 'sm' : 'xs';

    useEffect(() => {
        setOpen(screenClass === 'lg' || screenClass === 'xl');
    }, [screenClass, setOpen]);

    useEffect(() => {
        const query = theme.breakpoints.up('lg').replace(/^@media( ?)/m, '');
        const timer = setTimeout(() => setOpen(window.matchMedia(query).matches), DRAWER_SETTLE_MS);
        return () => clearTimeout(timer);
        // Once after load only.
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
}
