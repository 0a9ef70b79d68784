import ExpandMore from '@mui/icons-material/ExpandMore';
import Translate from '@mui/icons-material/Translate';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { visuallyHiddenBelowMedium } from './visuallyHidden';

/**
 * The language selector: the current language's own name (on small screens only the icon shows,
 * the name stays the button's accessible name), a menu of all 17 languages in their own names.
 */
export function LanguageMenu() {
    const translate = useTranslate();
    const locales = useLocales();
    const [locale, setLocale] = useLocaleState();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const menuId = useId();
    const current = locales.find((candidate) => candidate.locale === locale)?.name ?? locale;
    const choose = (next: string) => {
        setAnchor(null);
        // A failed switch is only logged (shell §8); the current language stays.
        Promise.resolve(setLocale(next)).catch((error: unknown) =>
            console.warn('Language switch failed', error),
        );
    };
    return (
        <>
            <Button
                color="inherit"
                onClick={(event) => setAnchor(event.currentTarget)}
                aria-haspopup="menu"
                aria-controls={anchor ? menuId : undefined}
                aria-expanded={anchor ? true : undefined}
                title={translate('app.header.language')}
                startIcon={<Translate />}
                endIcon={<ExpandMore fontSize="small" />}
                sx={{
                    minWidth: 0,
                    flexShrink: 0,
                    textTransform: 'none',
                    '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } },
                    '& .MuiButton-endIcon': {
                        ml: { xs: 0, md: 1 },
                        display: { xs: 'none', sm: 'inherit' },
                    },
                }}
            >
                <Box component="span" sx={visuallyHiddenBelowMedium}>
                    {current}
                </Box>
            </Button>
            <Menu
                id={menuId}
                anchorEl={anchor}
                open={Boolean(anchor)}
                onClose={() => setAnchor(null)}
            >
                {locales.map((language) => (
                    <MenuItem
                        key={language.locale}
                        lang={language.locale}
                        selected={language.locale === locale}
                        onClick={() => choose(language.locale)}
                    >
                        {language.name}
                    </MenuItem>
                ))}
            </Menu>
        </>
    );
}
