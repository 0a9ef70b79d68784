/**
 * The product's password rule (shell spec §5), shared by the browser's forms and the identity
 * endpoint: at least 10 characters with a digit, a symbol, a lower-case and an upper-case
 * letter. Classes are Cognito's (ASCII letters and digits, and Cognito's symbol list), so a
 * password accepted here is accepted by a real pool configured alike.
 */
export const MIN_PASSWORD_LENGTH = 10;
/** Cognito's upper bound (UTF-16 units); the server also caps its Argon2 input there. */
export const MAX_PASSWORD_LENGTH = 256;
/** Cognito's RequireSymbols set: ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - and space. */
const PASSWORD_SYMBOLS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+- ';

const RULES: [test: (password: string) => boolean, message: string][] = [
    [(password) => [...password].length >= MIN_PASSWORD_LENGTH, 'Password not long enough'],
    [(password) => password.length <= MAX_PASSWORD_LENGTH, 'Password too long'],
    [(password) => /[a-z]/.test(password), 'Password must have lowercase characters'],
    [(password) => /[A-Z]/.test(password), 'Password must have uppercase characters'],
    [(password) => /[0-9]/.test(password), 'Password must have numeric characters'],
    [
        (password) => [...password].some((character) => PASSWORD_SYMBOLS.includes(character)),
        'Password must have symbol characters',
    ],
];

/** The first rule the password breaks, in Cognito's words, or undefined when it conforms. */
export function passwordPolicyViolation(password: string): string | undefined {
    return RULES.find(([test]) => !test(password))?.[1];
}

/** The spec's message keys for a password field: required, then the rule. */
export type PasswordErrorKey = 'enterPassword' | 'passwordFormat';

/** What a form says about a new password: 'enterPassword' when empty, 'passwordFormat' when it breaks the rule. */
export function passwordErrorKey(password: string): PasswordErrorKey | undefined {
    if (password === '') return 'enterPassword';
    return passwordPolicyViolation(password) ? 'passwordFormat' : undefined;
}
