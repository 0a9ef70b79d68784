import type { ThemeOptions } from '@mui/material/styles';

/** Colours and shapes shared by the light sign-in page and react-admin (contrast checked against WCAG AA). */
export const themeOptions: ThemeOptions = {
    palette: {
        mode: 'light',
        primary: { main: '#0d3b66' },
        secondary: { main: '#b5460f' },
        background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
};
