import { Box, Card, CardContent, CardHeader, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { UserProfile } from '../../../domain/contracts/profile';
import { PermissionsTable } from './PermissionsTable';
import { ProfileDetails } from './ProfileDetails';

export interface ProfileViewProps {
    profile: UserProfile;
    /** Text key of the page title. */
    titleKey: string;
    /** Buttons of the personal data card (Change password on one's own profile). */
    actions?: ReactNode;
    /** The settings panel, on one's own profile only. */
    settings?: ReactNode;
    /** Two-step sign-in (TOTP), on one's own profile only. */
    security?: ReactNode;
}

/** A back-office user's profile (shell §2.4): personal data, permissions and, for oneself, the settings. */
export function ProfileView({ profile, titleKey, actions, settings, security }: ProfileViewProps) {
    const translate = useTranslate();
    const heading = { component: 'h2', variant: 'h6' } as const;
    return (
        <Box sx={{ py: { xs: 2, sm: 3 }, px: { xs: 0, sm: 1 }, maxWidth: 1200 }}>
            <Title title={translate(titleKey)} />
            <Stack spacing={3}>
                <Card component="section" aria-labelledby="profile-details-title">
                    <CardHeader
                        title={`${profile.firstName} ${profile.lastName}`}
                        subheader={translate(titleKey)}
                        slotProps={{
                            title: { component: 'h1', variant: 'h5', id: 'profile-details-title' },
                        }}
                        action={actions}
                        sx={{
                            flexWrap: 'wrap',
                            rowGap: 1,
                            '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 },
                        }}
                    />
                    <CardContent sx={{ pt: 0 }}>
                        <ProfileDetails profile={profile} />
                    </CardContent>
                </Card>
                <Card component="section" aria-labelledby="profile-permissions-title">
                    <CardHeader
                        title={translate('app.profile.permissions')}
                        slotProps={{ title: { ...heading, id: 'profile-permissions-title' } }}
                    />
                    <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
                        <PermissionsTable permissions={profile.permissions} />
                    </CardContent>
                </Card>
                {security && (
                    <Card component="section" aria-labelledby="profile-security-title">
                        <CardHeader
                            title={translate('app.mfa.profile.title')}
                            subheader={translate('app.mfa.profile.intro')}
                            slotProps={{ title: { ...heading, id: 'profile-security-title' } }}
                        />
                        <CardContent sx={{ pt: 0 }}>{security}</CardContent>
                    </Card>
                )}
                {settings && (
                    <Card component="section" aria-labelledby="profile-settings-title">
                        <CardHeader
                            title={translate('app.settings.title')}
                            subheader={translate('app.settings.intro')}
                            slotProps={{ title: { ...heading, id: 'profile-settings-title' } }}
                        />
                        <CardContent sx={{ pt: 0 }}>{settings}</CardContent>
                    </Card>
                )}
            </Stack>
        </Box>
    );
}
