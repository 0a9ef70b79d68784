import type { OutboxAnswer, OutboxMail } from '../../../domain/contracts/mail-outbox';
import type { HttpClient } from '../../dataProviders/httpClient';

/** How many of the newest mails the page lists. */
export const OUTBOX_LIMIT = 100;

/** `GET /v2/mail-outbox` of the back-office service: the newest mails, newest first. */
export async function fetchOutboxMails(
    backOfficeBase: string,
    httpClient: HttpClient,
): Promise<OutboxMail[]> {
    const { json } = await httpClient(`${backOfficeBase}/v2/mail-outbox?limit=${OUTBOX_LIMIT}`);
    return (json as OutboxAnswer).content;
}

const key = 'app.mailOutbox';

/** The kinds of mail the server writes (server/mail/templates.ts), by their text key. */
const kindKeys = new Map([
    ['invitation', `${key}.kinds.invitation`],
    ['password-reset-code', `${key}.kinds.passwordResetCode`],
    ['password-changed', `${key}.kinds.passwordChanged`],
    ['password-reset', `${key}.kinds.passwordReset`],
    ['password-set-by-admin', `${key}.kinds.passwordSetByAdmin`],
    ['mfa-enabled', `${key}.kinds.mfaEnabled`],
    ['mfa-disabled', `${key}.kinds.mfaDisabled`],
    ['email-changed', `${key}.kinds.emailChanged`],
]);

/** The text key of a mail's kind; undefined for a kind this browser does not know yet (shown as is). */
export const mailKindKey = (kind: string): string | undefined => kindKeys.get(kind);

export const mailStatusKey = (status: OutboxMail['status']): string => `${key}.statuses.${status}`;
