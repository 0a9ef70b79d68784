import ExpandMore from '@mui/icons-material/ExpandMore';
import {
    Box,
    Button,
    ListItemIcon,
    ListItemText,
    Menu,
    MenuItem,
    ToggleButton,
    ToggleButtonGroup,
    Tooltip,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { AppContext } from '../../domain/enums';
import { contextsOf } from '../../domain/permissions';
import { landingContexts } from '../customRoutes/landing/landingContexts';
import { useScopeSelection } from '../scope/ScopeSelectionProvider';
import { LANDING_ROUTE, LOGIN_ROUTE } from '../session';
import { useUserProfile } from '../useUserProfile';
import { useCurrentContext } from './useCurrentContext';

/** Pages without the selector (shell §2.1): landing and login. */
const hiddenOn = new Set([LANDING_ROUTE, LOGIN_ROUTE]);

const toggleSx = {
    color: 'inherit',
    borderColor: (theme: Theme) => alpha(theme.palette.common.white, 0.4),
    textTransform: 'none',
    py: 0.5,
    gap: 0.75,
    '&.Mui-selected, &.Mui-selected:hover': {
        color: 'common.white',
        bgcolor: (theme: Theme) => alpha(theme.palette.common.white, 0.22),
    },
} as const;

/** Toggle buttons on medium screens and wider: icons, with their names from large screens on. */
function ContextToggles({
    contexts,
    current,
    onChoose,
}: {
    contexts: AppContext[];
    current: AppContext | null;
    onChoose: (context: AppContext) => void;
}) {
    const translate = useTranslate();
    const large = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'), { noSsr: true });
    return (
        <ToggleButtonGroup
            size="small"
            exclusive
            sx={{ flexShrink: 0 }}
            value={current}
            onChange={(_, value: AppContext | null) => value && onChoose(value)}
            aria-label={translate('app.header.context')}
        >
            {contexts.map((context) => {
                const { icon: Icon } = landingContexts[context];
                const title = translate(`app.contexts.${context}.title`);
                return (
                    <Tooltip key={context} title={large ? '' : title}>
                        <ToggleButton
                            value={context}
                            aria-label={title}
                            sx={toggleSx}
                            data-context={context}
                        >
                            <Icon />
                            {large && <span>{title}</span>}
                        </ToggleButton>
                    </Tooltip>
                );
            })}
        </ToggleButtonGroup>
    );
}

/** A dropdown on small screens: the current context's icon (and name from `sm` on), a menu of all. */
function ContextDropdown({
    contexts,
    current,
    onChoose,
}: {
    contexts: AppContext[];
    current: AppContext | null;
    onChoose: (context: AppContext) => void;
}) {
    const translate = useTranslate();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const menuId = useId();
    const CurrentIcon = current ? landingContexts[current].icon : null;
    const currentTitle = current
        ? translate(`app.contexts.${current}.title`)
        : translate('app.header.chooseContext');
    return (
        <>
            <Button
                color="inherit"
                onClick={(event) => setAnchor(event.currentTarget)}
                aria-label={`${translate('app.header.context')}: ${currentTitle}`}
                aria-haspopup="menu"
                aria-controls={anchor ? menuId : undefined}
                aria-expanded={anchor ? true : undefined}
                startIcon={CurrentIcon ? <CurrentIcon /> : undefined}
                endIcon={<ExpandMore fontSize="small" />}
                sx={{
                    minWidth: 0,
                    flexShrink: 0,
                    textTransform: 'none',
                    '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
                    '& .MuiButton-endIcon': { ml: { xs: 0, sm: 1 } },
                }}
            >
                <Box
                    component="span"
                    sx={CurrentIcon ? { display: { xs: 'none', sm: 'inline' } } : undefined}
                >
                    {currentTitle}
                </Box>
            </Button>
            <Menu
                id={menuId}
                anchorEl={anchor}
                open={Boolean(anchor)}
                onClose={() => setAnchor(null)}
            >
                {contexts.map((context) => {
                    const { icon: Icon } = landingContexts[context];
                    return (
                        <MenuItem
                            key={context}
                            selected={context === current}
                            data-context={context}
                            onClick={() => {
                                setAnchor(null);
                                onChoose(context);
                            }}
                        >
                            <ListItemIcon>
                                <Icon />
                            </ListItemIcon>
                            <ListItemText>
                                {translate(`app.contexts.${context}.title`)}
                            </ListItemText>
                        </MenuItem>
                    );
                })}
            </Menu>
        </>
    );
}

/**
 * The context selector (shell §2.1): toggle buttons, a dropdown on small screens; hidden on
 * landing and login and for users with one context. Choosing the depot or tenant context
 * without a selection opens the selection dialog.
 */
export function ContextSelector() {
    const { profile } = useUserProfile();
    const { pathname } = useLocation();
    const current = useCurrentContext();
    const { chooseContext } = useScopeSelection();
    const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
    if (!profile || hiddenOn.has(pathname)) return null;
    const contexts = contextsOf(profile.actions);
    if (contexts.length <= 1) return null;
    const props = { contexts, current: current?.context ?? null, onChoose: chooseContext };
    return small ? <ContextDropdown {...props} /> : <ContextToggles {...props} />;
}
