/** The e-mail outbox: queue mails transactionally, send them later (see sender.ts). */
export { enqueueMail, listOutbox } from './outbox.js';
export { createMailSender, type MailSender } from './sender.js';
export { renderMail } from './templates.js';
