import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import logoUrl from '../../assets/logo.svg';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { SignInForm, type SignInFormProps } from './SignInForm';

/**
 * The sign-in page: used as the light first page (no react-admin loaded) and as react-admin's
 * `loginPage`. It only needs MUI, aws-amplify/auth and i18next.
 */
export function SignInPage({ onSubmit }: SignInFormProps) {
    const translate = useAppTranslate();
    return (
        <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}>
            <Card sx={{ width: '100%', maxWidth: 420 }} elevation={3}>
                <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
                        <img src={logoUrl} alt="" width={40} height={40} />
                        <Typography component="p" variant="h6" color="primary">
                            {translate('app.name')}
                        </Typography>
                    </Box>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {translate('app.signIn.title')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                        {translate('app.signIn.subtitle')}
                    </Typography>
                    <SignInForm onSubmit={onSubmit} />
                </CardContent>
            </Card>
        </Box>
    );
}
