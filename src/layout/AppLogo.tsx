import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import logoUrl from '../assets/logo.svg';

/** Kept for screen readers below extra-large screens, where only the logo shows and the header needs the room. */
const hiddenBelowExtraLarge = {
    position: { xs: 'absolute', xl: 'static' },
    width: { xs: '1px', xl: 'auto' },
    height: { xs: '1px', xl: 'auto' },
    overflow: { xs: 'hidden', xl: 'visible' },
    clip: { xs: 'rect(0 0 0 0)', xl: 'auto' },
    whiteSpace: 'nowrap',
} as const;

/** The logo links to the landing page (shell §2.1); the product name is its text, shown on extra-large screens. */
export function AppLogo() {
    const translate = useTranslate();
    return (
        <Box
            component={Link}
            to="/landing"
            title={translate('app.header.home')}
            sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                color: 'inherit',
                textDecoration: 'none',
                mr: { xs: 0, md: 1 },
                borderRadius: 1,
                flexShrink: 0,
            }}
        >
            <img src={logoUrl} alt="" width={32} height={32} />
            <Box component="span" sx={{ fontWeight: 500, ...hiddenBelowExtraLarge }}>
                {translate('app.name')}
            </Box>
        </Box>
    );
}
