import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EMPTY_VALUE } from '../../../domain/formatting';
import type { UserProfile } from '../../../domain/contracts/profile';
import { useFormatters } from '../../settings/useFormatters';

/** The personal data of a profile (shell §2.4) as a description list: two columns from small screens, stacked below. */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
    const translate = useTranslate();
    const formatters = useFormatters();
    const rows: [string, string][] = [
        ['email', profile.email],
        ['firstName', profile.firstName],
        ['lastName', profile.lastName],
        ['mobilePhone', profile.mobilePhone || EMPTY_VALUE],
        ['landLine', profile.landLine || EMPTY_VALUE],
        ['created', formatters.date(profile.created)],
        [
            'lastLogin',
            profile.lastLogin
                ? formatters.dateTime(profile.lastLogin)
                : translate('app.profile.notLoggedIn'),
        ],
    ];
    return (
        <Box
            component="dl"
            sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, max-content) 1fr' },
                alignItems: 'baseline',
                columnGap: 3,
                rowGap: { xs: 0, sm: 1.5 },
                m: 0,
            }}
        >
            {rows.map(([field, value]) => (
                <Box key={field} sx={{ display: 'contents' }}>
                    <Typography
                        component="dt"
                        variant="body2"
                        color="text.secondary"
                        sx={{ mt: { xs: 1.5, sm: 0 } }}
                    >
                        {translate(`app.profile.fields.${field}`)}
                    </Typography>
                    <Typography
                        component="dd"
                        variant="body1"
                        data-field={field}
                        sx={{ m: 0, overflowWrap: 'anywhere' }}
                    >
                        {value}
                    </Typography>
                </Box>
            ))}
        </Box>
    );
}
