import { displayName, formatDateInZone, formatTimeInZone, formatWireDate, type Message } from '@fretline/contract';
import { cx } from '../../components/ui';
import { useTimeZone } from '../../lib/time-zone';
import { MessageText } from './message-text';

function authorName(m: Message): string {
  return displayName(m, 'Someone');
}

/** Messages oldest first, the reader's own on the right (Message, product.md#entities). */
export function MessageList({ messages, isOwn }: { messages: Message[]; isOwn: (m: Message) => boolean }) {
  // Formats, in the reader's own zone (ADR 0048; product.md#constants).
  const timeZone = useTimeZone();
  return (
    <ol className="space-y-4" aria-label="Messages">
      {messages.map((m) => {
        // Staff read internal notes in the thread; no call a sender makes returns one (ADR 0060).
        if ('message_internal' in m && m.message_internal === true) {
          return (
            <li key={m.id_message} data-testid="internal-note" className="flex justify-center">
              <div className="w-full max-w-[92%] rounded-xl border border-dashed border-amber-400 bg-amber-50 px-4 py-2.5 text-[15px] text-amber-950">
                <p className="mb-1 text-xs text-amber-900">
                  <span className="font-bold tracking-wide uppercase">Internal note</span>
                  {' · '}
                  <span className="font-semibold">{authorName(m)}</span>
                  {' · '}
                  <time dateTime={formatWireDate(m.message_created)}>
                    {formatDateInZone(m.message_created, 'long', timeZone)}, {formatTimeInZone(m.message_created, timeZone)}
                  </time>
                  <span className="sr-only"> (only staff see this)</span>
                </p>
                <MessageText text={m.message_content} />
              </div>
            </li>
          );
        }
        const own = isOwn(m);
        // Staff see which posts came in as a reply by e-mail (ADR 0072); a sender's views never carry the field.
        const viaEmail = 'message_via_email' in m && m.message_via_email === true;
        return (
          <li key={m.id_message} data-testid="message" className={cx('flex', own ? 'justify-end' : 'justify-start')}>
            <div className={cx('max-w-[85%] sm:max-w-[75%]', own ? 'items-end text-right' : 'items-start')}>
              <p className="mb-1 text-xs text-stone-500">
                <span className="font-semibold text-stone-700">{own ? 'You' : authorName(m)}</span>
                {' · '}
                <time dateTime={formatWireDate(m.message_created)}>
                  {formatDateInZone(m.message_created, 'long', timeZone)}, {formatTimeInZone(m.message_created, timeZone)}
                </time>
                {viaEmail && (
                  <span
                    data-testid="via-email"
                    title="Came in as an answer to our e-mail, not written on the site"
                    className="ml-2 inline-block rounded-full border border-stone-300 bg-stone-100 px-2 py-px text-[11px] font-semibold text-stone-700"
                  >
                    Sent by e-mail
                  </span>
                )}
              </p>
              <div
                className={cx(
                  'rounded-2xl px-4 py-2.5 text-left text-[15px] leading-relaxed shadow-sm',
                  own ? 'rounded-tr-md bg-brand-700 text-white' : 'rounded-tl-md border border-stone-200 bg-white text-ink-900',
                )}
              >
                <MessageText text={m.message_content} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
