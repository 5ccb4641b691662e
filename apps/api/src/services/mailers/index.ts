// The mailers service's public surface (ADR 0066): other services and plugins import only from here.
export { mailersRoutes } from './mailers.routes.ts';
export { mailerFigures, resendFailedMailer } from './mailers.service.ts';
export { eraseMailersPersonalData } from './erasure.ts';
