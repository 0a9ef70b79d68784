import OpenInNew from '@mui/icons-material/OpenInNew';
import {
    Badge,
    ListItemIcon,
    ListSubheader,
    MenuItem,
    Typography,
    useMediaQuery,
    type Theme,
} from '@mui/material';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { DrawerMenuItem, drawerMenuStyles, RailTooltip } from './DrawerMenuItem';
import { navigationItems, needsNotifications, type NavigationItem } from './navigation';
import { useContextNavigation } from './useContextNavigation';
import { useNotificationStatistics } from './useNotificationStatistics';

type Item = Extract<NavigationItem, { type: 'item' }>;

/** The item's icon, with the count badge where the entry has one. */
function ItemIcon({ item }: { item: Item }) {
    const Icon = item.icon;
    if (!item.notifications) return <Icon />;
    // The count is part of the link's label; the badge only shows it.
    return (
        <Badge badgeContent={item.notifications} color="secondary" max={99} aria-hidden>
            <Icon />
        </Badge>
    );
}

/** An external product's link (shell §2.7): a new tab, without access to this window. */
function ExternalItem({ item, text, open }: { item: Item; text: string; open: boolean }) {
    const translate = useTranslate();
    const label = `${text} (${translate('app.header.opensInNewTab')})`;
    const link = (
        <MenuItem
            component="a"
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label}
            sx={{ color: 'text.secondary' }}
        >
            <ListItemIcon sx={{ minWidth: 40 }}>
                <ItemIcon item={item} />
            </ListItemIcon>
            <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
                {text}
            </Typography>
            {open && <OpenInNew fontSize="small" aria-hidden />}
        </MenuItem>
    );
    return (
        <RailTooltip open={open} title={text}>
            {link}
        </RailTooltip>
    );
}

/**
 * The drawer's items for the current context (shell §2.9), computed from the declared entries
 * and the navigation rules of shell §6 under the selected scope; group headers only when the
 * drawer is expanded, badges from the scope's notification statistics.
 */
export function AppMenu() {
    const translate = useTranslate();
    const [open, setOpen] = useSidebarState();
    // Below md the drawer is an overlay: choosing an entry closes it.
    const overlay = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'), { noSsr: true });
    const { current, input, entries, scopePath } = useContextNavigation();
    const statistics = useNotificationStatistics(
        needsNotifications(entries) ? scopePath : undefined,
    );
    if (!current?.basePath || !input) return <Menu />;

    const items = navigationItems(entries, {
        basePath: current.basePath,
        links: input.links,
        statistics,
        headers: open,
    });
    const closeOverlay = overlay ? () => setOpen(false) : undefined;
    return (
        <Menu sx={drawerMenuStyles}>
            {items.map((item) => {
                const text = translate(item.textKey);
                if (item.type === 'header') {
                    return (
                        <ListSubheader
                            key={item.id}
                            component="div"
                            sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}
                        >
                            {text}
                        </ListSubheader>
                    );
                }
                if (item.external)
                    return <ExternalItem key={item.id} item={item} text={text} open={open} />;
                const label = item.notifications
                    ? `${text} (${translate('app.navigation.notifications', { total: item.notifications })})`
                    : undefined;
                return (
                    <DrawerMenuItem
                        key={item.id}
                        to={item.link}
                        text={text}
                        icon={<ItemIcon item={item} />}
                        open={open}
                        label={label}
                        exact={item.link === current.basePath}
                        onClick={closeOverlay}
                    />
                );
            })}
        </Menu>
    );
}
