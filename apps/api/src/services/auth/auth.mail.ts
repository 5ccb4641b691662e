import { PASSCODE_TTL_MS } from '@fretline/contract';
import { escapeHtml, mailLayout, type MailMessage } from '../../platform/mail/index.ts';

const minutes = PASSCODE_TTL_MS / 60_000;

/**
 * The sign-in code e-mail (product.md#product; ADR 0010): the code large and easy to copy (its own
 * element, monospaced, selectable in one go), and the link `/login/{passcode}?email={address}&key={key}`
 * carrying the same code, the address it was sent to and the code's key, so the link alone signs in on
 * any device, whatever strangers tried (product.md#states; ADR 0010: the page redeems it from the
 * browser, never while a scanner fetches it).
 */
export function passcodeMail(input: {
  to: string;
  code: string;
  /** Only sign-in mails carry the link. */
  linkKey?: string;
  siteUrl: string;
  purpose: 'login' | 'email';
}): MailMessage {
  const link = `${input.siteUrl}/login/${input.code}?${new URLSearchParams({ email: input.to, key: input.linkKey ?? '' }).toString()}`;
  const intro =
    input.purpose === 'login'
      ? 'Here is your code to sign in to Fretline.'
      : 'Here is your code to confirm this new email address for your Fretline account.';
  const subject =
    input.purpose === 'login'
      ? `${input.code} is your Fretline sign-in code`
      : `${input.code} is your Fretline confirmation code`;
  const linkText =
    input.purpose === 'login'
      ? `Or sign in straight away with this link:\n${link}\n\n`
      : 'Enter it on the profile page where you changed your address.\n\n';
  const text =
    `${intro}\n\n    ${input.code}\n\n${linkText}` +
    `The code works once and for ${minutes} minutes. If you didn't ask for it, you can ignore this email: nobody can sign in without it.\n`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px;text-align:center"><span style="display:inline-block;font-family:'Courier New',Courier,monospace;font-size:40px;font-weight:bold;letter-spacing:8px;padding:12px 20px;background:#fff7ed;border:1px solid #fed7aa;border-radius:8px;user-select:all;-webkit-user-select:all">${input.code}</span></p>
${
  input.purpose === 'login'
    ? `<p style="margin:0 0 24px;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">Sign in to Fretline</a></p>`
    : ''
}
<p style="margin:0;font-size:14px;line-height:1.5;color:#57534e">The code works once and for ${minutes} minutes. If you didn't ask for it, you can ignore this email: nobody can sign in without it.</p>`,
  );
  return { to: input.to, subject, text, html, category: 'transactional' };
}

/**
 * ADR 0010: /login with an address that has no account. The answer on the page is the same as for
 * any address; only the owner of the mailbox learns there is no account, and how to make one.
 */
export function noAccountMail(input: { to: string; siteUrl: string }): MailMessage {
  const link = `${input.siteUrl}/signup?email=${encodeURIComponent(input.to)}`;
  const subject = 'Signing in to Fretline';
  const text =
    `Someone, hopefully you, asked to sign in to Fretline with this email address, but there is no Fretline account for it.\n\n` +
    `To create one, sign up here:\n${link}\n\nIf you have an account under another address, sign in with that one. If you didn't ask, you can ignore this email.\n`;
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Someone, hopefully you, asked to sign in to Fretline with this email address, but there is no Fretline account for it.</p>
<p style="margin:0 0 24px;text-align:center"><a href="${escapeHtml(link)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">Create an account</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#57534e">If you have an account under another address, sign in with that one. If you didn't ask, you can ignore this email.</p>`,
  );
  return { to: input.to, subject, text, html, category: 'transactional' };
}

/** An address change towards an address another account already uses: nothing changes, its owner is told. */
export function emailInUseMail(input: { to: string }): MailMessage {
  const subject = 'Your Fretline email address';
  const text =
    'Someone asked to move a Fretline account to this email address, but it already belongs to an account, so nothing has changed.\n\n' +
    "If it was you, sign in with this address instead. If you didn't ask, you can ignore this email.\n";
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Someone asked to move a Fretline account to this email address, but it already belongs to an account, so nothing has changed.</p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#57534e">If it was you, sign in with this address instead. If you didn't ask, you can ignore this email.</p>`,
  );
  return { to: input.to, subject, text, html, category: 'transactional' };
}
