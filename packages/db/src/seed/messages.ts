import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/auth.ts';
import { helpdeskCategories, helpdesks, messages, participants, savedReplies, threads } from '../schema/messages.ts';

/** The helpdesk topics of /helpdesk/:categorySlug (product.md#pages). */
const demoHelpdeskCategories = [
  { categorySlug: 'billing', categoryName: 'Billing and payments', categoryDescription: 'Invoices, card changes, refunds.' },
  {
    categorySlug: 'membership',
    categoryName: 'Membership',
    categoryDescription: 'Access All Areas, the free trial, cancelling.',
  },
  {
    categorySlug: 'lessons',
    categoryName: 'Lessons and courses',
    categoryDescription: 'A question about a lesson, a song or a course.',
  },
  {
    categorySlug: 'technical',
    categoryName: 'Technical help',
    categoryDescription: 'Videos not playing, pages not loading, the app.',
  },
  { categorySlug: 'account', categoryName: 'My account', categoryDescription: 'Signing in, your e-mail address, your data.' },
  { categorySlug: 'other', categoryName: 'Something else', categoryDescription: 'Anything that does not fit above.' },
] as const;

const MINUTE = 60_000;

async function idOf(db: Database, email: string): Promise<{ idUser: number; firstName: string | null; lastName: string | null }> {
  const [row] = await db
    .select({ idUser: users.idUser, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (!row) throw new Error(`seed messages: no user ${email}`);
  return row;
}

/**
 * Demo conversations: member@example.com and the staff (one answered and unread, so the header
 * badge shows 1 after sign-in), and a signed-out visitor's helpdesk message still waiting for staff.
 */
export async function seedMessages(db: Database, now: Date = new Date()): Promise<void> {
  await db.insert(helpdeskCategories).values(demoHelpdeskCategories.map((c, i) => ({ ...c, categoryOrder: i })));
  const [lessons] = await db
    .select({ id: helpdeskCategories.idHelpdeskCategory })
    .from(helpdeskCategories)
    .where(eq(helpdeskCategories.categorySlug, 'lessons'));
  const [billing] = await db
    .select({ id: helpdeskCategories.idHelpdeskCategory })
    .from(helpdeskCategories)
    .where(eq(helpdeskCategories.categorySlug, 'billing'));

  const member = await idOf(db, 'member@example.com');
  const staff = await idOf(db, 'staff@example.com');
  const t = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);

  const conversation: { from: 'member' | 'staff'; text: string; at: number }[] = [
    { from: 'member', text: 'Hi! In the barre chord lesson my F chord still buzzes on the B string. Any tips?', at: 60 * 26 },
    {
      from: 'staff',
      text: 'Hi Morgan, roll your first finger slightly onto its bony side and bring your thumb lower behind the neck. The slow-motion section at 4:10 of https://fretline.example/videos/barre-chords-made-easy shows it.',
      at: 60 * 25,
    },
    { from: 'member', text: 'That helped a lot, thank you! Is there a course that drills this?', at: 60 * 3 },
    { from: 'staff', text: 'Yes — Electric Rock Rhythm, module 2. Enjoy!', at: 40 },
  ];
  const last = conversation[conversation.length - 1]!;
  const [thread] = await db
    .insert(threads)
    .values({
      threadTitle: 'Helpdesk: Lessons and courses',
      privateThread: true,
      threadHelpdesk: true,
      idUserSender: member.idUser,
      senderFirstName: member.firstName,
      senderLastName: member.lastName,
      senderEmail: 'member@example.com',
      idHelpdeskCategory: lessons?.id ?? null,
      threadCreated: t(conversation[0]!.at),
      threadEdited: t(last.at),
      threadLastMessage: last.text,
      firstNameLast: staff.firstName,
      staffFirstName: staff.firstName,
      staffLastName: staff.lastName,
      threadAwaitingStaff: false,
    })
    .returning({ id: threads.idThread });
  if (!thread) throw new Error('seed messages: thread not created');
  for (const m of conversation) {
    const who = m.from === 'member' ? member : staff;
    await db.insert(messages).values({
      idThread: thread.id,
      idUser: who.idUser,
      firstName: who.firstName,
      lastName: who.lastName,
      email: m.from === 'member' ? 'member@example.com' : 'staff@example.com',
      messageContent: m.text,
      messageFromStaff: m.from === 'staff',
      messageCreated: t(m.at),
    });
  }
  await db.insert(helpdesks).values({
    idThread: thread.id,
    idHelpdeskCategory: lessons?.id ?? null,
    idUser: member.idUser,
    firstName: member.firstName ?? 'Morgan',
    lastName: member.lastName,
    email: 'member@example.com',
    message: conversation[0]!.text,
    permissions: { '3': true },
    helpdeskCreated: t(conversation[0]!.at),
  });
  // The member last read before the newest staff reply: one unread thread.
  await db.insert(participants).values([
    { idThread: thread.id, idUser: member.idUser, lastReadTimestamp: t(60 * 3), participantUnread: true },
    { idThread: thread.id, idUser: staff.idUser, lastReadTimestamp: t(last.at), participantUnread: false },
  ]);

  // A visitor without an account, waiting for an answer in the staff inbox.
  const visitorText = 'Hello, do you offer a student discount on the yearly membership? I am at music college.';
  const [visitorThread] = await db
    .insert(threads)
    .values({
      threadTitle: 'Helpdesk: Billing and payments',
      privateThread: true,
      threadHelpdesk: true,
      senderFirstName: 'Priya',
      senderLastName: 'Visitor',
      senderEmail: 'priya.visitor@example.com',
      idHelpdeskCategory: billing?.id ?? null,
      threadCreated: t(90),
      threadEdited: t(90),
      threadLastMessage: visitorText,
      firstNameLast: 'Priya',
      threadAwaitingStaff: true,
    })
    .returning({ id: threads.idThread });
  if (!visitorThread) throw new Error('seed messages: visitor thread not created');
  await db.insert(messages).values({
    idThread: visitorThread.id,
    firstName: 'Priya',
    lastName: 'Visitor',
    email: 'priya.visitor@example.com',
    messageContent: visitorText,
    messageCreated: t(90),
  });
  await db.insert(helpdesks).values({
    idThread: visitorThread.id,
    idHelpdeskCategory: billing?.id ?? null,
    firstName: 'Priya',
    lastName: 'Visitor',
    email: 'priya.visitor@example.com',
    telephone: '07700 900123',
    message: visitorText,
    notificationsMailers: true,
    consentMethod: 'helpdesk form',
    consentTitle: 'Contact consent',
    consentText: 'I agree that Fretline may store my message and contact me about it by e-mail.',
    permissions: { '3': true },
    helpdeskCreated: t(90),
  });

  // Saved replies staff start from (ADR 0060); the variables are filled per thread.
  await db.insert(savedReplies).values([
    {
      savedReplyTitle: 'Student discount',
      savedReplyBody:
        'Hi {first_name},\n\nThanks for asking! We do not run a student discount, but the yearly plan costs less than ten months of the monthly one, and the free trial lets you try everything first: {membership_link}\n\nHappy playing,\n{staff_first_name}',
      savedReplyCreated: t(60 * 24),
      savedReplyUpdated: t(60 * 24),
    },
    {
      savedReplyTitle: 'Trial ending soon',
      savedReplyBody:
        'Hi {first_name},\n\nYour free trial ends on {trial_ends}. Nothing to do if you want to stay; to stop before then, cancel here: {subscription_link}\n\n{staff_first_name}',
      savedReplyCreated: t(60 * 24),
      savedReplyUpdated: t(60 * 24),
    },
    {
      savedReplyTitle: 'Video will not play',
      savedReplyBody:
        'Hi {first_name},\n\nSorry about that. Could you tell us which browser and device you use, and try once with extensions turned off? That solves most playback problems.\n\n{staff_first_name}',
      savedReplyCreated: t(60 * 24),
      savedReplyUpdated: t(60 * 24),
    },
  ]);
}
