import Linkify from 'linkify-react';

const LINK_OPTIONS = {
  target: '_blank',
  rel: 'noopener noreferrer nofollow ugc',
  className: 'font-medium underline underline-offset-2 break-all',
  // Only web links become clickable; e-mail addresses and the like stay text.
  validate: { url: (value: string) => /^https?:\/\//i.test(value) || /^www\./i.test(value) },
  defaultProtocol: 'https',
};

/**
 * A message body (untrusted text): plain text, rendered by React as text — any HTML or script in
 * it shows as typed — with web links made clickable and nothing else interpreted.
 */
export function MessageText({ text }: { text: string | null }) {
  return (
    <p className="break-words whitespace-pre-wrap">
      <Linkify options={LINK_OPTIONS}>{text ?? ''}</Linkify>
    </p>
  );
}
