import {
    confirmResetPassword,
    confirmSignIn,
    fetchAuthSession,
    fetchMFAPreference,
    fetchUserAttributes,
    resetPassword,
    setUpTOTP,
    signIn,
    signOut,
    updateMFAPreference,
    updatePassword,
    verifyTOTPSetup,
    type SignInOutput,
} from 'aws-amplify/auth';
import { configureAmplify } from './amplify';
import { getBrowserConfig } from './config';
import { clearStoredSession, LOGIN_ROUTE, saveIntendedRoute } from './session';
import { UnsupportedSignInStepError, type SignInStep } from './signInSteps';

/*
 * The one gateway to Amplify: every function here configures it on first use. The sign-in pages
 * import this module on demand, so Amplify is not part of the JavaScript needed before the
 * form is usable.
 */
let configured = false;
function ensureConfigured(): void {
    if (configured) return;
    configureAmplify(getBrowserConfig());
    configured = true;
}

/** The e-mail of the sign-in in progress: the account name in the authenticator app. */
let signingInAs = '';

async function toSignInStep({ nextStep }: SignInOutput): Promise<SignInStep> {
    switch (nextStep.signInStep) {
        case 'DONE':
            return { kind: 'done' };
        case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
            return { kind: 'newPassword' };
        case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP': {
            const { sharedSecret, getSetupUri } = nextStep.totpSetupDetails;
            const accountName = signingInAs;
            return {
                kind: 'totpSetup',
                sharedSecret,
                setupUri: (issuer) => getSetupUri(issuer, accountName).href,
            };
        }
        case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
            return { kind: 'totpCode' };
        case 'RESET_PASSWORD':
            return { kind: 'resetPassword' };
        // A pool that also offers SMS or e-mail codes asks which factor to use: this product uses TOTP.
        case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION':
        case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION':
            if (nextStep.allowedMFATypes?.includes('TOTP'))
                return toSignInStep(await confirmSignIn({ challengeResponse: 'TOTP' }));
            break;
        default:
            break;
    }
    throw new UnsupportedSignInStepError(nextStep.signInStep);
}

/**
 * Signs in with e-mail and password through Cognito's USER_PASSWORD_AUTH flow (the embedded
 * endpoint serves no SRP) and answers the next step. Stale tokens of an earlier session are
 * dropped first.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
    ensureConfigured();
    const username = email.trim();
    signingInAs = username;
    const attempt = () =>
        signIn({ username, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    let result;
    try {
        result = await attempt();
    } catch (error) {
        if (!(error instanceof Error) || error.name !== 'UserAlreadyAuthenticatedException')
            throw error;
        await signOut();
        result = await attempt();
    }
    return toSignInStep(result);
}

/** Answers the new-password challenge of a temporary password. */
export async function confirmNewPassword(newPassword: string): Promise<SignInStep> {
    ensureConfigured();
    return toSignInStep(await confirmSignIn({ challengeResponse: newPassword }));
}

/** Answers a TOTP step (setup or login mode) with the authenticator app's code. */
export async function confirmTotpCode(code: string): Promise<SignInStep> {
    ensureConfigured();
    return toSignInStep(await confirmSignIn({ challengeResponse: code }));
}

/** Asks for a password reset code by e-mail; answers where it was sent (masked), when told. */
export async function requestPasswordReset(email: string): Promise<string | undefined> {
    ensureConfigured();
    const { nextStep } = await resetPassword({ username: email.trim() });
    return nextStep.codeDeliveryDetails?.destination;
}

/** Sets a new password with the e-mailed code; the caller signs in with it afterwards. */
export async function confirmPasswordReset(
    email: string,
    code: string,
    newPassword: string,
): Promise<void> {
    ensureConfigured();
    await confirmResetPassword({
        username: email.trim(),
        confirmationCode: code.trim(),
        newPassword,
    });
}

/** Changes the signed-in user's password (Cognito ChangePassword: the current one is required). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
    ensureConfigured();
    await updatePassword({ oldPassword, newPassword });
}

/** The signed-in user's TOTP MFA: whether it is on, and whether it must stay on (`custom:mfa_setup`). */
export interface TotpStatus {
    enabled: boolean;
    required: boolean;
}

/** Reads the signed-in user's MFA state from the identity service (GetUser). */
export async function fetchTotpStatus(): Promise<TotpStatus> {
    ensureConfigured();
    const [preference, attributes] = await Promise.all([
        fetchMFAPreference(),
        fetchUserAttributes(),
    ]);
    return {
        enabled: preference.enabled?.includes('TOTP') ?? false,
        required: attributes['custom:mfa_setup'] === 'true',
    };
}

/** A new authenticator secret for the signed-in user (AssociateSoftwareToken); the device in use keeps working until confirmed. */
export async function startTotpSetup(
    accountName: string,
): Promise<{ sharedSecret: string; setupUri: (issuer: string) => string }> {
    ensureConfigured();
    const { sharedSecret, getSetupUri } = await setUpTOTP();
    return { sharedSecret, setupUri: (issuer) => getSetupUri(issuer, accountName).href };
}

/** Confirms the new authenticator with its code (VerifySoftwareToken) and turns TOTP on (SetUserMFAPreference). */
export async function confirmTotpSetup(code: string): Promise<void> {
    ensureConfigured();
    await verifyTOTPSetup({ code });
    await updateMFAPreference({ totp: 'PREFERRED' });
}

/** Turns TOTP off for the signed-in user; refused when the user must have MFA. */
export async function turnOffTotp(): Promise<void> {
    ensureConfigured();
    await updateMFAPreference({ totp: 'DISABLED' });
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
