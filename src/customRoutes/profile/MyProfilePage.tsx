import Password from '@mui/icons-material/Password';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ProfileFallback } from '../../layout/ProfileFallback';
import { CHANGE_PASSWORD_ROUTE } from '../../session';
import { useUserProfile } from '../../useUserProfile';
import { ProfileMfaSection } from './ProfileMfaSection';
import { ProfileView } from './ProfileView';
import { SettingsPanel } from './SettingsPanel';

/** `/my/profile`: the signed-in user's own profile with Change password, two-step sign-in and the settings panel (shell §2.4). */
export function MyProfilePage() {
    const translate = useTranslate();
    const { profile, isPending } = useUserProfile();
    if (!profile) return <ProfileFallback isPending={isPending} />;
    return (
        <ProfileView
            profile={profile}
            titleKey="app.profile.title"
            actions={
                <Button
                    component={Link}
                    to={CHANGE_PASSWORD_ROUTE}
                    variant="outlined"
                    startIcon={<Password />}
                >
                    {translate('app.changePassword.title')}
                </Button>
            }
            security={<ProfileMfaSection email={profile.email} />}
            settings={<SettingsPanel />}
        />
    );
}
