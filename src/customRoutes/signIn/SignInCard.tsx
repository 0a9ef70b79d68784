import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import logoUrl from '../../assets/logo.svg';
import { useAppTranslate } from '../../i18n/useAppTranslate';

export interface SignInCardProps {
    /** Text key of the page heading. */
    titleKey: string;
    /** Text key of the line below the heading. */
    introKey?: string;
    introOptions?: Record<string, unknown>;
    children: ReactNode;
}

/** The frame of every sign-in page (sign-in, new password, two-step sign-in, password reset): logo, heading, form. */
export function SignInCard({ titleKey, introKey, introOptions, children }: SignInCardProps) {
    const translate = useAppTranslate();
    return (
        <Box
            component="main"
            sx={{
                minHeight: '100vh',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                p: 2,
                bgcolor: 'background.default',
            }}
        >
            <Card sx={{ width: '100%', maxWidth: 440 }} elevation={3}>
                <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
                        <img src={logoUrl} alt="" width={40} height={40} />
                        <Typography component="p" variant="h6" color="primary">
                            {translate('app.name')}
                        </Typography>
                    </Box>
                    <Typography component="h1" variant="h5" gutterBottom>
                        {translate(titleKey)}
                    </Typography>
                    {introKey && (
                        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
                            {translate(introKey, introOptions)}
                        </Typography>
                    )}
                    {children}
                </CardContent>
            </Card>
        </Box>
    );
}
