// The mail platform's public surface (ADR 0003): every service sends e-mail through enqueueMail.
export { enqueueMail, mailPlugin, type MailMessage } from './mail.ts';
export { devMailApiRoutes, devMailPage, findDevMail } from './dev-mail.routes.ts';
export { eraseMailTo } from './erase-mail.ts';
export { escapeHtml, mailLayout } from './layout.ts';
export { isValidUnsubscribeToken, unsubscribeLinks, type UnsubscribeList } from './unsubscribe.ts';
