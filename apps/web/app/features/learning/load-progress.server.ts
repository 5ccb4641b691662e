import { TOKEN_COOKIE_NAME, type LearnerProgress } from '@fretline/contract';
import { getServerApi } from '../../lib/api.server';
import { readRequestCookie } from '../../lib/cookies';

/**
 * The signed-in learner's progress for a page's cards (docs/product.md#learning-progress); null for
 * a visitor (no call made) or when the API cannot answer: the cards then show no marks.
 */
export async function loadProgress(request: Request): Promise<LearnerProgress | null> {
  if (!readRequestCookie(request, TOKEN_COOKIE_NAME)) return null;
  try {
    return (await getServerApi(request).call('videos.getProgress')).progress;
  } catch {
    return null;
  }
}
