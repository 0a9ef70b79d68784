import { Box, Drawer, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { useSidebarState, useTranslate, type SidebarProps } from 'react-admin';
import { DrawerScopeSelector } from './DrawerScopeSelector';
import { useCurrentContext } from './useCurrentContext';

/** Drawer widths (shell §9): open 260, rail 58. */
const DRAWER_WIDTH = 260;
const RAIL_WIDTH = 58;
/** The dense app bar's height above the permanent drawer (medium screens and wider). */
const APP_BAR_HEIGHT = 48;

/**
 * The navigation drawer (shell §2.9), only inside a selected context: expanded on large screens,
 * a rail on medium ones, a closable overlay on small ones; the scope selector on top.
 */
export function ContextSidebar({ children }: SidebarProps) {
    const translate = useTranslate();
    const current = useCurrentContext();
    const [open, setOpen] = useSidebarState();
    const overlay = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
    // Entering the overlay layout with the drawer still marked open (the screen just shrank) must
    // not open the overlay: it stays shut until the layout pass has closed it (shell §2.9).
    const [overlayBefore, setOverlayBefore] = useState(overlay);
    const [held, setHeld] = useState(() => overlay && open);
    if (overlayBefore !== overlay) {
        setOverlayBefore(overlay);
        setHeld(overlay && open);
    } else if (held && !open) {
        setHeld(false);
    }
    if (!current?.basePath) return null;
    const label = translate('app.navigation.label');
    const content = (
        <>
            <DrawerScopeSelector />
            {children}
        </>
    );
    if (overlay) {
        return (
            <Drawer
                variant="temporary"
                open={open && !held}
                onClose={() => setOpen(false)}
                slotProps={{ paper: { 'aria-label': label, sx: { width: DRAWER_WIDTH } } }}
            >
                <Box component="nav" aria-label={label}>
                    {content}
                </Box>
            </Drawer>
        );
    }
    const width = open ? DRAWER_WIDTH : RAIL_WIDTH;
    return (
        <Box
            component="nav"
            aria-label={label}
            sx={{ width, flexShrink: 0, transition: (theme) => theme.transitions.create('width') }}
        >
            <Box
                sx={{
                    position: 'sticky',
                    top: APP_BAR_HEIGHT,
                    width,
                    maxHeight: `calc(100vh - ${APP_BAR_HEIGHT}px)`,
                    overflowY: 'auto',
                    overflowX: 'hidden',
                }}
            >
                {content}
            </Box>
        </Box>
    );
}
