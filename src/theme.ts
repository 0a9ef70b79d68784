import type { ThemeOptions } from '@mui/material/styles';

/** Colours and shapes shared by the light sign-in page and react-admin (contrast checked against WCAG AA). */
export const themeOptions: ThemeOptions = {
    palette: {
        mode: 'light',
        primary: { main: '#0d3b66' },
        secondary: { main: '#b5460f' },
        // MUI's default red falls below 4.5:1 on a focused filled field; this one keeps AA on every field background.
        error: { main: '#b3261e' },
        background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
};
