/**
 * Every e-mail text of the product, in one place so they can be translated later (English for
 * now). Each template takes only what it needs; none of them is ever logged.
 */
const PRODUCT = 'Parcel back office';

export interface MailVariables {
    invitation: {
        username: string;
        temporaryPassword: string;
        validityDays: number;
        signInUrl: string;
    };
    'password-reset-code': { code: string; validityMinutes: number };
    'password-changed': Record<string, never>;
    'password-reset': Record<string, never>;
    'password-set-by-admin': Record<string, never>;
    'mfa-enabled': Record<string, never>;
    'mfa-disabled': Record<string, never>;
    'email-changed': { newEmail: string };
}

export type MailKind = keyof MailVariables;

export interface RenderedMail {
    kind: MailKind;
    subject: string;
    text: string;
}

const NOT_YOU = `If this was not you, contact your administrator at once.`;

const templates: {
    [K in MailKind]: (variables: MailVariables[K]) => { subject: string; text: string };
} = {
    invitation: ({ username, temporaryPassword, validityDays, signInUrl }) => ({
        subject: `Your ${PRODUCT} account`,
        text: [
            `An account was created for you in the ${PRODUCT}.`,
            '',
            `Username: ${username}`,
            `Temporary password: ${temporaryPassword}`,
            '',
            `Sign in at ${signInUrl} within ${validityDays} day${validityDays === 1 ? '' : 's'}; you will then choose your own password.`,
        ].join('\n'),
    }),
    'password-reset-code': ({ code, validityMinutes }) => ({
        subject: `Your ${PRODUCT} password reset code`,
        text: [
            `Your password reset code is ${code}.`,
            '',
            `It is valid for ${validityMinutes} minutes. If you did not ask to reset your password, ignore this e-mail.`,
        ].join('\n'),
    }),
    'password-changed': () => ({
        subject: `Your ${PRODUCT} password was changed`,
        text: [`The password of your ${PRODUCT} account was just changed.`, '', NOT_YOU].join('\n'),
    }),
    'password-reset': () => ({
        subject: `Your ${PRODUCT} password was reset`,
        text: [
            `The password of your ${PRODUCT} account was just reset with a code sent to this address. You were signed out everywhere.`,
            '',
            NOT_YOU,
        ].join('\n'),
    }),
    'password-set-by-admin': () => ({
        subject: `Your ${PRODUCT} password was set by an administrator`,
        text: [
            `An administrator set a new password for your ${PRODUCT} account. You were signed out everywhere.`,
            '',
            NOT_YOU,
        ].join('\n'),
    }),
    'mfa-enabled': () => ({
        subject: `Two-step sign-in was set up for your ${PRODUCT} account`,
        text: [
            `An authenticator app was just set up for signing in to your ${PRODUCT} account.`,
            '',
            NOT_YOU,
        ].join('\n'),
    }),
    'mfa-disabled': () => ({
        subject: `Two-step sign-in was turned off for your ${PRODUCT} account`,
        text: [
            `Two-step sign-in with an authenticator app was just turned off for your ${PRODUCT} account.`,
            '',
            NOT_YOU,
        ].join('\n'),
    }),
    'email-changed': ({ newEmail }) => ({
        subject: `The e-mail address of your ${PRODUCT} account was changed`,
        text: [
            `The e-mail address of your ${PRODUCT} account was changed to ${newEmail}.`,
            '',
            NOT_YOU,
        ].join('\n'),
    }),
};

/** The subject and text of one kind of mail. */
export function renderMail<K extends MailKind>(kind: K, variables: MailVariables[K]): RenderedMail {
    return { kind, ...templates[kind](variables) };
}
