import { List, ListItem, ListItemText, ListSubheader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { groupActions } from './roleActions';

/** A role's actions grouped by area, each with its one-line explanation (read-only). */
export function RoleActionList({ actions }: { actions: readonly string[] }) {
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
                        <ListSubheader disableSticky component="h3">
                            {translate(`app.actionGroups.${group}`)}
                        </ListSubheader>
                    }
                >
                    {codes.map((code) => (
                        <ListItem key={code} disableGutters sx={{ pl: 2 }}>
                            <ListItemText
                                primary={translate(`app.actions.${code}.name`)}
                                secondary={translate(`app.actions.${code}.description`)}
                            />
                        </ListItem>
                    ))}
                </List>
            ))}
        </>
    );
}
