import { fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { configureAmplify } from './amplify';
import { getBrowserConfig } from './config';
import { clearStoredSession, LOGIN_ROUTE, saveIntendedRoute } from './session';
import { UnsupportedSignInStepError } from './signInSteps';

/*
 * The one gateway to Amplify: every function here configures it on first use. The sign-in page
 * imports this module on demand, so Amplify is not part of the JavaScript needed before the
 * form is usable.
 */
let configured = false;
function ensureConfigured(): void {
    if (configured) return;
    configureAmplify(getBrowserConfig());
    configured = true;
}

/**
 * Signs in with e-mail and password through Cognito's USER_PASSWORD_AUTH flow (the embedded
 * endpoint serves no SRP). Stale tokens of an earlier session are dropped first.
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
    ensureConfigured();
    const attempt = () => signIn({ username: email.trim(), password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    let result;
    try {
        result = await attempt();
    } catch (error) {
        if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException') throw error;
        await signOut();
        result = await attempt();
    }
    if (result.nextStep.signInStep !== 'DONE') throw new UnsupportedSignInStepError(result.nextStep.signInStep);
}

/** The current access token, refreshed when expired or when `forceRefresh` is set; undefined when signed out. */
export async function getAccessToken(forceRefresh = false): Promise<string | undefined> {
    ensureConfigured();
    const session = await fetchAuthSession({ forceRefresh });
    return session.tokens?.accessToken.toString();
}

/** Ends the session: Cognito sign-out (errors are only logged), then sessionStorage and stored identity entries. */
export async function endSession(): Promise<void> {
    ensureConfigured();
    try {
        await signOut();
    } catch (error) {
        console.warn('Sign-out failed', error);
    }
    clearStoredSession();
}

/** After a lost session: forget it, keep the current route for after sign-in, reload at /login. */
export async function leaveToLogin(): Promise<void> {
    await endSession();
    const { pathname, search, hash } = window.location;
    saveIntendedRoute(`${pathname}${search}${hash}`);
    window.location.replace(LOGIN_ROUTE);
}
