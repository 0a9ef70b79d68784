import { List, ListItem, ListItemText, ListSubheader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { groupActions } from './roleActions';

/**
 * A role's actions grouped by area, each with its name and one-line explanation (read-only): the
 * texts of the role editor (`app.actions.<code>.name`, `.description`). A code outside the
 * catalogue (a newer server) shows as itself rather than as a translation key.
 */
export function RoleActionList({
    actions,
    groupHeading = 'h3',
}: {
    actions: readonly string[];
    /** The level of the areas' headings below the heading they follow. */
    groupHeading?: 'h3' | 'h4';
}) {
    const translate = useTranslate();
    if (actions.length === 0)
        return <Typography variant="body2">{translate('app.roles.noActions')}</Typography>;
    return (
        <>
            {groupActions(actions).map(({ group, codes }) => (
                <List
                    key={group}
                    dense
                    disablePadding
                    subheader={
                        <ListSubheader disableSticky component={groupHeading}>
                            {translate(`app.actionGroups.${group}`)}
                        </ListSubheader>
                    }
                >
                    {codes.map((code) => (
                        <ListItem key={code} disableGutters sx={{ pl: 2 }}>
                            <ListItemText
                                primary={translate(`app.actions.${code}.name`, { _: code })}
                                secondary={translate(`app.actions.${code}.description`, { _: '' })}
                            />
                        </ListItem>
                    ))}
                </List>
            ))}
        </>
    );
}
