import { scoreSyncProblem, type EditorVideoScore, type ScoreSyncPoint } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { recordAudit } from '../../../platform/audit/index.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';
import { findScore, findScoreSyncPoints } from '../videos.repository.ts';
import { parseScoreFile, ScoreFileError } from './score-file.ts';
import * as repo from './videos-editor.repository.ts';
import type { EditorContext } from './videos-editor.service.ts';

/*
 * A lesson's score (product.md#chords, ADR 0088): the editor attaches a tab/notation file, which is
 * parsed whole before it is stored, and taps each bar line while the preview plays; the sync points
 * are saved whole. Every change is in the audit log with what it was.
 */

const NOT_FOUND = 'That video cannot be found.';
type Db = EditorContext['db'];

async function findEditorScore(db: Db, idVideo: number): Promise<EditorVideoScore | null> {
  const score = await findScore(db, idVideo);
  if (!score) return null;
  return {
    score_file_name: score.scoreFileName,
    score_format: score.scoreFormat,
    score_title: score.scoreTitle,
    score_bar_count: score.scoreBarCount,
    score_sync_points: await findScoreSyncPoints(db, idVideo),
    score_updated: score.scoreUpdated,
  };
}

export async function getVideoScore(ctx: EditorContext, idVideo: number): Promise<EditorVideoScore | null> {
  if (!(await repo.findVideo(ctx.db, idVideo))) throw notFound(NOT_FOUND);
  return findEditorScore(ctx.db, idVideo);
}

/**
 * Attaches (or replaces) the score file. A file that cannot be read is a 400 and nothing is stored.
 * A replaced file keeps the sync points of the bars it still has: a corrected note keeps the sync.
 */
export async function putVideoScore(
  ctx: EditorContext,
  idVideo: number,
  fileName: string,
  base64: string,
): Promise<EditorVideoScore | null> {
  const bytes = Buffer.from(base64, 'base64');
  let parsed;
  try {
    parsed = await parseScoreFile(fileName, bytes);
  } catch (err) {
    if (err instanceof ScoreFileError) throw badRequest(err.message, 'score_file');
    throw err;
  }
  return ctx.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, idVideo, true);
    if (!video) throw notFound(NOT_FOUND);
    const before = await findScore(tx, idVideo);
    const row = {
      scoreFileName: fileName,
      scoreFormat: parsed.format,
      scoreBase64: bytes.toString('base64'),
      scoreTitle: parsed.title,
      scoreBarCount: parsed.barCount,
      scoreUpdated: ctx.now,
    };
    const scores = tables.videoScores;
    await tx
      .insert(scores)
      .values({ idVideo, ...row })
      .onConflictDoUpdate({ target: scores.idVideo, set: row });
    const points = await findScoreSyncPoints(tx, idVideo);
    const dropped = points.filter((point) => point.bar >= parsed.barCount);
    if (dropped.length)
      await replaceSyncPoints(
        tx,
        idVideo,
        points.filter((point) => point.bar < parsed.barCount),
      );
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'video.score.attach',
        targetType: 'video',
        targetId: idVideo,
        diff: {
          video_slug: video.videoSlug,
          score_file_name: { from: before?.scoreFileName ?? null, to: fileName },
          score_bar_count: { from: before?.scoreBarCount ?? null, to: parsed.barCount },
          ...(dropped.length ? { score_sync_points: { from: points.length, to: points.length - dropped.length } } : {}),
        },
      },
      ctx.now,
    );
    return findEditorScore(tx, idVideo);
  });
}

export async function deleteVideoScore(ctx: EditorContext, idVideo: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, idVideo, true);
    if (!video) throw notFound(NOT_FOUND);
    const before = await findScore(tx, idVideo);
    if (!before) throw notFound('This lesson has no score.');
    // The sync points go with it (ON DELETE CASCADE).
    await tx.delete(tables.videoScores).where(eq(tables.videoScores.idVideo, idVideo));
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'video.score.delete',
        targetType: 'video',
        targetId: idVideo,
        diff: { video_slug: video.videoSlug, score_file_name: { from: before.scoreFileName, to: null } },
      },
      ctx.now,
    );
  });
}

async function replaceSyncPoints(db: Db, idVideo: number, points: readonly ScoreSyncPoint[]): Promise<void> {
  const table = tables.videoScoreSyncPoints;
  await db.delete(table).where(eq(table.idVideo, idVideo));
  if (points.length) await db.insert(table).values(points.map((p) => ({ idVideo, barIndex: p.bar, syncMs: p.at_ms })));
}

/** Replaces the sync points, audited with how many there were; a refused list changes nothing. */
export async function setScoreSync(
  ctx: EditorContext,
  idVideo: number,
  points: ScoreSyncPoint[],
): Promise<EditorVideoScore | null> {
  return ctx.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, idVideo, true);
    if (!video) throw notFound(NOT_FOUND);
    const score = await findScore(tx, idVideo);
    if (!score) throw badRequest('Attach a score file before syncing it.', 'score_sync_points');
    const duration = video.videoPlayer === 'stream' ? video.streamDuration : null;
    const problem = scoreSyncProblem(points, score.scoreBarCount, duration);
    if (problem) {
      throw badRequest(problem.message, problem.index === null ? 'score_sync_points' : `score_sync_points.${problem.index}`);
    }
    const before = await findScoreSyncPoints(tx, idVideo);
    if (JSON.stringify(before) !== JSON.stringify(points)) {
      await replaceSyncPoints(tx, idVideo, points);
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'video.score.sync',
          targetType: 'video',
          targetId: idVideo,
          diff: { video_slug: video.videoSlug, score_sync_points: { from: before.length, to: points.length } },
        },
        ctx.now,
      );
    }
    return findEditorScore(tx, idVideo);
  });
}
