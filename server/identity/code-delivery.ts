import { createHmac, randomBytes } from 'node:crypto';

export interface CodeDeliveryDetails {
    Destination: string;
    DeliveryMedium: 'EMAIL';
    AttributeName: 'email';
}

/** Cognito's masking of an e-mail destination: first letter of the local part and of the domain (`j***@e***`). */
function mask(email: string): string {
    const [local = '', domain = ''] = email.split('@');
    return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

/** Without IDENTITY_KEY_SECRET (development only) simulated destinations are stable for this process only. */
const processKey = randomBytes(32);

/**
 * Where a code was sent, masked. For usernames with no deliverable address (unknown, disabled,
 * unverified) a simulated destination of the same shape, stable per username, as Cognito does
 * with PreventUserExistenceErrors. E-mail-like usernames are masked as themselves; others get
 * letters from an HMAC under the server's key, which callers cannot compute to compare.
 */
export function codeDeliveryDetails(
    email: string | undefined,
    username: string,
    keySecret: string | undefined,
): CodeDeliveryDetails {
    let destination: string;
    if (email) destination = mask(email);
    else if (/^[^@\s]+@[^@\s]+$/.test(username)) destination = mask(username.toLowerCase());
    else {
        const digest = createHmac('sha256', keySecret ?? processKey)
            .update(`code-delivery\n${username.toLowerCase()}`)
            .digest();
        const letter = (byte: number | undefined) => String.fromCharCode(97 + ((byte ?? 0) % 26));
        destination = `${letter(digest[0])}***@${letter(digest[1])}***`;
    }
    return { Destination: destination, DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}
