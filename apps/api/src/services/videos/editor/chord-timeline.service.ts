import { chordTimelineProblem, type ChordTimelineEntry } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { recordAudit } from '../../../platform/audit/index.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';
import { findChordTimeline, findChords } from '../videos.repository.ts';
import * as repo from './videos-editor.repository.ts';
import type { EditorContext } from './videos-editor.service.ts';

/*
 * A video's chord timeline (product.md#chords, ADR 0077): the editor taps each chord while the
 * preview plays and saves the marks whole. Each mark names one of the video's chords and falls
 * within the video's length when it is known (a processed upload; a YouTube video's is not).
 */

const NOT_FOUND = 'That video cannot be found.';

export async function getChordTimeline(ctx: EditorContext, idVideo: number): Promise<ChordTimelineEntry[]> {
  if (!(await repo.findVideo(ctx.db, idVideo))) throw notFound(NOT_FOUND);
  return findChordTimeline(ctx.db, idVideo);
}

/** Replaces the timeline, audited with what it was; a refused one changes nothing. */
export async function setChordTimeline(
  ctx: EditorContext,
  idVideo: number,
  entries: ChordTimelineEntry[],
): Promise<ChordTimelineEntry[]> {
  return ctx.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, idVideo, true);
    if (!video) throw notFound(NOT_FOUND);
    const chords = await findChords(tx, idVideo);
    const duration = video.videoPlayer === 'stream' ? video.streamDuration : null;
    const problem = chordTimelineProblem(
      entries,
      chords.map((chord) => chord.chordText),
      duration,
    );
    if (problem) {
      throw badRequest(problem.message, problem.index === null ? 'chord_timeline' : `chord_timeline.${problem.index}`);
    }
    const before = await findChordTimeline(tx, idVideo);
    const marks = tables.videoChordMarks;
    await tx.delete(marks).where(eq(marks.idVideo, idVideo));
    if (entries.length) {
      await tx.insert(marks).values(entries.map((entry) => ({ idVideo, markTime: entry.at, chordText: entry.chord })));
    }
    if (JSON.stringify(before) !== JSON.stringify(entries)) {
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'video.chord_timeline.set',
          targetType: 'video',
          targetId: idVideo,
          diff: { video_slug: video.videoSlug, chord_timeline: { from: before.length, to: entries.length } },
        },
        ctx.now,
      );
    }
    return entries;
  });
}
