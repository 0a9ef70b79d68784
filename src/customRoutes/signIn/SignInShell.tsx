import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useCallback, useEffect, useState } from 'react';
import { getBrowserConfig } from '../../config';
import {
    FORCE_CHANGE_PASSWORD_ROUTE,
    hasStoredTokens,
    LOGIN_ROUTE,
    RESET_PASSWORD_ROUTE,
} from '../../session';
import type { SignInStep } from '../../signInSteps';
import { themeOptions } from '../../theme';
import type { Notice } from './FormAlerts';
import { loadIdentity } from './loadIdentity';
import { SignInCard } from './SignInCard';
import { SignInForm } from './SignInForm';

const theme = createTheme(themeOptions);

type StepViews = typeof import('./signInStepViews');
let stepViews: StepViews | undefined;

/** The views after the password step; Root loads them before the first render on /resetPwd. */
export async function loadStepViews(): Promise<StepViews> {
    stepViews ??= await import('./signInStepViews');
    return stepViews;
}

/** What the shell shows; each view has its URL (the two-step views stay on /login). */
type View =
    | { name: 'signIn'; notice?: Notice }
    | { name: 'newPassword' }
    | { name: 'totpSetup'; sharedSecret: string; setupUri: (issuer: string) => string }
    | { name: 'totpCode' }
    | { name: 'resetPassword'; required: boolean };

const routeOf = (view: View) =>
    view.name === 'newPassword'
        ? FORCE_CHANGE_PASSWORD_ROUTE
        : view.name === 'resetPassword'
          ? RESET_PASSWORD_ROUTE
          : LOGIN_ROUTE;

/** The view for a URL: a new-password step cannot be resumed from its URL alone, so it starts over at the sign-in. */
const viewOfRoute = (pathname: string): View =>
    pathname === RESET_PASSWORD_ROUTE
        ? { name: 'resetPassword', required: false }
        : { name: 'signIn' };

const viewOfStep = (step: Exclude<SignInStep, { kind: 'done' }>): View => {
    switch (step.kind) {
        case 'newPassword':
            return { name: 'newPassword' };
        case 'totpSetup':
            return { name: 'totpSetup', sharedSecret: step.sharedSecret, setupUri: step.setupUri };
        case 'totpCode':
            return { name: 'totpCode' };
        case 'resetPassword':
            return { name: 'resetPassword', required: true };
    }
};

/** Loads Amplify and the step views once the visitor starts using the form, so they are ready on submit. */
function usePrefetchOnFirstInput() {
    useEffect(() => {
        const prefetch = () => {
            void loadIdentity();
            void loadStepViews();
        };
        const events = ['pointerdown', 'keydown'] as const;
        for (const name of events)
            document.addEventListener(name, prefetch, { once: true, capture: true });
        return () => {
            for (const name of events)
                document.removeEventListener(name, prefetch, { capture: true });
        };
    }, []);
}

export interface SignInShellProps {
    /** Called once the user is signed in: the boot code then loads the app. */
    onSignedIn: () => void;
}

/**
 * The pages for visitors without a session, with MUI and (on demand) Amplify only, no
 * react-admin: /login and its steps (new password at /forceChangePwd, TOTP setup or code) and
 * /resetPwd. A visitor who is still signed in goes straight on.
 */
export default function SignInShell({ onSignedIn }: SignInShellProps) {
    const [view, setView] = useState<View>(() => viewOfRoute(window.location.pathname));
    const [views, setViews] = useState(stepViews);
    const [email, setEmail] = useState('');
    usePrefetchOnFirstInput();

    const show = useCallback((next: View) => {
        const route = routeOf(next);
        if (window.location.pathname !== route) window.history.pushState(null, '', route);
        setView(next);
    }, []);

    useEffect(() => {
        const route = routeOf(viewOfRoute(window.location.pathname));
        if (window.location.pathname !== route) window.history.replaceState(null, '', route);
        const onPopState = () => {
            const next = viewOfRoute(window.location.pathname);
            if (window.location.pathname !== routeOf(next))
                window.history.replaceState(null, '', routeOf(next));
            setView(next);
        };
        window.addEventListener('popstate', onPopState);
        return () => window.removeEventListener('popstate', onPopState);
    }, []);

    useEffect(() => {
        if (!hasStoredTokens(getBrowserConfig().cognito.userPoolClientId)) return;
        let active = true;
        loadIdentity()
            .then(({ getAccessToken }) => getAccessToken())
            .then((token) => {
                if (active && token) onSignedIn();
            })
            .catch(() => undefined);
        return () => {
            active = false;
        };
    }, [onSignedIn]);

    // A view after the password step shown without its chunk (e.g. Back/Forward to /resetPwd).
    useEffect(() => {
        if (view.name !== 'signIn' && !views) void loadStepViews().then(setViews);
    }, [view, views]);

    const follow = useCallback(
        async (step: SignInStep) => {
            if (step.kind === 'done') return onSignedIn();
            setViews(await loadStepViews());
            show(viewOfStep(step));
        },
        [onSignedIn, show],
    );

    const restart = useCallback(
        (errorKey: string) =>
            show({ name: 'signIn', notice: { severity: 'warning', key: errorKey } }),
        [show],
    );
    const backToSignIn = useCallback(() => show({ name: 'signIn' }), [show]);

    const signIn = async (address: string, password: string) => {
        setEmail(address);
        const { signInWithPassword } = await loadIdentity();
        await follow(await signInWithPassword(address, password));
    };

    /** After a reset: sign in with the new password; if that fails, the sign-in form says the password was changed. */
    const signInAfterReset = async (address: string, password: string) => {
        try {
            await signIn(address, password);
        } catch {
            show({
                name: 'signIn',
                notice: { severity: 'success', key: 'app.signIn.passwordResetDone' },
            });
        }
    };

    const confirmStep =
        (confirm: 'confirmNewPassword' | 'confirmTotpCode') => async (answer: string) => {
            const identity = await loadIdentity();
            await follow(await identity[confirm](answer));
        };

    return (
        <ThemeProvider theme={theme}>
            <CssBaseline />
            {view.name === 'signIn' ? (
                <SignInCard titleKey="app.signIn.title" introKey="app.signIn.subtitle">
                    <SignInForm
                        key={view.notice?.key ?? 'signIn'}
                        initialEmail={email}
                        notice={view.notice}
                        onSubmit={signIn}
                        onForgotPassword={(address) => {
                            setEmail(address);
                            show({ name: 'resetPassword', required: false });
                        }}
                    />
                </SignInCard>
            ) : !views ? null : view.name === 'newPassword' ? (
                <views.ForceChangePasswordView
                    onSubmit={confirmStep('confirmNewPassword')}
                    onRestart={restart}
                    onCancel={backToSignIn}
                />
            ) : view.name === 'totpSetup' ? (
                <views.TotpSetupView
                    sharedSecret={view.sharedSecret}
                    setupUri={view.setupUri}
                    onSubmit={confirmStep('confirmTotpCode')}
                    onRestart={restart}
                    onCancel={backToSignIn}
                />
            ) : view.name === 'totpCode' ? (
                <views.TotpCodeView
                    onSubmit={confirmStep('confirmTotpCode')}
                    onRestart={restart}
                    onCancel={backToSignIn}
                />
            ) : (
                <views.ResetPasswordView
                    initialEmail={email}
                    required={view.required}
                    onPasswordReset={signInAfterReset}
                    onCancel={backToSignIn}
                />
            )}
        </ThemeProvider>
    );
}
