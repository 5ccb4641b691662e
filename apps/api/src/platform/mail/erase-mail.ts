import { and, eq, inArray, sql, tables, type Database } from '@fretline/db';
import { MAIL_JOB_TYPE } from './mail.ts';

/**
 * Account deletion (ADR 0046): mail to these addresses, queued or already sent, leaves the queue
 * and the development mailbox. A queued e-mail to a deleted account is not worth sending.
 */
export async function eraseMailTo(db: Database, addresses: string[]): Promise<void> {
  const lower = [...new Set(addresses.filter(Boolean).map((a) => a.toLowerCase()))];
  if (lower.length === 0) return;
  const { jobs, devMail } = tables;
  await db.delete(jobs).where(and(eq(jobs.type, MAIL_JOB_TYPE), inArray(sql<string>`lower(${jobs.payload} ->> 'to')`, lower)));
  await db.delete(devMail).where(inArray(sql<string>`lower(${devMail.mailTo})`, lower));
}
