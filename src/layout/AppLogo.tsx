import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import logoUrl from '../assets/logo.svg';

/** Kept for screen readers on small screens, where only the logo shows. */
const hiddenBelowMedium = {
    position: { xs: 'absolute', md: 'static' },
    width: { xs: '1px', md: 'auto' },
    height: { xs: '1px', md: 'auto' },
    overflow: { xs: 'hidden', md: 'visible' },
    clip: { xs: 'rect(0 0 0 0)', md: 'auto' },
    whiteSpace: 'nowrap',
} as const;

/** The logo links to the landing page (shell §2.1); the product name is its text, hidden visually on small screens. */
export function AppLogo() {
    const translate = useTranslate();
    return (
        <Box
            component={Link}
            to="/landing"
            title={translate('app.header.home')}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2, borderRadius: 1 }}
        >
            <img src={logoUrl} alt="" width={32} height={32} />
            <Box component="span" sx={{ fontWeight: 500, ...hiddenBelowMedium }}>
                {translate('app.name')}
            </Box>
        </Box>
    );
}
