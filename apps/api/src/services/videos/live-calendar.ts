import type { LiveStream } from '@fretline/contract';

/** `20261125T190000Z`: an iCalendar UTC date-time (RFC 5545 §3.3.5). */
function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets, continuing with a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never split a UTF-8 sequence: back off to the start of a character.
    while (end < bytes.length && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/** The description's HTML as plain text, for a calendar's notes. */
function plainText(html: string): string {
  return html
    .replace(/<\/(p|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/**
 * "Add to calendar" for a live lesson (product.md#pages, /live): one VEVENT in UTC, which every
 * calendar shows in its owner's own time zone; its UID is stable, so adding it twice updates the
 * same event, and its URL is the stream's page.
 */
export function liveStreamCalendar(stream: LiveStream, siteUrl: string, now: Date): string {
  const url = `${siteUrl.replace(/\/$/, '')}/live/${stream.stream_slug}`;
  const host = new URL(siteUrl).hostname;
  const description = [stream.stream_description ? plainText(stream.stream_description) : '', `Watch at ${url}`]
    .filter(Boolean)
    .join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Fretline//Live lessons//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:live-${stream.id_live_stream}@${host}`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(stream.stream_starts)}`,
    `DTEND:${icsTime(stream.stream_ends)}`,
    `SUMMARY:${icsText(stream.stream_title ?? 'Live lesson')}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${url}`,
    `LOCATION:${icsText(url)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
