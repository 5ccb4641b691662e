// The finance service's public surface: other services and plugins import only from here.
export { financeRoutes } from './finance.routes.ts';
export { createPaymentProvider, type PaymentProvider } from './providers/index.ts';
export { getMembership, cancelAllSubscriptionsForUser } from './membership.ts';
export { listSubscriptionsWithInvoices } from './member-subscriptions.ts';
export { eraseFinancePersonalData } from './erasure.ts';
export { getMemberBilling, type MemberBilling } from './member-billing.ts';
export { listMembershipAudiences } from './mailer-audience.ts';
export { type MailerFiguresSource } from './figures.ts';
