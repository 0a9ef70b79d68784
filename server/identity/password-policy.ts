import { CognitoError } from './cognito-error.js';
import { MAX_PASSWORD_LENGTH } from './passwords.js';

/**
 * The product's password rule (shell spec §5): at least 10 characters with a digit, a symbol,
 * a lower-case and an upper-case letter. Classes are Cognito's (ASCII letters and digits, and
 * Cognito's symbol list), so a password accepted here is accepted by a real pool configured
 * alike. Pure apart from the length cap, so it can move to `domain/` for the browser to share.
 */
export const MIN_PASSWORD_LENGTH = 10;
/** Cognito's RequireSymbols set: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space. */
export const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

const RULES: [test: (password: string) => boolean, message: string][] = [
    [(password) => [...password].length >= MIN_PASSWORD_LENGTH, 'Password not long enough'],
    [(password) => password.length <= MAX_PASSWORD_LENGTH, 'Password too long'],
    [(password) => /[a-z]/.test(password), 'Password must have lowercase characters'],
    [(password) => /[A-Z]/.test(password), 'Password must have uppercase characters'],
    [(password) => /[0-9]/.test(password), 'Password must have numeric characters'],
    [(password) => [...password].some((character) => PASSWORD_SYMBOLS.includes(character)), 'Password must have symbol characters'],
];

/** The first rule the password breaks, in Cognito's words, or undefined when it conforms. */
export function passwordPolicyViolation(password: string): string | undefined {
    return RULES.find(([test]) => !test(password))?.[1];
}

/** Throws InvalidPasswordException (Cognito's message) unless the password conforms. */
export function assertPasswordPolicy(password: string): void {
    const violation = passwordPolicyViolation(password);
    if (violation) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${violation}`);
}
