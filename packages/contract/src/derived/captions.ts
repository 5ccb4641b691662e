/*
 * Captions and transcripts (docs/product.md#captions, ADR 0085): the pure rules both sides share.
 * The API checks an editor's file with a full WebVTT parser and stores it in the normal form written
 * here (`serializeVtt`): a signature line, then each cue as a timing line and its text, cues in
 * start order. Because the stored form is ours, the player and the editor read it back with the
 * small `readVttCues` instead of shipping a parser to the browser.
 */

/** One cue: seconds from the start (millisecond precision) and its text, one or more lines. */
export interface CaptionCue {
  start: number;
  end: number;
  text: string;
}

/** A caption file's limits: about three hours of dense speech, and lines a phone can show. */
export const CAPTION_MAX_BYTES = 512 * 1024;
export const CAPTION_MAX_CUES = 5000;
export const CAPTION_CUE_MAX_CHARS = 500;
export const CAPTION_LABEL_MAX = 60;
/** A learner's choice in this browser: a language code, or 'off' (product.md#captions). */
export const CAPTIONS_PREFERENCE_KEY = 'fretline:captions';

/** `HH:MM:SS.mmm`, the form every stored timing uses (hours always written, so it sorts as text). */
export function formatVttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** Reads `[HH:]MM:SS.mmm` (what WebVTT allows) as seconds; null for anything else. */
export function parseVttTime(text: string): number | null {
  const match = /^(?:(\d{1,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/.exec(text.trim());
  if (!match) return null;
  const [, h = '0', m, s, ms] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/** Cue text as it may be stored: no blank lines (a blank line ends a cue), no arrow, trimmed. */
function cleanCueText(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/-->/g, '→').trimEnd())
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** The normal form (see above). Cues are written in start order; their order is what players expect. */
export function serializeVtt(cues: readonly CaptionCue[]): string {
  const sorted = [...cues].sort((a, b) => a.start - b.start || a.end - b.end);
  const body = sorted.map((cue) => `${formatVttTime(cue.start)} --> ${formatVttTime(cue.end)}\n${cleanCueText(cue.text)}`);
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}

/**
 * The cues of a file in the normal form (what the API serves). Lenient: a block without a timing
 * line is skipped, so a reader never throws on what it is shown.
 */
export function readVttCues(vtt: string): CaptionCue[] {
  const cues: CaptionCue[] = [];
  for (const block of vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => line.includes('-->'));
    if (at < 0) continue;
    const [from = '', rest = ''] = lines[at]!.split('-->');
    const start = parseVttTime(from);
    const end = parseVttTime(rest.trim().split(/\s+/)[0] ?? '');
    if (start === null || end === null) continue;
    cues.push({
      start,
      end,
      text: lines
        .slice(at + 1)
        .join('\n')
        .trimEnd(),
    });
  }
  return cues;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', lrm: '', rlm: '' };

/** A cue's words without its markup (`<v Anna>`, `<i>`, timestamps), for the transcript and search. */
export function cuePlainText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The whole transcript as plain text, one cue a line: what site search reads. */
export function transcriptText(cues: readonly CaptionCue[]): string {
  return cues
    .map((cue) => cuePlainText(cue.text))
    .filter(Boolean)
    .join('\n');
}

/** The cue playing at a time (the last one started, if it has not ended), for the transcript's highlight. */
export function activeCueIndex(cues: readonly CaptionCue[], time: number): number {
  let found = -1;
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    if (cue.start > time) break;
    if (time < cue.end) found = i;
  }
  return found;
}

/**
 * A BCP 47 language tag in its canonical case (`en`, `pt-BR`, `zh-Hant`), or null when it is not
 * one. `Intl` knows the grammar in Node and every browser; the shape check keeps out private-use
 * and grandfathered oddities no `<track srclang>` needs.
 */
export function canonicalLanguage(tag: string): string | null {
  if (!/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    // A RangeError is Intl's way of saying the tag is not well formed.
    return null;
  }
}
