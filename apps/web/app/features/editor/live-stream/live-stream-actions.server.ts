import type { EditorVideoSummary } from '@fretline/contract';
import type { ApiClient } from '../../../lib/api-client';
import { localInputToWire, splitForm } from '../form-kit/form-actions.server';
import type { ReplayOption } from './live-stream-form';

/** The stream form as the API's body: the UTC `datetime-local` times become wire dates (spec §7). */
export function streamBody(form: FormData): { intent: string; stream: URLSearchParams } {
  const { intent, main } = splitForm(form, [] as const);
  for (const key of ['stream_starts', 'stream_ends']) {
    const value = main.get(key);
    if (value !== null) main.set(key, localInputToWire(value));
  }
  // The checkbox sends "false" then, when ticked, "true": the last one counts.
  const premium = main.getAll('stream_premium');
  main.set('stream_premium', premium.at(-1) ?? 'false');
  return { intent, stream: main };
}

/** The Live Replay videos a stream may link to (the newest hundred), plus the one it links to now. */
export async function loadReplayOptions(api: ApiClient, current: ReplayOption | null): Promise<ReplayOption[]> {
  const { videos } = await api.get<{ videos: EditorVideoSummary[] }>('/videos/editor/videos', {
    query: { category: 'Live Replay' },
    limit: 100,
  });
  const options: ReplayOption[] = videos.map((v) => ({
    id_video: v.id_video,
    video_title: v.video_title,
    video_published: v.video_published,
  }));
  if (current && !options.some((o) => o.id_video === current.id_video)) options.unshift(current);
  return options;
}
