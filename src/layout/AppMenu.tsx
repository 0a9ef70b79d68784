import { ListSubheader } from '@mui/material';
import { Fragment } from 'react';
import { Menu, useSidebarState, useTranslate } from 'react-admin';
import { useUserProfile } from '../useUserProfile';
import { entryPath, visibleEntries } from './navigation';
import { navigationEntries } from './navigationEntries';
import { useCurrentContext } from './useCurrentContext';

/** The drawer's items for the current context, computed from the declared entries and the user's actions. */
export function AppMenu() {
    const translate = useTranslate();
    const [open] = useSidebarState();
    const current = useCurrentContext();
    const { profile } = useUserProfile();
    if (!current?.basePath || !profile) return <Menu />;
    const basePath = current.basePath;
    const entries = visibleEntries(navigationEntries, current, profile.actions);
    return (
        <Menu>
            {entries.map((entry, index) => {
                const Icon = entry.icon;
                const startsGroup = entry.group !== null && entries[index - 1]?.group !== entry.group;
                return (
                    <Fragment key={`${entry.textKey}:${entry.path}`}>
                        {startsGroup && open && (
                            <ListSubheader component="div" sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
                                {translate(`app.navigation.groups.${entry.group}`)}
                            </ListSubheader>
                        )}
                        <Menu.Item to={entryPath(basePath, entry)} primaryText={translate(entry.textKey)} leftIcon={<Icon />} />
                    </Fragment>
                );
            })}
        </Menu>
    );
}
