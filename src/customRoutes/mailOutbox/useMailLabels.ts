import { useTranslate } from 'react-admin';
import type { OutboxMail } from '../../../domain/contracts/mail-outbox';
import { mailKindKey, mailStatusKey } from './outboxMails';

/** A mail's kind and status in the user's language (a kind unknown to this browser as it is). */
export function useMailLabels() {
    const translate = useTranslate();
    return {
        kind: (kind: string) => {
            const textKey = mailKindKey(kind);
            return textKey ? translate(textKey) : kind;
        },
        status: (status: OutboxMail['status']) => translate(mailStatusKey(status)),
    };
}
