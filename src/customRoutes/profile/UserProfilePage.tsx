import { Alert, AlertTitle } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import type { UserProfile } from '../../../domain/contracts/profile';
import type { AppDataProvider } from '../../dataProviders';
import { AlertDialog } from '../../layout/AlertDialog';
import { useUserProfile } from '../../useUserProfile';
import { ProfileView } from './ProfileView';
import { UserProfileActions } from './UserProfileActions';

/** A user the caller may not see answers 404, like an unknown one (the server never reveals which). */
const isNotVisible = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * `/users/profile/:userHashId`: another back-office user's profile and permissions (shell §2.4).
 * A load failure shows the error alert (shell §8): for an unknown user, or one outside the
 * viewer's scopes (both answer 404), it says the user cannot be shown; any other failure also
 * opens the generic error dialog. Viewers who may update back-office users get Edit, admins also Edit
 * permissions; the profile reloads after a save.
 */
export function UserProfilePage() {
    const translate = useTranslate();
    const { userHashId = '' } = useParams<{ userHashId: string }>();
    const { profile: own } = useUserProfile();
    const dataProvider = useDataProvider<AppDataProvider>();
    const isOwn = own?.id === userHashId;
    const query = useQuery<UserProfile>({
        queryKey: ['app', 'userProfile', userHashId],
        queryFn: () => dataProvider.getUserProfile(userHashId),
        enabled: Boolean(userHashId) && own !== undefined && !isOwn,
        retry: (failureCount, error) => !isNotVisible(error) && failureCount < 2,
    });
    const [alertDismissedFor, setAlertDismissedFor] = useState<string>();

    if (isOwn) return <Navigate to="/my/profile" replace />;
    if (query.isError) {
        const notFound = isNotVisible(query.error);
        return (
            <>
                <Title title={translate('app.profile.userTitle')} />
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                    <AlertTitle component="h1">{translate('app.profile.userTitle')}</AlertTitle>
                    {translate(notFound ? 'app.profile.notFound' : 'app.profile.loadError')}
                </Alert>
                {!notFound && (
                    <AlertDialog
                        open={alertDismissedFor !== userHashId}
                        type="error"
                        onClose={() => setAlertDismissedFor(userHashId)}
                    />
                )}
            </>
        );
    }
    if (!query.data) return <Loading />;
    const actions = own ? (
        <UserProfileActions viewer={own} user={query.data} onSaved={() => void query.refetch()} />
    ) : undefined;
    return <ProfileView profile={query.data} titleKey="app.profile.userTitle" actions={actions} />;
}
