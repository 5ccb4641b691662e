import {
  ChordTimelineBodySchema,
  ChordTimelineResponseSchema,
  EditorVideoScoreResponseSchema,
  ScoreSyncBodySchema,
  VideoScoreBodySchema,
  EditorPublishBodySchema,
  EditorVideoBodySchema,
  EditorVideoCoursesBodySchema,
  EditorVideoCoursesResponseSchema,
  EditorVideoIdParamsSchema,
  EditorVideoListQuerySchema,
  EditorVideoListResponseSchema,
  EditorVideoOptionsResponseSchema,
  EditorVideoResponseSchema,
  VideoScheduleBodySchema,
  VideoPreviewQuerySchema,
  VideoScheduleResponseSchema,
} from '../../calls/editor.ts';
import { VideoResponseSchema } from '../../calls/videos.ts';
import {
  CaptionBodySchema,
  CaptionParamsSchema,
  EditorCaptionListResponseSchema,
  EditorCaptionResponseSchema,
} from '../../calls/captions.ts';
import {
  EditorCourseBodySchema,
  EditorCourseEntriesBodySchema,
  EditorCourseIdParamsSchema,
  EditorCourseListResponseSchema,
  EditorCourseOrderBodySchema,
  EditorCoursePublishBodySchema,
  EditorCourseResponseSchema,
  EditorCourseTestimonialsBodySchema,
  EditorFreeResourceBodySchema,
  EditorFreeResourceIdParamsSchema,
  EditorFreeResourceListResponseSchema,
  EditorFreeResourceOrderBodySchema,
  EditorFreeResourcePublishBodySchema,
  EditorFreeResourceResponseSchema,
  EditorLiveStreamBodySchema,
  EditorLiveQuestionListResponseSchema,
  EditorLiveQuestionParamsSchema,
  EditorLiveQuestionResponseSchema,
  EditorLiveStreamIdParamsSchema,
  EditorLiveStreamListQuerySchema,
  EditorLiveStreamListResponseSchema,
  EditorLiveStreamPublishBodySchema,
  EditorLiveStreamResponseSchema,
} from '../../calls/editor-catalogue.ts';
import { MediaListQuerySchema, MediaListResponseSchema, UploadQuerySchema, UploadResponseSchema } from '../../calls/uploads.ts';
import { NoContentSchema } from '../../wire/envelope.ts';
import type { SchemasFor } from '../call.ts';
import type { editorAddresses } from '../addresses/editor.ts';

/** The editor calls' schemas, one entry per address in ../addresses/editor.ts. */
export const editorSchemas = {
  // No body schema: the body is the file itself, streamed to disk by the route (ADR 0039).
  'editor.uploadMedia': {
    summary: 'Upload one image, audio, video or document file (raw body, application/octet-stream)',
    query: UploadQuerySchema,
    response: UploadResponseSchema,
    status: 201,
  },
  'editor.listMedia': {
    summary: 'The media library: uploaded and demo files, newest first; search by name, filter by kind',
    query: MediaListQuerySchema,
    response: MediaListResponseSchema,
  },

  'editor.listVideos': {
    summary: 'Every video, drafts included, last changed first; search, status and category filters',
    query: EditorVideoListQuerySchema,
    response: EditorVideoListResponseSchema,
  },
  'editor.getVideoOptions': {
    summary: 'What the video form offers: courses (drafts too), facet values and tags in use',
    response: EditorVideoOptionsResponseSchema,
  },
  'editor.getVideo': {
    summary: 'One video with its sections, chords, tags, courses and earlier slugs',
    params: EditorVideoIdParamsSchema,
    response: EditorVideoResponseSchema,
  },
  'editor.createVideo': {
    conflict: 'The slug is taken by another video.',
    summary: 'Create a video (a draft) with its sections, chords and tags',
    body: EditorVideoBodySchema,
    response: EditorVideoResponseSchema,
    status: 201,
  },
  'editor.updateVideo': {
    conflict: 'The slug is taken by another video.',
    summary: 'Replace a video whole (fields, sections, chords, tags); a new slug keeps the old one redirecting',
    params: EditorVideoIdParamsSchema,
    body: EditorVideoBodySchema,
    response: EditorVideoResponseSchema,
  },
  'editor.setVideoPublished': {
    summary: 'Publish (video_published=true) or unpublish a video',
    params: EditorVideoIdParamsSchema,
    body: EditorPublishBodySchema,
    response: EditorVideoResponseSchema,
  },
  'editor.setVideoCourses': {
    summary: 'Set the courses the video is in and its position in each',
    params: EditorVideoIdParamsSchema,
    body: EditorVideoCoursesBodySchema,
    response: EditorVideoCoursesResponseSchema,
  },
  'editor.getVideoSchedule': {
    summary: "A draft video's scheduled publication (ADR 0060)",
    params: EditorVideoIdParamsSchema,
    response: VideoScheduleResponseSchema,
  },
  'editor.scheduleVideo': {
    conflict: 'The video is already published.',
    summary: 'Publish a draft at a date and time (video_publish_at), or cancel with null',
    params: EditorVideoIdParamsSchema,
    body: VideoScheduleBodySchema,
    response: VideoScheduleResponseSchema,
  },
  'editor.listVideoCaptions': {
    summary: "A video's captions, one WebVTT file per language (ADR 0085)",
    params: EditorVideoIdParamsSchema,
    response: EditorCaptionListResponseSchema,
  },
  'editor.putVideoCaption': {
    summary: 'Check a WebVTT file and store it as the captions in that language; a broken file is refused with its line',
    params: CaptionParamsSchema,
    body: CaptionBodySchema,
    response: EditorCaptionResponseSchema,
  },
  'editor.deleteVideoCaption': {
    summary: 'Remove the captions in that language',
    params: CaptionParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  'editor.getChordTimeline': {
    summary: "A video's chord timeline: when each of its chords starts (ADR 0077)",
    params: EditorVideoIdParamsSchema,
    response: ChordTimelineResponseSchema,
  },
  'editor.setChordTimeline': {
    summary: "Replace a video's chord timeline; each chord one of the video's, in time order within its length",
    params: EditorVideoIdParamsSchema,
    body: ChordTimelineBodySchema,
    response: ChordTimelineResponseSchema,
  },
  'editor.getVideoScore': {
    summary: "A lesson's score (tab and notation) and its sync to the video, or null (ADR 0088)",
    params: EditorVideoIdParamsSchema,
    response: EditorVideoScoreResponseSchema,
  },
  'editor.putVideoScore': {
    summary: 'Attach a score file (alphaTex, Guitar Pro or MusicXML), parsed whole; a file alphaTab cannot read is refused',
    params: EditorVideoIdParamsSchema,
    body: VideoScoreBodySchema,
    response: EditorVideoScoreResponseSchema,
  },
  'editor.deleteVideoScore': {
    summary: "Remove a lesson's score and its sync",
    params: EditorVideoIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  'editor.setScoreSync': {
    summary: "Replace a score's sync points (bar, milliseconds into the video), each a later bar at a later time",
    params: EditorVideoIdParamsSchema,
    body: ScoreSyncBodySchema,
    response: EditorVideoScoreResponseSchema,
  },
  'editor.previewVideo': {
    summary: 'A video, draft or not, in the public shape as a visitor, learner or member would see it (ADR 0061)',
    params: EditorVideoIdParamsSchema,
    query: VideoPreviewQuerySchema,
    response: VideoResponseSchema,
  },
  'editor.deleteVideo': {
    summary: 'Delete a video with its sections, chords, tags and course places',
    params: EditorVideoIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },

  'editor.retryVideoStream': {
    conflict: 'The video file is already being processed.',
    summary: 'Process the video’s uploaded file again (after a failure): queued anew, progress back to 0',
    params: EditorVideoIdParamsSchema,
    response: EditorVideoResponseSchema,
  },

  'editor.listCourses': {
    summary: 'Every course, drafts included, in course_order',
    response: EditorCourseListResponseSchema,
  },
  'editor.getCourse': {
    summary: 'One course with its lessons, songs (drafts included), testimonials and earlier slugs',
    params: EditorCourseIdParamsSchema,
    response: EditorCourseResponseSchema,
  },
  'editor.createCourse': {
    conflict: 'The slug is taken by another course.',
    summary: 'Create a course (a draft, last in order)',
    body: EditorCourseBodySchema,
    response: EditorCourseResponseSchema,
    status: 201,
  },
  'editor.setCourseOrder': {
    conflict: 'The list of courses changed since it was loaded.',
    summary: 'Reorder the courses: every course id in its new course_order',
    body: EditorCourseOrderBodySchema,
    response: EditorCourseListResponseSchema,
  },
  'editor.updateCourse': {
    conflict: 'The slug is taken by another course.',
    summary: "Replace a course's fields; a new slug keeps the old /courses URL redirecting",
    params: EditorCourseIdParamsSchema,
    body: EditorCourseBodySchema,
    response: EditorCourseResponseSchema,
  },
  'editor.setCourseEntries': {
    summary: "Set the course's lessons and songs, each an ordered list of video ids, in one transaction",
    params: EditorCourseIdParamsSchema,
    body: EditorCourseEntriesBodySchema,
    response: EditorCourseResponseSchema,
  },
  'editor.setCourseTestimonials': {
    summary: "Replace the course's testimonials with this ordered list",
    params: EditorCourseIdParamsSchema,
    body: EditorCourseTestimonialsBodySchema,
    response: EditorCourseResponseSchema,
  },
  'editor.setCoursePublished': {
    summary: 'Publish (course_published=true) or unpublish a course',
    params: EditorCourseIdParamsSchema,
    body: EditorCoursePublishBodySchema,
    response: EditorCourseResponseSchema,
  },
  'editor.deleteCourse': {
    summary: 'Delete a course with its entries, testimonials and learners’ progress (the videos stay)',
    params: EditorCourseIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },

  'editor.listLiveStreams': {
    summary: 'Every live stream, drafts included, newest start first (paged)',
    query: EditorLiveStreamListQuerySchema,
    response: EditorLiveStreamListResponseSchema,
  },
  'editor.getLiveStream': {
    summary: 'One live stream with its replay video and earlier slugs',
    params: EditorLiveStreamIdParamsSchema,
    response: EditorLiveStreamResponseSchema,
  },
  'editor.createLiveStream': {
    conflict: 'The slug is taken by another live stream.',
    summary: 'Create a live stream (a draft); the end must come after the start',
    body: EditorLiveStreamBodySchema,
    response: EditorLiveStreamResponseSchema,
    status: 201,
  },
  'editor.updateLiveStream': {
    conflict: 'The slug is taken by another live stream.',
    summary: "Replace a live stream's fields; a new slug keeps the old /live URL redirecting",
    params: EditorLiveStreamIdParamsSchema,
    body: EditorLiveStreamBodySchema,
    response: EditorLiveStreamResponseSchema,
  },
  'editor.setLiveStreamPublished': {
    summary: 'Publish (stream_published=true) or unpublish a live stream',
    params: EditorLiveStreamIdParamsSchema,
    body: EditorLiveStreamPublishBodySchema,
    response: EditorLiveStreamResponseSchema,
  },
  'editor.deleteLiveStream': {
    summary: 'Delete a live stream (its replay video stays)',
    params: EditorLiveStreamIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  'editor.regenerateLiveStreamKey': {
    summary: 'Make a new secret stream key (Staff group); the old one stops working at once',
    params: EditorLiveStreamIdParamsSchema,
    response: EditorLiveStreamResponseSchema,
  },
  'editor.listLiveQuestions': {
    summary: "A live stream's questions, oldest first, answered ones included",
    params: EditorLiveStreamIdParamsSchema,
    response: EditorLiveQuestionListResponseSchema,
  },
  'editor.answerLiveQuestion': {
    conflict: 'The question is already marked answered.',
    summary: 'Mark a question answered: a chapter of the replay at this moment, and an e-mail to the asker',
    params: EditorLiveQuestionParamsSchema,
    response: EditorLiveQuestionResponseSchema,
  },

  'editor.listFreeResources': {
    summary: 'Every free resource, drafts included, in display order',
    response: EditorFreeResourceListResponseSchema,
  },
  'editor.getFreeResource': {
    summary: 'One free resource',
    params: EditorFreeResourceIdParamsSchema,
    response: EditorFreeResourceResponseSchema,
  },
  'editor.createFreeResource': {
    conflict: 'The slug is taken by another free resource.',
    summary: 'Create a free resource (a draft, last in order)',
    body: EditorFreeResourceBodySchema,
    response: EditorFreeResourceResponseSchema,
    status: 201,
  },
  'editor.setFreeResourceOrder': {
    conflict: 'The list of free resources changed since it was loaded.',
    summary: 'Reorder the free resources: every id in its new order',
    body: EditorFreeResourceOrderBodySchema,
    response: EditorFreeResourceListResponseSchema,
  },
  'editor.updateFreeResource': {
    conflict: 'The slug is taken by another free resource.',
    summary: "Replace a free resource's fields",
    params: EditorFreeResourceIdParamsSchema,
    body: EditorFreeResourceBodySchema,
    response: EditorFreeResourceResponseSchema,
  },
  'editor.setFreeResourcePublished': {
    summary: 'Publish (resource_published=true) or unpublish a free resource',
    params: EditorFreeResourceIdParamsSchema,
    body: EditorFreeResourcePublishBodySchema,
    response: EditorFreeResourceResponseSchema,
  },
  'editor.deleteFreeResource': {
    summary: 'Delete a free resource (the file stays in the media store)',
    params: EditorFreeResourceIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
} satisfies SchemasFor<typeof editorAddresses>;
