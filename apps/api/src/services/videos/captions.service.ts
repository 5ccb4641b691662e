import webvtt from 'webvtt-parser';
import {
  CAPTION_CUE_MAX_CHARS,
  CAPTION_MAX_CUES,
  type CaptionCue,
  type EditorCaption,
  serializeVtt,
  transcriptText,
  type VideoCaptionTrack,
} from '@fretline/contract';
import { and, asc, eq, type Database, tables } from '@fretline/db';
import { recordAudit } from '../../platform/audit/index.ts';
import type { RequestAuth } from '../../plugins/auth.ts';
import { AppError, notFound } from '../../plugins/errors.ts';

/*
 * Captions and transcripts (docs/product.md#captions, ADR 0085). An editor's file is checked by the
 * W3C's WebVTT parser (webvtt-parser): the first thing wrong is refused with its line, and nothing is
 * stored. A good file is stored in the contract's normal form (cues in order, timings and text
 * only), with its words as the transcript site search reads.
 */

const { WebVTTParser } = webvtt;
const { videoCaptions } = tables;
const VIDEO_NOT_FOUND = 'That video cannot be found.';

type CaptionRow = typeof videoCaptions.$inferSelect;

/** A checked file: its cues and the stored form. */
export interface CheckedCaptions {
  cues: CaptionCue[];
  vtt: string;
  transcript: string;
}

/**
 * Header lines under the signature (`Kind: captions`, `Language: en`, as YouTube and many tools
 * write) are no longer in the specification, so the validator notes them; every browser skips them
 * and the stored form drops them, so they are not a reason to refuse a file.
 */
const TOLERATED = new Set(['No blank line after the signature.']);

function refuse(message: string): never {
  throw new AppError('CAPTIONS_INVALID', 400, message, 'caption_vtt');
}

/**
 * Checks a WebVTT file as the specification's parser reads it ("subtitles" mode: cue text markup is
 * checked too). Refused with the first error's line, or when there is no cue to show.
 */
export function checkCaptions(input: string): CheckedCaptions {
  // A byte-order mark and Windows line ends are allowed by WebVTT; the parser takes them as they are.
  const parsed = new WebVTTParser().parse(input, 'subtitles');
  const errors = parsed.errors.filter((error) => !TOLERATED.has(error.message)).sort((a, b) => a.line - b.line);
  const [first] = errors;
  if (first) {
    const more = errors.length > 1 ? ` (${errors.length - 1} more after it)` : '';
    refuse(`Line ${first.line}: ${first.message}${more} Nothing was saved.`);
  }
  if (parsed.cues.length === 0) refuse('This file has no cues: add at least one timing line and its text. Nothing was saved.');
  if (parsed.cues.length > CAPTION_MAX_CUES) refuse(`This file has more than ${CAPTION_MAX_CUES} cues. Nothing was saved.`);
  const cues = parsed.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text }));
  const long = cues.findIndex((cue) => cue.text.length > CAPTION_CUE_MAX_CHARS);
  if (long >= 0) refuse(`Cue ${long + 1} is longer than ${CAPTION_CUE_MAX_CHARS} characters: split it. Nothing was saved.`);
  const empty = cues.findIndex((cue) => cue.text.trim() === '');
  if (empty >= 0) refuse(`Cue ${empty + 1} has no text. Nothing was saved.`);
  return { cues, vtt: serializeVtt(cues), transcript: transcriptText(cues) };
}

function toEditorCaption(row: CaptionRow): EditorCaption {
  return {
    caption_language: row.captionLanguage,
    caption_label: row.captionLabel,
    caption_vtt: row.captionVtt,
    caption_cue_count: row.captionCueCount,
    caption_updated: row.captionUpdated,
  };
}

const CAPTION_COLUMNS = {
  idVideo: videoCaptions.idVideo,
  captionLanguage: videoCaptions.captionLanguage,
  captionLabel: videoCaptions.captionLabel,
  captionVtt: videoCaptions.captionVtt,
  captionTranscript: videoCaptions.captionTranscript,
  captionCueCount: videoCaptions.captionCueCount,
  captionUpdated: videoCaptions.captionUpdated,
};

async function requireVideoRow(db: Database, idVideo: number, forUpdate = false) {
  const query = db
    .select({ idVideo: tables.videos.idVideo, videoSlug: tables.videos.videoSlug })
    .from(tables.videos)
    .where(eq(tables.videos.idVideo, idVideo))
    .limit(1);
  const [video] = forUpdate ? await query.for('update') : await query;
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

async function findCaption(db: Database, idVideo: number, language: string): Promise<CaptionRow | undefined> {
  const [row] = await db
    .select(CAPTION_COLUMNS)
    .from(videoCaptions)
    .where(and(eq(videoCaptions.idVideo, idVideo), eq(videoCaptions.captionLanguage, language)))
    .limit(1);
  return row as CaptionRow | undefined;
}

export async function listCaptions(db: Database, idVideo: number): Promise<EditorCaption[]> {
  await requireVideoRow(db, idVideo);
  const rows = await db
    .select(CAPTION_COLUMNS)
    .from(videoCaptions)
    .where(eq(videoCaptions.idVideo, idVideo))
    .orderBy(asc(videoCaptions.captionLanguage));
  return rows.map((row) => toEditorCaption(row as CaptionRow));
}

interface EditorCall {
  db: Database;
  auth: RequestAuth;
  now: Date;
}

/** Stores a checked file as the lesson's captions in a language (new or replacing), audited. */
export async function putCaption(
  ctx: EditorCall,
  idVideo: number,
  language: string,
  body: { caption_label: string; caption_vtt: string },
): Promise<EditorCaption> {
  const checked = checkCaptions(body.caption_vtt);
  return ctx.db.transaction(async (tx) => {
    const video = await requireVideoRow(tx, idVideo, true);
    const before = await findCaption(tx, idVideo, language);
    const values = {
      captionLabel: body.caption_label,
      captionVtt: checked.vtt,
      captionTranscript: checked.transcript,
      captionCueCount: checked.cues.length,
      captionUpdated: ctx.now,
    };
    await tx
      .insert(videoCaptions)
      .values({ idVideo, captionLanguage: language, ...values })
      .onConflictDoUpdate({ target: [videoCaptions.idVideo, videoCaptions.captionLanguage], set: values });
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'video.captions.save',
        targetType: 'video',
        targetId: idVideo,
        // The file itself is content, kept in the row; the log says what changed in size and name.
        diff: {
          video_slug: video.videoSlug,
          caption: {
            from: before ? { language, label: before.captionLabel, cues: before.captionCueCount } : null,
            to: { language, label: body.caption_label, cues: checked.cues.length },
          },
        },
      },
      ctx.now,
    );
    return toEditorCaption({ idVideo, captionLanguage: language, ...values } as CaptionRow);
  });
}

export async function deleteCaption(ctx: EditorCall, idVideo: number, language: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const video = await requireVideoRow(tx, idVideo, true);
    const before = await findCaption(tx, idVideo, language);
    if (!before) throw notFound('This lesson has no captions in that language.', 'CAPTIONS_NOT_FOUND');
    await tx.delete(videoCaptions).where(and(eq(videoCaptions.idVideo, idVideo), eq(videoCaptions.captionLanguage, language)));
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'video.captions.delete',
        targetType: 'video',
        targetId: idVideo,
        diff: {
          video_slug: video.videoSlug,
          caption: { from: { language, label: before.captionLabel, cues: before.captionCueCount }, to: null },
        },
      },
      ctx.now,
    );
  });
}

/** The tracks a video page lists (cached with the page's other reads): language, label, version. */
export async function findCaptionTracks(db: Database, idVideo: number) {
  return db
    .select({
      language: videoCaptions.captionLanguage,
      label: videoCaptions.captionLabel,
      updated: videoCaptions.captionUpdated,
    })
    .from(videoCaptions)
    .where(eq(videoCaptions.idVideo, idVideo))
    .orderBy(asc(videoCaptions.captionLanguage));
}

/** The same-origin address of a track's file, versioned by its last change so caches never serve an old one. */
export function captionTrack(slug: string, track: { language: string; label: string; updated: Date }): VideoCaptionTrack {
  return {
    caption_language: track.language,
    caption_label: track.label,
    caption_src: `/api/videos/videos/${encodeURIComponent(slug)}/captions/${encodeURIComponent(track.language)}.vtt?v=${track.updated.getTime()}`,
  };
}

/** The stored file of one language, for the `.vtt` address; the caller has checked the video's lock. */
export async function findCaptionFile(db: Database, idVideo: number, language: string): Promise<string | null> {
  const row = await findCaption(db, idVideo, language);
  return row?.captionVtt ?? null;
}
