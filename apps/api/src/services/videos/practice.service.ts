import { PRACTICE_DEFAULTS, type PracticeScreen, type PracticeSettings, type PracticeSettingsBody } from '@fretline/contract';
import { AppError } from '../../plugins/errors.ts';
import { isVideoLocked, type Viewer } from './lock-rules.ts';
import { findPractice, type PracticeRow, upsertPractice } from './practice.repository.ts';
import type { VideosContext } from './videos.context.ts';
import { requireVideo } from './videos.service.ts';

// The practice player's settings (product.md#practice): per person, video and screen class.

function toSettings(row: PracticeRow): PracticeSettings {
  return {
    practice_rate: row.practiceRate,
    practice_loop_start: row.practiceLoopStart,
    practice_loop_end: row.practiceLoopEnd,
    practice_ladder_start: row.practiceLadderStart,
    practice_ladder_step: row.practiceLadderStep,
    practice_ladder_target: row.practiceLadderTarget,
    practice_ladder_loops: row.practiceLadderLoops,
    practice_count_in: row.practiceCountIn,
    practice_mirror: row.practiceMirror,
    practice_screen: row.practiceScreen as PracticeScreen,
    practice_updated: row.practiceUpdated,
  };
}

/** The video, when the caller may practise it: a locked premium lesson is refused as its progress is. */
async function practisable(ctx: VideosContext, viewer: Viewer & { idUser: number }, slug: string) {
  const video = await requireVideo(ctx, viewer, slug);
  if (isVideoLocked({ premium: video.videoPremium }, viewer)) {
    throw new AppError('VIDEO_LOCKED', 403, 'This video is for members. Join the membership to practise it.');
  }
  return video;
}

/** GET: the caller's own settings for this video and screen class, or the defaults when none were saved. */
export async function getPractice(
  ctx: VideosContext,
  viewer: Viewer & { idUser: number },
  slug: string,
  screen: PracticeScreen,
): Promise<PracticeSettings> {
  const video = await practisable(ctx, viewer, slug);
  const row = await findPractice(ctx.db, viewer.idUser, video.idVideo, screen);
  return row ? toSettings(row) : { ...PRACTICE_DEFAULTS, practice_screen: screen, practice_updated: null };
}

/** PUT: replaces the caller's settings for this video and screen class (the contract checked the ranges). */
export async function putPractice(
  ctx: VideosContext,
  viewer: Viewer & { idUser: number },
  slug: string,
  body: PracticeSettingsBody,
): Promise<PracticeSettings> {
  const video = await practisable(ctx, viewer, slug);
  const row = await upsertPractice(
    ctx.db,
    { idUser: viewer.idUser, idVideo: video.idVideo, screen: body.practice_screen },
    {
      practiceRate: body.practice_rate,
      practiceLoopStart: body.practice_loop_start,
      practiceLoopEnd: body.practice_loop_end,
      practiceLadderStart: body.practice_ladder_start,
      practiceLadderStep: body.practice_ladder_step,
      practiceLadderTarget: body.practice_ladder_target,
      practiceLadderLoops: body.practice_ladder_loops,
      practiceCountIn: body.practice_count_in,
      practiceMirror: body.practice_mirror,
    },
    ctx.now,
  );
  return toSettings(row);
}
