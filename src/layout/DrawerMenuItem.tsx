import { Tooltip, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { Link, useMatch } from 'react-router-dom';

/** The classes of a drawer entry; their styles are set once, on the menu (`drawerMenuStyles`). */
const ITEM = 'AppDrawerItem';
const ACTIVE = `${ITEM}-active`;
const ICON = `${ITEM}-icon`;
const TEXT = `${ITEM}-text`;

/**
 * The look of react-admin's menu entries (MUI's MenuItem with a 40 px icon column), as plain
 * class rules on the menu: one style computation for the whole drawer instead of one per entry.
 */
export const drawerMenuStyles = (theme: Theme) => ({
    [`& .${ITEM}`]: {
        ...theme.typography.body1,
        display: 'flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        minHeight: 48,
        padding: '6px 16px',
        color: theme.palette.text.secondary,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        cursor: 'pointer',
        outline: 0,
        WebkitTapHighlightColor: 'transparent',
        [theme.breakpoints.up('sm')]: { minHeight: 'auto' },
        '&:hover': { backgroundColor: theme.palette.action.hover },
        '@media (hover: none)': { '&:hover': { backgroundColor: 'transparent' } },
        '&:focus-visible': { backgroundColor: theme.palette.action.focus },
    },
    [`& .${ACTIVE}`]: { color: theme.palette.text.primary },
    [`& .${ICON}`]: {
        display: 'inline-flex',
        flexShrink: 0,
        minWidth: 40,
        color: theme.palette.text.secondary,
    },
    [`& .${TEXT}`]: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
});

interface DrawerMenuItemProps {
    to: string;
    text: string;
    icon: ReactNode;
    /** The drawer is expanded; collapsed to its rail, the text is a tooltip. */
    open: boolean;
    /** The accessible name when it differs from the text (a count badge). */
    label?: string;
    /** Marked only on its own page, not below it (the context's index entry). */
    exact?: boolean;
    onClick?: () => void;
}

/**
 * An entry of the navigation drawer: a link styled by the menu's class rules, marked when its
 * route is the current one. A light stand-in for react-admin's `Menu.Item`, which renders an MUI
 * MenuItem (ripple, media query, hotkeys, own styles) per entry: a depot's drawer has some 25.
 */
export function DrawerMenuItem(props: DrawerMenuItemProps) {
    const { to, text, icon, open, label, exact = false, onClick } = props;
    // Marked on the pages below it too (a list's records), as react-admin's entries are, except
    // the context's index, whose pages are all the others; the current page is announced.
    const current = useMatch({ path: to, end: true }) !== null;
    const below = useMatch({ path: to, end: false }) !== null;
    const active = exact ? current : below;
    const link = (
        <Link
            to={to}
            role="menuitem"
            tabIndex={0}
            aria-label={label}
            aria-current={current ? 'page' : undefined}
            className={active ? `${ITEM} ${ACTIVE}` : ITEM}
            onClick={onClick}
        >
            <span className={ICON}>{icon}</span>
            <span className={TEXT}>{text}</span>
        </Link>
    );
    return (
        <RailTooltip open={open} title={text}>
            {link}
        </RailTooltip>
    );
}

/** A drawer entry's text as a tooltip while the drawer is collapsed to its rail. */
export function RailTooltip({
    open,
    title,
    children,
}: {
    /** The drawer is expanded: no tooltip. */
    open: boolean;
    title: string;
    children: ReactElement;
}) {
    return open ? (
        children
    ) : (
        <Tooltip title={title} placement="right">
            {children}
        </Tooltip>
    );
}
