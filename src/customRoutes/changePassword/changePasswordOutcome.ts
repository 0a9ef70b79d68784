import { signInErrorKey } from '../signIn/signInErrors';

/** What the change-password page does after a failed call: leave for the sign-in, or say why in the error alert. */
export type ChangePasswordFailure =
    { kind: 'sessionLost' } | { kind: 'alert'; descriptionKey: string };

export function changePasswordFailure(error: unknown): ChangePasswordFailure {
    const key = signInErrorKey(error);
    if (key === 'app.signIn.errors.sessionLost') return { kind: 'sessionLost' };
    // ChangePassword answers a wrong current password as a wrong sign-in password.
    if (key === 'app.signIn.errors.incorrectCredentials')
        return { kind: 'alert', descriptionKey: 'app.changePassword.incorrectOldPassword' };
    return { kind: 'alert', descriptionKey: key };
}
