import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import { IconButton, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { getBrowserConfig } from '../config';
import { helpCenterUrl } from './helpCenter';

/** The help center's address in the current language, or undefined when none is configured. */
function useHelpCenterUrl(): string | undefined {
    const [locale] = useLocaleState();
    return helpCenterUrl(getBrowserConfig().helpCenterUrl, locale);
}

/** The help link as an item of the account menu (extra-small screens). */
export function HelpMenuItem({ onClick }: { onClick: () => void }) {
    const translate = useTranslate();
    const href = useHelpCenterUrl();
    if (!href) return null;
    return (
        <MenuItem
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClick}
        >
            <ListItemIcon>
                <HelpOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText
                primary={translate('app.header.help')}
                secondary={translate('app.header.opensInNewTab')}
            />
        </MenuItem>
    );
}

/** The help center in the user's language (en, de, it; others English), in a new tab; absent when not configured. */
export function HelpLink() {
    const translate = useTranslate();
    const href = useHelpCenterUrl();
    if (!href) return null;
    const label = `${translate('app.header.help')} (${translate('app.header.opensInNewTab')})`;
    return (
        <Tooltip title={translate('app.header.help')}>
            <IconButton
                color="inherit"
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
            >
                <HelpOutline />
            </IconButton>
        </Tooltip>
    );
}
