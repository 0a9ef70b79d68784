import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useEffect } from 'react';
import { getBrowserConfig } from '../../config';
import { hasStoredTokens, LOGIN_ROUTE } from '../../session';
import { themeOptions } from '../../theme';
import { SignInPage } from './SignInPage';

const theme = createTheme(themeOptions);

/** Amplify is loaded after the form shows (prefetched at once, awaited on submit). */
const loadIdentity = () => import('../../identity');

export interface SignInShellProps {
    /** Called once the user is signed in: the boot code then loads the app. */
    onSignedIn: () => void;
}

/**
 * The first page for visitors without a session: MUI and Amplify only, no react-admin.
 * /resetPwd, /changePwd and /forceChangePwd arrive with the password issue; until then they
 * show the sign-in form at /login. A visitor who is still signed in goes straight on.
 */
export default function SignInShell({ onSignedIn }: SignInShellProps) {
    useEffect(() => {
        if (window.location.pathname !== LOGIN_ROUTE) window.history.replaceState(null, '', LOGIN_ROUTE);
        const identity = loadIdentity();
        if (!hasStoredTokens(getBrowserConfig().cognito.userPoolClientId)) return;
        let active = true;
        identity
            .then(({ getAccessToken }) => getAccessToken())
            .then((token) => {
                if (active && token) onSignedIn();
            })
            .catch(() => undefined);
        return () => {
            active = false;
        };
    }, [onSignedIn]);

    const handleSubmit = async (email: string, password: string) => {
        const { signInWithPassword } = await loadIdentity();
        await signInWithPassword(email, password);
        onSignedIn();
    };

    return (
        <ThemeProvider theme={theme}>
            <CssBaseline />
            <SignInPage onSubmit={handleSubmit} />
        </ThemeProvider>
    );
}
