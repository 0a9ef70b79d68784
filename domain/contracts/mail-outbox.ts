/** The mail viewer of demo and development installations (issue 13 point 14): the outbox, newest first. */
import { Type, type Static } from 'typebox';

export const OutboxMail = Type.Object({
    id: Type.String(),
    to: Type.String(),
    subject: Type.String(),
    /** The whole message as plain text (temporary passwords and codes included). */
    text: Type.String(),
    kind: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /**
     * pending: not tried yet; sent: accepted by the SMTP server; logged: no SMTP_URL, kept here
     * only; failed: the last attempt failed and it will be retried.
     */
    status: Type.Union([
        Type.Literal('pending'),
        Type.Literal('sent'),
        Type.Literal('logged'),
        Type.Literal('failed'),
    ]),
    lastError: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxMail = Static<typeof OutboxMail>;

export const OutboxQuery = Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxAnswer = Type.Object({ content: Type.Array(OutboxMail) });
export type OutboxAnswer = Static<typeof OutboxAnswer>;
