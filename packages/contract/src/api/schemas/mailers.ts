import {
  DigestBodySchema,
  DigestResponseSchema,
  LessonCardListResponseSchema,
  LessonCardQuerySchema,
  MailerAudienceQuerySchema,
  MailerAudienceResponseSchema,
  MailerBodySchema,
  MailerCourseListResponseSchema,
  MailerIdParamsSchema,
  MailerListResponseSchema,
  MailerPreviewBodySchema,
  MailerPreviewResponseSchema,
  MailerResponseSchema,
  MailerSendBodySchema,
  MailerTestResponseSchema,
} from '../../calls/mailers.ts';
import { z } from 'zod';
import type { SchemasFor } from '../call.ts';
import type { mailersAddresses } from '../addresses/mailers.ts';

/** The mailers calls' schemas, one entry per address in ../addresses/mailers.ts. */
export const mailersSchemas = {
  'mailers.listMailers': { summary: 'Every mailer, newest first, with its counts', response: MailerListResponseSchema },
  'mailers.createMailer': {
    summary: 'Write a new mailer (a draft)',
    body: MailerBodySchema,
    response: MailerResponseSchema,
    status: 201,
  },
  'mailers.getMailer': { summary: 'One mailer with its counts', params: MailerIdParamsSchema, response: MailerResponseSchema },
  'mailers.updateMailer': {
    conflict: 'The mailer is no longer a draft or scheduled.',
    summary: 'Change a draft or scheduled mailer',
    params: MailerIdParamsSchema,
    body: MailerBodySchema,
    response: MailerResponseSchema,
  },
  'mailers.deleteMailer': {
    conflict: 'Only a draft can be deleted.',
    summary: 'Delete a draft mailer',
    params: MailerIdParamsSchema,
    response: z.null(),
    status: 204,
  },
  'mailers.sendTestMailer': {
    summary: 'Send the mailer to the signed-in staff member only',
    params: MailerIdParamsSchema,
    response: MailerTestResponseSchema,
  },
  'mailers.sendMailer': {
    conflict: 'The mailer is no longer a draft or scheduled.',
    summary: 'Send the mailer now, or schedule it',
    params: MailerIdParamsSchema,
    body: MailerSendBodySchema,
    response: MailerResponseSchema,
  },
  'mailers.unscheduleMailer': {
    conflict: 'The mailer is not scheduled.',
    summary: 'Take a scheduled mailer back to draft',
    params: MailerIdParamsSchema,
    response: MailerResponseSchema,
  },
  'mailers.previewMailer': {
    summary: 'The e-mail as recipients will get it',
    body: MailerPreviewBodySchema,
    response: MailerPreviewResponseSchema,
  },
  'mailers.countAudience': {
    summary: 'How many people an audience reaches now',
    query: MailerAudienceQuerySchema,
    response: MailerAudienceResponseSchema,
  },
  'mailers.listLessonCards': {
    summary: 'Published lessons to insert as cards',
    query: LessonCardQuerySchema,
    response: LessonCardListResponseSchema,
  },
  'mailers.listCourses': { summary: 'Courses to pick an audience from', response: MailerCourseListResponseSchema },
  'mailers.getDigest': { summary: 'Whether the signed-in user takes the weekly digest', response: DigestResponseSchema },
  'mailers.setDigest': { summary: 'Take or stop the weekly digest', body: DigestBodySchema, response: DigestResponseSchema },
} satisfies SchemasFor<typeof mailersAddresses>;
