import {
  CourseListResponseSchema,
  CurrentCourseResponseSchema,
  FreeResourceListResponseSchema,
  LiveStreamListResponseSchema,
  LiveStreamResponseSchema,
  LiveStreamReminderBodySchema,
  LiveStreamReminderResponseSchema,
  LiveQuestionBodySchema,
  LiveQuestionListResponseSchema,
  LiveQuestionResponseSchema,
  CourseResponseSchema,
  MyVideoResponseSchema,
  CourseSlugParamsSchema,
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
} from '../../calls/videos.ts';
import { LearnerHomeResponseSchema } from '../../calls/home.ts';
import { PracticeQuerySchema, PracticeResponseSchema, PracticeSettingsBodySchema } from '../../calls/practice.ts';
import {
  FirstStepsAnswersSchema,
  FirstStepsRecommendationResponseSchema,
  FirstStepsResponseSchema,
  ProgressResponseSchema,
} from '../../calls/progress.ts';
import {
  ChordChangeResponseSchema,
  ChordChangesBodySchema,
  ChordChangesResponseSchema,
  KnownChordsBodySchema,
  KnownChordsResponseSchema,
  PracticeGoalBodySchema,
  PracticeGoalResponseSchema,
  PracticeReminderBodySchema,
  PracticeReminderResponseSchema,
  PracticeSessionBodySchema,
  PracticeSessionIdParamsSchema,
  PracticeSessionUpdateBodySchema,
  PracticeSessionResponseSchema,
  PracticeSessionsResponseSchema,
} from '../../calls/practice-log.ts';
import { OfflineAllowanceResponseSchema } from '../../calls/offline.ts';
import { NoContentSchema } from '../../wire/envelope.ts';
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
  'videos.getMyVideo': {
    summary: "What of a video is the reader's own: saved, progress, the course's percent (ADR 0056)",
    params: VideoSlugParamsSchema,
    query: VideoQuerySchema,
    response: MyVideoResponseSchema,
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
    summary: 'Save a video, or a moment of it with a note, to My List (one entry per video and moment)',
    body: SavedBodySchema,
    response: SavedResponseSchema,
    status: 201,
  },
  'videos.getCurrentCourse': {
    summary: "The signed-in user's current course (the one played last) with resume point and percent complete",
    response: CurrentCourseResponseSchema,
  },
  'videos.removeSaved': {
    summary: "Remove one of the caller's own My List entries",
    params: SavedIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  'videos.listLiveStreams': { summary: 'Live streams: live now, upcoming, past', response: LiveStreamListResponseSchema },
  'videos.getLiveStream': { summary: 'One live stream', params: StreamSlugParamsSchema, response: LiveStreamResponseSchema },
  'videos.setLiveStreamReminder': {
    conflict: 'The live lesson has ended.',
    summary: 'Ask for (or stop) an e-mail an hour before a live lesson starts, in the given time zone',
    params: StreamSlugParamsSchema,
    body: LiveStreamReminderBodySchema,
    response: LiveStreamReminderResponseSchema,
  },
  'videos.askLiveQuestion': {
    conflict: 'Questions are open only while the lesson is live.',
    summary: 'Send a question to the teacher during a live lesson (signed in; rate limited)',
    params: StreamSlugParamsSchema,
    body: LiveQuestionBodySchema,
    response: LiveQuestionResponseSchema,
    status: 201,
  },
  'videos.listMyLiveQuestions': {
    summary: "The signed-in viewer's own questions on a live lesson, answered or not",
    params: StreamSlugParamsSchema,
    response: LiveQuestionListResponseSchema,
  },
  'videos.listFreeResources': {
    summary: 'Free downloads (signed URLs) and the free lessons',
    response: FreeResourceListResponseSchema,
  },
  'videos.getPractice': {
    summary: "The caller's practice settings for this video and screen class (defaults when none were saved)",
    params: VideoSlugParamsSchema,
    query: PracticeQuerySchema,
    response: PracticeResponseSchema,
  },
  'videos.putPractice': {
    summary: "Save the caller's practice settings for this video and screen class",
    params: VideoSlugParamsSchema,
    body: PracticeSettingsBodySchema,
    response: PracticeResponseSchema,
  },
  'videos.getSitemap': {
    summary: 'Paths of published videos, courses and live streams for sitemap.xml',
    response: SitemapResponseSchema,
  },
  // The learner's progress and first steps (docs/product.md#learning-progress, ADR 0064).
  'videos.getProgress': {
    summary:
      "The caller's progress: every course (percent, lessons done, next lesson), videos played or marked, the continue item",
    response: ProgressResponseSchema,
  },
  'videos.getMyHome': {
    summary:
      "The caller's home: continue, the next lesson of each started course, practice days and goal, playable songs, the next live lesson",
    response: LearnerHomeResponseSchema,
  },
  'videos.markDone': {
    summary: 'Mark a video done for the caller (moves the course resume point)',
    params: VideoSlugParamsSchema,
    query: VideoQuerySchema,
    response: VideoResponseSchema,
  },
  'videos.markNotDone': {
    summary: 'Mark a video not done for the caller: its watched seconds count again from nothing',
    params: VideoSlugParamsSchema,
    query: VideoQuerySchema,
    response: VideoResponseSchema,
  },
  'videos.getFirstSteps': { summary: "The caller's first-visit quiz and its recommendation", response: FirstStepsResponseSchema },
  'videos.putFirstSteps': {
    summary: "Store the caller's quiz answers and show the recommendation again",
    body: FirstStepsAnswersSchema,
    response: FirstStepsResponseSchema,
  },
  'videos.dismissFirstSteps': { summary: 'Hide the first-steps card for the caller', response: FirstStepsResponseSchema },
  'videos.recommendFirstSteps': {
    summary: "The quiz's recommendation for answers kept in a visitor's browser",
    query: FirstStepsAnswersSchema,
    response: FirstStepsRecommendationResponseSchema,
  },
  'videos.listPracticeSessions': {
    summary: "The caller's practice log: latest sessions, seconds per day for the charts, and the weekly goal",
    response: PracticeSessionsResponseSchema,
  },
  'videos.logPracticeSession': {
    summary: 'Log seconds practised on a day (not in the future), against a lesson or none',
    body: PracticeSessionBodySchema,
    response: PracticeSessionResponseSchema,
    status: 201,
  },
  'videos.updatePracticeSession': {
    summary: "Correct the seconds or the day of one of the caller's own practice sessions",
    params: PracticeSessionIdParamsSchema,
    body: PracticeSessionUpdateBodySchema,
    response: PracticeSessionResponseSchema,
  },
  'videos.deletePracticeSession': {
    summary: "Delete one of the caller's own practice sessions",
    params: PracticeSessionIdParamsSchema,
    response: NoContentSchema,
    status: 204,
  },
  'videos.getPracticeReminder': {
    summary: "The caller's practice reminder: on or off, the local time and the time zone",
    response: PracticeReminderResponseSchema,
  },
  'videos.putPracticeReminder': {
    summary: 'Turn the e-mail on days without practice on or off, at a local time in a time zone',
    body: PracticeReminderBodySchema,
    response: PracticeReminderResponseSchema,
  },
  'videos.putPracticeGoal': {
    summary: "Set the caller's weekly practice goal: minutes a day, on how many days",
    body: PracticeGoalBodySchema,
    response: PracticeGoalResponseSchema,
  },
  'videos.listChordChanges': {
    summary: "The caller's One Minute Changes rounds, oldest first",
    response: ChordChangesResponseSchema,
  },
  'videos.saveChordChanges': {
    summary: 'Save a One Minute Changes round: two library chords and the changes counted',
    body: ChordChangesBodySchema,
    response: ChordChangeResponseSchema,
    status: 201,
  },
  'videos.getKnownChords': {
    summary: 'The chords the caller knows: taught by lessons done, plus added by hand, less removed by hand',
    response: KnownChordsResponseSchema,
  },
  'videos.putKnownChords': {
    summary: 'Say which library chords the caller knows now; the difference from their lessons is kept as by hand',
    body: KnownChordsBodySchema,
    response: KnownChordsResponseSchema,
  },
  'videos.getOfflineAllowance': {
    conflict: 'The video has no stream to keep offline.',
    summary: 'Until when the caller may keep this lesson for offline practice; refused when it is locked for them',
    params: VideoSlugParamsSchema,
    response: OfflineAllowanceResponseSchema,
  },
} satisfies SchemasFor<typeof videosAddresses>;
