import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Navigate } from 'react-router-dom';
import { contextsOf } from '../../../domain/permissions';
import { useAppDialog } from '../../layout/dialogs/useAppDialog';
import { ProfileFallback } from '../../layout/ProfileFallback';
import { useSelectedScope } from '../../scope/useSelectedScope';
import { useUserProfile } from '../../useUserProfile';
import { ContextCard } from './ContextCard';
import { landingContexts } from './landingContexts';

/**
 * `/landing`: greets the user and offers one card per context; with a single context the user
 * goes straight there. Entering it resets the application state: the selected scope and the
 * dialog (shell §2.3, §4).
 */
export function LandingPage() {
    const translate = useTranslate();
    const { profile, isPending } = useUserProfile();
    const { reset } = useSelectedScope();
    const dialog = useAppDialog();
    useEffect(() => {
        reset();
        dialog.close();
    }, [reset, dialog]);
    if (!profile) return <ProfileFallback isPending={isPending} />;
    const contexts = contextsOf(profile.actions);
    if (contexts.length === 1 && contexts[0])
        return <Navigate to={landingContexts[contexts[0]].path} replace />;
    return (
        <Box sx={{ py: 3, px: { xs: 1, sm: 2 } }}>
            <Title title={translate('app.landing.title')} />
            <Typography component="h1" variant="h4" gutterBottom>
                {translate('app.landing.greeting', { firstName: profile.firstName })}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
                {translate(
                    contexts.length === 0 ? 'app.landing.noContext' : 'app.landing.chooseContext',
                )}
            </Typography>
            <Box
                component="ul"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, listStyle: 'none', p: 0, m: 0 }}
            >
                {contexts.map((context) => (
                    <li key={context}>
                        <ContextCard context={context} />
                    </li>
                ))}
            </Box>
        </Box>
    );
}
