/** The e-mail outbox: queue mails transactionally, send them later (see sender.ts). */
export { enqueueMail, type MailMessage } from './outbox.js';
export {
    createMailSender,
    type DrainResult,
    type MailSender,
    type MailSenderOptions,
} from './sender.js';
export { renderMail, type MailKind, type MailVariables, type RenderedMail } from './templates.js';
