import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CourseListResponseSchema,
  CourseResponseSchema,
  CourseSlugParamsSchema,
  CurrentCourseResponseSchema,
  FreeResourceListResponseSchema,
  LiveStreamListResponseSchema,
  LiveStreamResponseSchema,
  SAVED_VIDEOS_PAGE_SIZE,
  SavedBodySchema,
  SavedIdParamsSchema,
  SavedListQuerySchema,
  SavedListResponseSchema,
  SavedResponseSchema,
  SitemapResponseSchema,
  StreamSlugParamsSchema,
  VideoListQuerySchema,
  VideoListResponseSchema,
  VideoProgressBodySchema,
  VideoQuerySchema,
  VideoResponseSchema,
  VideoSlugParamsSchema,
  hasRoleGroup,
} from '@fretline/contract';
import { registerMediaRoutes, type MediaStore } from '../../platform/media/index.ts';
import { requireUser } from '../../plugins/auth.ts';
import { getMembership } from '../finance/index.ts';
import { coursesEditorRoutes } from './editor/courses-editor.routes.ts';
import { liveEditorRoutes } from './editor/live-editor.routes.ts';
import { resourcesEditorRoutes } from './editor/resources-editor.routes.ts';
import { videosEditorRoutes } from './editor/videos-editor.routes.ts';
import { editorUploadsRoutes } from './editor/uploads.routes.ts';
import { VISITOR, type Viewer } from './lock-rules.ts';
import { forgetCatalogue } from './catalogue-cache.ts';
import { getCourse, getCurrentCourse, listCourses } from './courses.service.ts';
import { listFreeResources } from './free-resources.service.ts';
import { getLiveStream, listLiveStreams } from './live-streams.service.ts';
import { recordProgress } from './progress.service.ts';
import { listSaved, removeSaved, saveVideo } from './saved.service.ts';
import { getSitemap } from './sitemap.service.ts';
import type { VideosContext } from './videos.context.ts';
import { getVideo, listVideos } from './videos.service.ts';

/** /api/videos: the videos calls of spec §7, the list calls the catalogue pages need, and the media store. */
export const videosRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  registerMediaRoutes(app, store);
  // Issue 7 content editing (ADR 0037): the Editor group's calls, in one scope so that every
  // successful write empties this process's catalogue memories before the editor sees the answer
  // (ADR 0018), whichever editor made it.
  await app.register(async (editor) => {
    editor.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' && reply.statusCode < 400) forgetCatalogue();
      done(null, payload);
    });
    await editor.register(editorUploadsRoutes, { store });
    await editor.register(videosEditorRoutes, { prefix: '/editor/videos', store });
    await editor.register(coursesEditorRoutes, { prefix: '/editor/courses', store });
    await editor.register(liveEditorRoutes, { prefix: '/editor/live-streams', store });
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
    if (!auth) return VISITOR;
    const isEditor = hasRoleGroup(auth.user.roles, 'Editor');
    const membership = isEditor ? null : await getMembership(app.db, auth.user.idUser, app.clock());
    return { idUser: auth.user.idUser, isMember: membership?.hasMembership ?? false, isEditor };
  }

  async function signedInViewer(request: FastifyRequest): Promise<Viewer & { idUser: number }> {
    const auth = requireUser(request);
    const viewer = await viewerOf(request);
    return { ...viewer, idUser: auth.user.idUser };
  }

  const tags = ['videos'];

  app.get(
    '/videos',
    {
      schema: {
        tags,
        summary: 'List videos with facet counts, tag filter, search and paging',
        querystring: VideoListQuerySchema,
        response: { 200: VideoListResponseSchema },
      },
    },
    async (request) => ({ data: await listVideos(context(), await viewerOf(request), request.query) }),
  );

  app.get(
    '/videos/:videoSlug',
    {
      schema: {
        tags,
        summary: 'One video; locked for non-members when premium (ADR 0015)',
        params: VideoSlugParamsSchema,
        querystring: VideoQuerySchema,
        response: { 200: VideoResponseSchema },
      },
    },
    async (request) => ({
      data: {
        video: await getVideo(context(), await viewerOf(request), request.params.videoSlug, request.query.courseSlug),
      },
    }),
  );

  app.patch(
    '/videos/:videoSlug',
    {
      schema: {
        tags,
        summary: 'Record play progress; moves the course resume point and percent complete (ADR 0016)',
        params: VideoSlugParamsSchema,
        querystring: VideoQuerySchema,
        body: VideoProgressBodySchema,
        response: { 200: VideoResponseSchema },
      },
    },
    async (request) => {
      const viewer = await signedInViewer(request);
      const video = await recordProgress(context(), viewer, request.params.videoSlug, request.body, request.query.courseSlug);
      return { data: { video } };
    },
  );

  app.get(
    '/courses',
    {
      schema: { tags, summary: 'Published courses by course_order', response: { 200: CourseListResponseSchema } },
    },
    async () => ({ data: { courses: await listCourses(context()) } }),
  );

  app.get(
    '/courses/:courseSlug',
    {
      schema: {
        tags,
        summary: 'One course with its videos, songs, resume point and percent complete',
        params: CourseSlugParamsSchema,
        response: { 200: CourseResponseSchema },
      },
    },
    async (request) => ({ data: await getCourse(context(), await viewerOf(request), request.params.courseSlug) }),
  );

  app.get(
    '/me/course',
    {
      schema: {
        tags,
        summary: "The signed-in user's current course (the one played last) with resume point and percent complete",
        response: { 200: CurrentCourseResponseSchema },
      },
    },
    async (request) => ({ data: { course: await getCurrentCourse(context(), await signedInViewer(request)) } }),
  );

  app.get(
    '/saved',
    {
      schema: {
        tags,
        summary: "The signed-in user's My List, newest first",
        querystring: SavedListQuerySchema,
        response: { 200: SavedListResponseSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const limit = request.query.limit ?? SAVED_VIDEOS_PAGE_SIZE;
      const { offset = 0, id_video: idVideo } = request.query;
      return { data: await listSaved(context(), auth.user.idUser, limit, offset, idVideo) };
    },
  );

  app.post(
    '/saved',
    {
      schema: {
        tags,
        summary: 'Save a video to My List (saving twice keeps one entry)',
        body: SavedBodySchema,
        response: { 201: SavedResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await signedInViewer(request);
      const saved = await saveVideo(context(), viewer, request.body.id_video);
      return reply.code(201).send({ data: { saved } });
    },
  );

  app.delete(
    '/saved/:id',
    {
      schema: {
        tags,
        summary: "Remove one of the caller's own My List entries",
        params: SavedIdParamsSchema,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      await removeSaved(context(), auth.user.idUser, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/live',
    { schema: { tags, summary: 'Live streams: live now, upcoming, past', response: { 200: LiveStreamListResponseSchema } } },
    async (request) => ({ data: { streams: await listLiveStreams(context(), await viewerOf(request)) } }),
  );

  app.get(
    '/live/:streamSlug',
    {
      schema: { tags, summary: 'One live stream', params: StreamSlugParamsSchema, response: { 200: LiveStreamResponseSchema } },
    },
    async (request) => ({
      data: { stream: await getLiveStream(context(), await viewerOf(request), request.params.streamSlug) },
    }),
  );

  app.get(
    '/free-resources',
    {
      schema: {
        tags,
        summary: 'Free downloads (signed URLs) and the free lessons',
        response: { 200: FreeResourceListResponseSchema },
      },
    },
    async (request) => ({ data: await listFreeResources(context(), await viewerOf(request)) }),
  );

  app.get(
    '/sitemap',
    {
      schema: {
        tags,
        summary: 'Paths of published videos, courses and live streams for sitemap.xml',
        response: { 200: SitemapResponseSchema },
      },
    },
    async () => ({ data: await getSitemap(context()) }),
  );
};
