import type { EditorLiveStream } from '@fretline/contract';
import type { ApiClient } from '../../../lib/api-client';
import { localInputToWire, splitForm, type EditorEntity } from '../form-kit/form-actions.server';
import type { ReplayOption } from './live-stream-form';
import { liveStreamKind } from './live-stream-kind';

/**
 * A live stream: its fields only. The UTC `datetime-local` times become wire dates (product.md#calls), and
 * the members-only box says `false` when unticked.
 */
export const liveStreamEntity: EditorEntity<EditorLiveStream> = {
  ...liveStreamKind,
  calls: {
    get: 'editor.getLiveStream',
    create: 'editor.createLiveStream',
    update: 'editor.updateLiveStream',
    setPublished: 'editor.setLiveStreamPublished',
    delete: 'editor.deleteLiveStream',
  },
  idParam: 'idLiveStream',
  idOf: (stream) => stream.id_live_stream,
  splitForm(form) {
    const { intent, main } = splitForm(form, [] as const);
    for (const key of ['stream_starts', 'stream_ends']) {
      const value = main.get(key);
      if (value !== null) main.set(key, localInputToWire(value));
    }
    // The checkbox sends "false" then, when ticked, "true": the last one counts.
    for (const key of ['stream_premium', 'stream_auto_replay']) {
      const ticks = main.getAll(key);
      if (ticks.length) main.set(key, ticks.at(-1)!);
    }
    return { intent, fields: main, lists: undefined };
  },
};

/** The Live Replay videos a stream may link to (the newest hundred), plus the one it links to now. */
export async function loadReplayOptions(api: ApiClient, stream: EditorLiveStream | null): Promise<ReplayOption[]> {
  const { videos } = await api.call('editor.listVideos', { query: { category: 'Live Replay' }, limit: 100 });
  const options: ReplayOption[] = videos.map((v) => ({
    id_video: v.id_video,
    video_title: v.video_title,
    video_published: v.video_published,
  }));
  const current = stream?.stream_replay;
  if (current && !options.some((o) => o.id_video === current.id_video)) {
    options.unshift({ id_video: current.id_video, video_title: current.video_title, video_published: current.video_published });
  }
  return options;
}
