import {
  CourseListResponseSchema,
  CourseResponseSchema,
  CourseSlugParamsSchema,
  SavedBodySchema,
  SavedListQuerySchema,
  SavedListResponseSchema,
  SavedResponseSchema,
  VideoListQuerySchema,
  VideoListResponseSchema,
  VideoProgressBodySchema,
  VideoQuerySchema,
  VideoResponseSchema,
  VideoSlugParamsSchema,
} from '../../calls/videos.ts';
import type { SchemasFor } from '../call.ts';
import type { videosAddresses } from '../addresses/videos.ts';

/** The videos calls' schemas, one entry per address in ../addresses/videos.ts. */
export const videosSchemas = {
  'videos.listCourses': { summary: 'Published courses by course_order', response: CourseListResponseSchema },
  'videos.getCourse': {
    summary: 'One course with its videos, songs, resume point and percent complete',
    params: CourseSlugParamsSchema,
    response: CourseResponseSchema,
  },
  'videos.listVideos': {
    summary: 'List videos with facet counts, tag filter, search and paging',
    query: VideoListQuerySchema,
    response: VideoListResponseSchema,
  },
  'videos.getVideo': {
    summary: 'One video; locked for non-members when premium (ADR 0015)',
    params: VideoSlugParamsSchema,
    query: VideoQuerySchema,
    response: VideoResponseSchema,
  },
  'videos.recordProgress': {
    summary: 'Record play progress; moves the course resume point and percent complete (ADR 0016)',
    params: VideoSlugParamsSchema,
    query: VideoQuerySchema,
    body: VideoProgressBodySchema,
    response: VideoResponseSchema,
  },
  'videos.listSaved': {
    summary: "The signed-in user's My List, newest first",
    query: SavedListQuerySchema,
    response: SavedListResponseSchema,
  },
  'videos.saveVideo': {
    summary: 'Save a video to My List (saving twice keeps one entry)',
    body: SavedBodySchema,
    response: SavedResponseSchema,
    status: 201,
  },
} satisfies SchemasFor<typeof videosAddresses>;
