import type { CallAddress } from '../call.ts';

/** The mailers calls' addresses (see ../call.ts); their schemas are in ../schemas/mailers.ts. */
export const mailersAddresses = {
  'mailers.listMailers': { method: 'GET', path: '/mailers/mailers' },
  'mailers.createMailer': { method: 'POST', path: '/mailers/mailers' },
  'mailers.getMailer': { method: 'GET', path: '/mailers/mailers/:idMailer' },
  'mailers.updateMailer': { method: 'PUT', path: '/mailers/mailers/:idMailer' },
  'mailers.deleteMailer': { method: 'DELETE', path: '/mailers/mailers/:idMailer' },
  'mailers.sendTestMailer': { method: 'POST', path: '/mailers/mailers/:idMailer/test' },
  'mailers.sendMailer': { method: 'POST', path: '/mailers/mailers/:idMailer/send' },
  'mailers.unscheduleMailer': { method: 'DELETE', path: '/mailers/mailers/:idMailer/schedule' },
  'mailers.previewMailer': { method: 'POST', path: '/mailers/preview' },
  'mailers.countAudience': { method: 'GET', path: '/mailers/audience' },
  'mailers.listLessonCards': { method: 'GET', path: '/mailers/lessons' },
  'mailers.listCourses': { method: 'GET', path: '/mailers/courses' },
  'mailers.getDigest': { method: 'GET', path: '/mailers/me/digest' },
  'mailers.setDigest': { method: 'PUT', path: '/mailers/me/digest' },
} as const satisfies Record<string, CallAddress>;
