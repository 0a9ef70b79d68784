import { passwordErrorKey } from '../../../domain/passwordPolicy';

/** Text keys of what is wrong with a new password and its repetition (shell §5); empty when both are fine. */
export interface NewPasswordErrors {
    password?: string;
    repeat?: string;
}

export function newPasswordErrors(password: string, repeat: string): NewPasswordErrors {
    const rule = passwordErrorKey(password);
    const errors: NewPasswordErrors = {};
    if (rule) errors.password = `app.password.${rule}`;
    if (repeat === '') errors.repeat = 'app.password.repeatRequired';
    else if (repeat !== password) errors.repeat = 'app.password.notEqual';
    return errors;
}

/** The digits of a typed one-time code: authenticator apps show "123 456", people copy it so. */
export const codeDigits = (typed: string) => typed.replace(/\s/g, '');

/** Text key of what is wrong with a TOTP code's digits, or undefined for six digits. */
export function totpCodeErrorKey(digits: string): string | undefined {
    if (digits === '') return 'app.signIn.errors.codeRequired';
    return /^\d{6}$/.test(digits) ? undefined : 'app.signIn.errors.codeFormat';
}

/** A TOTP setup key in groups of four, as authenticator apps show and accept it. */
export const groupSetupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;
