import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SAVED_VIDEOS_PAGE_SIZE, canonicalLanguage, hasRoleGroup } from '@fretline/contract';
import { createImageVariants, findMediaTools, registerMediaRoutes, type MediaStore } from '../../platform/media/index.ts';
import { requireUser } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { callAudience } from '../../plugins/in-process.ts';
import { route } from '../../plugins/calls.ts';
import { getMembership } from '../finance/index.ts';
import { coursesEditorRoutes } from './editor/courses-editor.routes.ts';
import { liveEditorRoutes } from './editor/live-editor.routes.ts';
import { resourcesEditorRoutes } from './editor/resources-editor.routes.ts';
import { videosEditorRoutes } from './editor/videos-editor.routes.ts';
import { videoScheduleRoutes } from './editor/video-schedule.routes.ts';
import { videoCaptionsRoutes } from './editor/video-captions.routes.ts';
import { findCaptionFile } from './captions.service.ts';
import { findScoreFile } from './videos.repository.ts';
import { chordTimelineRoutes } from './editor/chord-timeline.routes.ts';
import { videoScoreRoutes } from './editor/video-score.routes.ts';
import { editorUploadsRoutes } from './editor/uploads.routes.ts';
import { resumableUploadsRoutes } from './editor/resumable-uploads.routes.ts';
import { registerStreamProcessing } from './editor/video-streams.service.ts';
import { VISITOR, type Viewer } from './lock-rules.ts';
import { forgetCatalogue } from './catalogue-cache.ts';
import { getCourse, getCurrentCourse, listCourses } from './courses.service.ts';
import { listFreeResources } from './free-resources.service.ts';
import { getLiveStream, listLiveStreams } from './live-streams.service.ts';
import { liveStreamCalendar } from './live-calendar.ts';
import { registerLiveIngest } from './live-ingest.service.ts';
import { askQuestion, listMyQuestions } from './live-questions.service.ts';
import { hasLiveReminder, registerLiveReminders, setLiveReminder } from './live-reminders.service.ts';
import { getLearnerHome } from './home.service.ts';
import { getOfflineAllowance } from './offline.service.ts';
import { getPractice, putPractice } from './practice.service.ts';
import { getProgress, markDone, recordProgress } from './progress.service.ts';
import { dismissFirstSteps, getFirstSteps, putFirstSteps, recommendFirstSteps } from './first-steps.service.ts';
import {
  getKnownChords,
  listChordChanges,
  deletePracticeSession,
  getPracticeReminder,
  listPracticeSessions,
  logPracticeSession,
  putPracticeReminder,
  updatePracticeSession,
  putKnownChords,
  putPracticeGoal,
  saveChordChanges,
} from './practice-log.service.ts';
import { listSaved, removeSaved, saveVideo } from './saved.service.ts';
import { registerPracticeReminders } from './practice-reminders.service.ts';
import { registerSharePictures } from './share-pictures.ts';
import { getSitemap } from './sitemap.service.ts';
import type { VideosContext } from './videos.context.ts';
import { getMyVideo, getVideo, isPremiumVideo, listVideos, previewVideo, requireWatchableVideo } from './videos.service.ts';

/** /api/videos: the videos calls (product.md#calls), the list calls the catalogue pages need, and the media store. */
export const videosRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  // Not a declared call (ADR 0052): it answers signed media files, not JSON, and no page calls it through the API client.
  // One maker of picture variants for both: its queue keeps one resize at a time per process.
  const variants = createImageVariants(store);
  registerMediaRoutes(app, store, variants);
  registerSharePictures(app, store, variants);
  // ADR 0057: ffmpeg is looked for once; without it processing is off and the editor says why.
  const tools = findMediaTools(app.config);
  if (!tools) app.log.warn('ffmpeg not found (PATH or FFMPEG_PATH): uploaded videos cannot be processed into HLS');
  registerStreamProcessing(app, store, tools);
  registerLiveReminders(app);
  registerPracticeReminders(app);
  // ADR 0063: the RTMP listener (when ffmpeg is here and LIVE_RTMP_PORT is not 0) and the job that ends a run.
  const ingest = registerLiveIngest(app, store, tools);
  // Content editing (ADR 0037): the Editor group's calls, in one scope so that every
  // successful write empties this process's catalogue memories before the editor sees the answer
  // (ADR 0018), whichever editor made it.
  // Any write, here or on another instance, moves the shared content version: its change forgets
  // the memories (ADR 0056).
  app.contentVersion.onChange(forgetCatalogue);
  await app.register(async (editor) => {
    editor.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'GET' || reply.statusCode >= 400) return done(null, payload);
      // Every instance's stored pages and memories follow the shared version (ADR 0056); the
      // editor's answer waits for it, so the page they open next is already the new one. The bump
      // forgets this process's memories through the listener above, once (ADR 0062).
      app.contentVersion.bump().then(
        () => done(null, payload),
        (err: unknown) => {
          request.log.error({ err }, 'content version bump failed');
          // No version moved, so no listener ran: this process at least forgets by itself.
          forgetCatalogue();
          done(null, payload);
        },
      );
    });
    await editor.register(editorUploadsRoutes, { store });
    await editor.register(resumableUploadsRoutes, { store });
    await editor.register(videosEditorRoutes, { prefix: '/editor/videos', store, tools });
    await editor.register(videoScheduleRoutes, { prefix: '/editor/videos', store });
    await editor.register(videoCaptionsRoutes, { prefix: '/editor/videos', store });
    await editor.register(chordTimelineRoutes, { prefix: '/editor/videos', store });
    await editor.register(videoScoreRoutes, { prefix: '/editor/videos', store });
    await editor.register(coursesEditorRoutes, { prefix: '/editor/courses', store });
    await editor.register(liveEditorRoutes, { prefix: '/editor/live-streams', store, ingest });
    await editor.register(resourcesEditorRoutes, { prefix: '/editor/free-resources', store });
  });

  const context = (): VideosContext => ({
    db: app.db,
    store,
    now: app.clock(),
    teacherName: app.config.TEACHER_NAME,
  });

  /** ADR 0015: who is asking decides what is locked; membership comes from finance's one export. */
  async function viewerOf(request: FastifyRequest): Promise<Viewer> {
    const auth = request.auth;
    if (!auth) {
      // A page shared by a class of learners asks as the class: no one's saves or progress (ADR 0056).
      const audience = callAudience(request);
      return audience ? { ...VISITOR, isMember: audience.member } : VISITOR;
    }
    const isEditor = hasRoleGroup(auth.user.roles, 'Editor');
    const membership = isEditor ? null : await getMembership(app.db, auth.user.idUser, app.clock());
    return { idUser: auth.user.idUser, isMember: membership?.hasMembership ?? false, isEditor };
  }

  /** Who is asking, without the membership lookup, for answers no lock depends on. */
  function personOf(request: FastifyRequest): Pick<Viewer, 'idUser' | 'isEditor'> {
    const auth = request.auth;
    return auth ? { idUser: auth.user.idUser, isEditor: hasRoleGroup(auth.user.roles, 'Editor') } : VISITOR;
  }

  async function signedInViewer(request: FastifyRequest): Promise<Viewer & { idUser: number }> {
    const auth = requireUser(request);
    const viewer = await viewerOf(request);
    return { ...viewer, idUser: auth.user.idUser };
  }

  route(app, 'videos.listVideos', { access: 'public' }, async (request) => ({
    data: await listVideos(context(), await viewerOf(request), request.query),
  }));

  route(app, 'videos.getVideo', { access: 'public' }, async (request) => {
    const ctx = context();
    const { videoSlug } = request.params;
    const { courseSlug } = request.query;
    // Membership decides only a premium video's lock (ADR 0015): a free one skips the lookup (ADR 0062).
    const viewer = (await isPremiumVideo(ctx, videoSlug, courseSlug))
      ? await viewerOf(request)
      : { ...personOf(request), isMember: false };
    return { data: { video: await getVideo(ctx, viewer, videoSlug, courseSlug) } };
  });

  // A page shared by the reader's class asks for what is theirs after hydration (ADR 0056).
  route(app, 'videos.getMyVideo', { access: 'user' }, async (request) => {
    const viewer = { ...personOf(request), idUser: requireUser(request).user.idUser };
    const myVideo = await getMyVideo(context(), viewer, request.params.videoSlug, request.query.courseSlug);
    return { data: { my_video: myVideo } };
  });

  // "Preview as" (ADR 0061): Editor group only; a GET, so it is outside the editor scope that forgets the catalogue on writes.
  route(app, 'editor.previewVideo', { access: 'Editor', schema: { tags: ['videos editor'] } }, async (request) => ({
    data: { video: await previewVideo(context(), request.params.idVideo, request.query.as) },
  }));

  route(app, 'videos.recordProgress', { access: 'user' }, async (request) => {
    const viewer = await signedInViewer(request);
    const video = await recordProgress(context(), viewer, request.params.videoSlug, request.body, request.query.courseSlug);
    return { data: { video } };
  });

  route(app, 'videos.listCourses', { access: 'public' }, async () => ({
    data: { courses: await listCourses(context()) },
  }));

  route(app, 'videos.getCourse', { access: 'public' }, async (request) => ({
    // Nothing on a course page is locked, so no membership lookup (ADR 0062): who is asking is enough.
    data: await getCourse(context(), personOf(request), request.params.courseSlug),
  }));

  route(app, 'videos.getCurrentCourse', { access: 'user' }, async (request) => ({
    data: { course: await getCurrentCourse(context(), await signedInViewer(request)) },
  }));

  route(app, 'videos.listSaved', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    const limit = request.query.limit ?? SAVED_VIDEOS_PAGE_SIZE;
    const { offset = 0, id_video: idVideo } = request.query;
    return { data: await listSaved(context(), auth.user.idUser, limit, offset, idVideo) };
  });

  route(app, 'videos.saveVideo', { access: 'user' }, async (request, reply) => {
    const viewer = await signedInViewer(request);
    const saved = await saveVideo(context(), viewer, request.body);
    return reply.code(201).send({ data: { saved } });
  });

  route(app, 'videos.removeSaved', { access: 'user' }, async (request, reply) => {
    const auth = requireUser(request);
    await removeSaved(context(), auth.user.idUser, request.params.id);
    return reply.code(204).send(null);
  });

  route(app, 'videos.getPractice', { access: 'user' }, async (request) => ({
    data: {
      practice: await getPractice(
        context(),
        await signedInViewer(request),
        request.params.videoSlug,
        request.query.practice_screen,
      ),
    },
  }));

  route(app, 'videos.putPractice', { access: 'user' }, async (request) => ({
    data: { practice: await putPractice(context(), await signedInViewer(request), request.params.videoSlug, request.body) },
  }));

  route(app, 'videos.listLiveStreams', { access: 'public' }, async (request) => ({
    data: { streams: await listLiveStreams(context(), await viewerOf(request)) },
  }));

  route(app, 'videos.getLiveStream', { access: 'public' }, async (request) => {
    const viewer = await viewerOf(request);
    const stream = await getLiveStream(context(), viewer, request.params.streamSlug);
    if (viewer.idUser === null) return { data: { stream } };
    return {
      data: { stream: { ...stream, stream_reminder: await hasLiveReminder(app.db, stream.id_live_stream, viewer.idUser) } },
    };
  });

  route(app, 'videos.setLiveStreamReminder', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    const remind = await setLiveReminder(app.db, {
      slug: request.params.streamSlug,
      idUser: auth.user.idUser,
      remind: request.body.remind,
      timeZone: request.body.time_zone,
      now: app.clock(),
    });
    return { data: { reminder: { stream_reminder: remind } } };
  });

  route(app, 'videos.askLiveQuestion', { access: 'user' }, async (request, reply) => {
    const viewer = await signedInViewer(request);
    const question = await askQuestion(app.db, {
      slug: request.params.streamSlug,
      viewer,
      text: request.body.question_text,
      now: app.clock(),
    });
    return reply.code(201).send({ data: { question } });
  });

  route(app, 'videos.listMyLiveQuestions', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    return { data: { questions: await listMyQuestions(app.db, request.params.streamSlug, auth.user.idUser) } };
  });

  // "Add to calendar" (product.md#pages, /live). Not a declared call (ADR 0052): it answers an
  // iCalendar file, which the page links to, not JSON.
  app.get('/live/:streamSlug/calendar.ics', { schema: { hide: true } }, async (request, reply) => {
    const { streamSlug } = request.params as { streamSlug: string };
    if (!/^[a-z0-9-]{1,200}$/.test(streamSlug)) throw notFound(undefined, 'STREAM_NOT_FOUND');
    const stream = await getLiveStream(context(), VISITOR, streamSlug);
    reply.header('Content-Disposition', `attachment; filename="${stream.stream_slug}.ics"`);
    reply.header('Cache-Control', 'public, max-age=300');
    return reply.type('text/calendar; charset=utf-8').send(liveStreamCalendar(stream, app.config.SITE_URL, app.clock()));
  });

  // A lesson's captions in one language (ADR 0085), for its `<track>` and transcript. Not a declared
  // call (ADR 0052): it answers a WebVTT file. Same rules as the video: a draft only for editors, a
  // premium lesson's words only for those who may watch it (403, as its stream is withheld).
  app.get('/videos/:videoSlug/captions/:file', { schema: { hide: true } }, async (request, reply) => {
    const { videoSlug, file } = request.params as { videoSlug: string; file: string };
    const match = /^(.{1,35})\.vtt$/.exec(file);
    const language = match ? canonicalLanguage(match[1]!) : null;
    if (!language || !/^[a-z0-9-]{1,200}$/.test(videoSlug)) throw notFound();
    const ctx = context();
    const viewer = (await isPremiumVideo(ctx, videoSlug)) ? await viewerOf(request) : { ...personOf(request), isMember: false };
    const video = await requireWatchableVideo(ctx, viewer, videoSlug);
    const vtt = await findCaptionFile(app.db, video.idVideo, language);
    if (vtt === null) throw notFound('This lesson has no captions in that language.');
    // The address carries the file's version (?v=), so a short cache never shows an old file for long.
    reply.header('Cache-Control', video.videoPremium || !video.videoPublished ? 'private, max-age=300' : 'public, max-age=300');
    return reply.type('text/vtt; charset=utf-8').send(vtt);
  });

  // A lesson's score file (ADR 0088), for the lesson page's alphaTab. Not a declared call (ADR
  // 0052): it answers the file as attached. Same rules as the captions: a draft only for editors, a
  // premium lesson's score only for those who may watch it.
  app.get('/videos/:videoSlug/score.:ext', { schema: { hide: true } }, async (request, reply) => {
    const { videoSlug } = request.params as { videoSlug: string; ext: string };
    if (!/^[a-z0-9-]{1,200}$/.test(videoSlug)) throw notFound();
    const ctx = context();
    const viewer = (await isPremiumVideo(ctx, videoSlug)) ? await viewerOf(request) : { ...personOf(request), isMember: false };
    const video = await requireWatchableVideo(ctx, viewer, videoSlug);
    const file = await findScoreFile(app.db, video.idVideo);
    if (!file) throw notFound('This lesson has no score.');
    // The address carries the file's version (?v=), so a short cache never shows an old file for long.
    reply.header('Cache-Control', video.videoPremium || !video.videoPublished ? 'private, max-age=300' : 'public, max-age=300');
    const type =
      file.format === 'alphatex'
        ? 'text/plain; charset=utf-8'
        : file.format === 'musicxml'
          ? 'application/xml'
          : 'application/octet-stream';
    return reply.type(type).send(file.bytes);
  });

  route(app, 'videos.listFreeResources', { access: 'public' }, async (request) => ({
    data: await listFreeResources(context(), await viewerOf(request)),
  }));

  route(app, 'videos.getSitemap', { access: 'public' }, async () => ({ data: await getSitemap(context()) }));

  // The learner's progress and first steps (docs/product.md#learning-progress, ADR 0064): own data only.
  route(app, 'videos.getProgress', { access: 'user' }, async (request) => ({
    data: { progress: await getProgress(context(), await signedInViewer(request)) },
  }));

  route(app, 'videos.getMyHome', { access: 'user' }, async (request) => ({
    data: { home: await getLearnerHome(context(), await signedInViewer(request)) },
  }));

  route(app, 'videos.markDone', { access: 'user' }, async (request) => ({
    data: {
      video: await markDone(context(), await signedInViewer(request), request.params.videoSlug, true, request.query.courseSlug),
    },
  }));

  route(app, 'videos.markNotDone', { access: 'user' }, async (request) => ({
    data: {
      video: await markDone(context(), await signedInViewer(request), request.params.videoSlug, false, request.query.courseSlug),
    },
  }));

  route(app, 'videos.getFirstSteps', { access: 'user' }, async (request) => ({
    data: { first_steps: await getFirstSteps(context(), requireUser(request).user.idUser) },
  }));

  route(app, 'videos.putFirstSteps', { access: 'user' }, async (request) => ({
    data: { first_steps: await putFirstSteps(context(), requireUser(request).user.idUser, request.body) },
  }));

  route(app, 'videos.dismissFirstSteps', { access: 'user' }, async (request) => ({
    data: { first_steps: await dismissFirstSteps(context(), requireUser(request).user.idUser) },
  }));

  route(app, 'videos.recommendFirstSteps', { access: 'public' }, async (request) => ({
    data: { recommendation: await recommendFirstSteps(context(), request.query) },
  }));

  // The practice log, One Minute Changes and Chords I know (product.md#practice-log): own data only.
  route(app, 'videos.listPracticeSessions', { access: 'user' }, async (request) => ({
    data: await listPracticeSessions(context(), requireUser(request).user.idUser),
  }));

  route(app, 'videos.logPracticeSession', { access: 'user' }, async (request, reply) => {
    const session = await logPracticeSession(context(), requireUser(request).user.idUser, request.body);
    return reply.code(201).send({ data: { session } });
  });

  route(app, 'videos.updatePracticeSession', { access: 'user' }, async (request) => ({
    data: {
      session: await updatePracticeSession(context(), requireUser(request).user.idUser, request.params.id, request.body),
    },
  }));

  route(app, 'videos.deletePracticeSession', { access: 'user' }, async (request, reply) => {
    await deletePracticeSession(context(), requireUser(request).user.idUser, request.params.id);
    return reply.code(204).send(null);
  });

  route(app, 'videos.getPracticeReminder', { access: 'user' }, async (request) => ({
    data: { reminder: await getPracticeReminder(context(), requireUser(request).user.idUser) },
  }));

  route(app, 'videos.putPracticeReminder', { access: 'user' }, async (request) => ({
    data: { reminder: await putPracticeReminder(context(), requireUser(request).user.idUser, request.body) },
  }));

  route(app, 'videos.putPracticeGoal', { access: 'user' }, async (request) => ({
    data: { goal: await putPracticeGoal(context(), requireUser(request).user.idUser, request.body) },
  }));

  route(app, 'videos.listChordChanges', { access: 'user' }, async (request) => ({
    data: { rounds: await listChordChanges(context(), requireUser(request).user.idUser) },
  }));

  route(app, 'videos.saveChordChanges', { access: 'user' }, async (request, reply) => {
    const round = await saveChordChanges(context(), requireUser(request).user.idUser, request.body);
    return reply.code(201).send({ data: { round } });
  });

  route(app, 'videos.getKnownChords', { access: 'user' }, async (request) => ({
    data: { chords: await getKnownChords(context(), requireUser(request).user.idUser) },
  }));

  route(app, 'videos.putKnownChords', { access: 'user' }, async (request) => ({
    data: { chords: await putKnownChords(context(), requireUser(request).user.idUser, request.body.chords) },
  }));

  // A kept lesson checks in (ADR 0079): membership decides a premium lesson's copy.
  route(app, 'videos.getOfflineAllowance', { access: 'user' }, async (request) => ({
    data: { offline: await getOfflineAllowance(context(), await signedInViewer(request), request.params.videoSlug) },
  }));
};
