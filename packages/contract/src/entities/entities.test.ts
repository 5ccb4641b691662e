import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CourseSchema, CourseSummarySchema } from './course.ts';
import { MessageSchema } from './message.ts';
import { SavedVideoSchema } from './saved-video.ts';
import { SessionSchema } from './session.ts';
import {
  AddressInputSchema,
  AddressSchema,
  InvoiceSchema,
  PartySchema,
  PaymentMethodSchema,
  SubscriptionPlanSchema,
  SubscriptionProductSchema,
  SubscriptionSchema,
} from './subscription.ts';
import { ThreadSchema } from './thread.ts';
import { CurrentUserSchema, UserSchema } from './user.ts';
import { isSignedIn, VISITOR_USER } from './visitor.ts';
import { VideoSchema, VideoSummarySchema } from './video.ts';

const at = '2024-03-05 14:07:09';
const atDate = new Date(Date.UTC(2024, 2, 5, 14, 7, 9));

const courseVideo = {
  id_course_video: 11,
  id_video: 7,
  video_title: 'Open chords',
  video_slug: 'open-chords',
  video_image: null,
  video_premium: false,
  video_duration: 312,
  course_video_part: 'Week 1',
};

const course = {
  id_course: 1,
  course_slug: 'beginner-guitar-course',
  course_archetype: 'course',
  course_title: 'Beginner Guitar Course',
  course_description: null,
  course_excerpt: null,
  course_order: 1,
  course_image: null,
  course_image_text: null,
  course_jumbo_image: null,
  course_jumbo_image_position: null,
  course_trailer_url: null,
  course_published: true,
  course_videos: [courseVideo],
  course_songs: [],
  course_video_active: { ...courseVideo, video_last_played: at, video_play_start_time: 0 },
  course_percent_complete: 12.5,
  course_stream_folder: null,
  course_stream_manifest: null,
  course_stream_preview: null,
  course_stream_poster: null,
  course_stream_duration: 93.4,
  course_stream_width: 1920,
  course_stream_height: 1080,
  course_stream_bitrate: null,
  course_stream_manifest_signed: null,
  course_stream_preview_signed: null,
  course_stream_poster_signed: null,
  course_testimonials: [
    {
      id_course_testimonial: 1,
      course_testimonial_name: 'Ann',
      course_testimonial_content: null,
      course_testimonial_image: null,
    },
  ],
};

const video = {
  id_video: 7,
  video_created: at,
  video_title: null,
  video_player: 'stream',
  video_slug: 'open-chords',
  video_premium: false,
  video_published: true,
  video_image: null,
  video_order: 3,
  video_excerpt: null,
  video_category: 'Lesson',
  video_difficulty: null,
  video_instrument: null,
  video_artist: null,
  video_skill: null,
  video_genre: null,
  video_decade: null,
  video_type: null,
  video_grade: null,
  video_tags: [{ tag_slug: 'chords', tag_name: null }],
  youtube_video_id: null,
  youtube_video_embed_url: null,
  video_stream_manifest_signed: null,
  video_stream_poster_signed: null,
  video_duration: 16,
  video_course: { id_course: 1, course_slug: 'beginner-guitar-course', course_title: null, course_image: null },
  video_course_next: null,
  video_recommended_course: null,
  video_course_video_prev: null,
  video_course_video_next: courseVideo,
  saved_to_my_list: false,
  video_locked: false,
  video_sections: [
    {
      id_video_section: 1,
      video_section_type: 'text',
      video_section_heading: null,
      video_section_content: '<p>Hi</p>',
      video_section_soundslice_id: null,
      video_section_spotify_id: null,
      video_section_youtube_id: null,
      video_section_youtube_poster: null,
      video_section_asset_name: null,
      video_section_asset_extension: null,
      video_section_asset_url_signed: null,
      video_section_stream_manifest_signed: null,
      video_section_stream_poster_signed: null,
    },
  ],
  video_chords: [
    {
      id_video_chord: 1,
      video_chord_text: null,
      video_chord_url: null,
      video_chord_frets: 'x 3 2 0 1 0',
      video_chord_fingers: null,
      video_chord_key: 'c',
    },
  ],
  video_chapters: [{ time: 12.5, title: 'Verse riff' }],
  video_captions: [],
  video_chord_timeline: [{ chord: 'G', at: 3 }],
  video_score: null,
  video_tempo: null,
  id_video_play: null,
  video_play_total_time: null,
  video_play_current_time: null,
  video_play_completed: false,
  video_play_watched_time: 0,
};

const user = { id_user: 4, first_name: null, last_name: null, email: null, telephone: null };

const plan = {
  id_subscription_plan: 2,
  subscription_plan_name: null,
  subscription_plan_price: 1200,
  subscription_plan_interval: 'month',
};

/** One valid example of every entity, its id field, and a text field that may be null. */
const cases: { name: string; schema: z.ZodType; valid: Record<string, unknown>; idField: string; textField: string }[] = [
  { name: 'User', schema: UserSchema, valid: user, idField: 'id_user', textField: 'email' },
  {
    name: 'Current user',
    schema: CurrentUserSchema,
    valid: {
      ...user,
      roles: ['Staff'],
      has_aaa_membership: true,
      eligible_for_aaa_free_trial: false,
      aaa_community_discord_link: null,
      left_handed: false,
    },
    idField: 'id_user',
    textField: 'aaa_community_discord_link',
  },
  {
    name: 'Thread',
    schema: ThreadSchema,
    valid: {
      id_thread: 1,
      thread_title: null,
      private_thread: true,
      first_name_other: null,
      last_name_other: null,
      first_name_last: null,
      thread_edited: at,
      last_read_timestamp: null,
      thread_last_message: null,
      is_unread: true,
    },
    idField: 'id_thread',
    textField: 'thread_title',
  },
  {
    name: 'Message',
    schema: MessageSchema,
    valid: { id_message: 1, message_created: at, first_name: null, last_name: null, email: null, message_content: null },
    idField: 'id_message',
    textField: 'message_content',
  },
  { name: 'Course', schema: CourseSchema, valid: course, idField: 'id_course', textField: 'course_title' },
  { name: 'Course summary', schema: CourseSummarySchema, valid: course, idField: 'id_course', textField: 'course_excerpt' },
  { name: 'Video', schema: VideoSchema, valid: video, idField: 'id_video', textField: 'video_title' },
  {
    name: 'Video summary',
    schema: VideoSummarySchema,
    valid: { ...video, video_duration: 754 },
    idField: 'id_video',
    textField: 'video_artist',
  },
  {
    name: 'Saved video',
    schema: SavedVideoSchema,
    valid: {
      id_user_video: 1,
      id_video: 7,
      video_title: null,
      video_slug: 'open-chords',
      video_route: '/videos/open-chords',
      video_image_url: null,
      video_subtitle: null,
      saved_time: 83.4,
      saved_note: null,
    },
    idField: 'id_user_video',
    textField: 'video_subtitle',
  },
  {
    name: 'Subscription',
    schema: SubscriptionSchema,
    valid: {
      id_subscription: 1,
      subscription_status: 'active',
      id_subscription_product: 1,
      fk_plan_subscription: 2,
      subscription_created: at,
      subscription_current_period_end: null,
      subscription_trial_end: null,
      subscription_product_cancellation_question: null,
      subscription_product_name: null,
      subscription_plan_name: null,
      subscription_plan_price: null,
      subscription_plan_interval: null,
    },
    idField: 'id_subscription',
    textField: 'subscription_product_cancellation_question',
  },
  {
    name: 'Subscription product',
    schema: SubscriptionProductSchema,
    valid: {
      id_subscription_product: 1,
      subscription_product_slug: 'access-all-areas',
      subscription_product_name: null,
      subscription_product_description: null,
      subscription_product_trial_days: 7,
      subscription_product_cancellation_question: null,
      subscription_plans: [plan],
    },
    idField: 'id_subscription_product',
    textField: 'subscription_product_name',
  },
  {
    name: 'Subscription plan',
    schema: SubscriptionPlanSchema,
    valid: plan,
    idField: 'id_subscription_plan',
    textField: 'subscription_plan_name',
  },
  {
    name: 'Payment method',
    schema: PaymentMethodSchema,
    valid: {
      id_stripe_payment_method: 1,
      stripe_payment_method_id: 'pm_123',
      stripe_payment_method_created: at,
      stripe_payment_method_brand: null,
      stripe_payment_method_last4: null,
      stripe_payment_method_exp_month: null,
      stripe_payment_method_exp_year: null,
    },
    idField: 'id_stripe_payment_method',
    textField: 'stripe_payment_method_brand',
  },
  {
    name: 'Invoice',
    schema: InvoiceSchema,
    valid: {
      id_stripe_invoice: 1,
      stripe_invoice_number: null,
      stripe_invoice_total: 12.0,
      stripe_invoice_created: at,
      stripe_invoice_url: null,
    },
    idField: 'id_stripe_invoice',
    textField: 'stripe_invoice_number',
  },
  {
    name: 'Address',
    schema: AddressSchema,
    valid: {
      id_address: 1,
      fk_party_address: 1,
      address_line_1: null,
      address_line_2: null,
      address_city: null,
      address_county: null,
      address_postcode: null,
      address_country: null,
    },
    idField: 'id_address',
    textField: 'address_line_1',
  },
  {
    name: 'Session',
    schema: SessionSchema,
    valid: {
      id_session: 1,
      session_deleted: null,
      session_ip: null,
      session_accessed: at,
      session_created: at,
      session_user_agent: null,
      session_current: true,
    },
    idField: 'id_session',
    textField: 'session_ip',
  },
];

describe.each(cases)('$name schema', ({ schema, valid, idField, textField }) => {
  it('accepts a valid example', () => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('rejects a string id', () => {
    const result = schema.safeParse({ ...valid, [idField]: '1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([idField]);
  });

  it('rejects a fractional id', () => {
    expect(schema.safeParse({ ...valid, [idField]: 1.5 }).success).toBe(false);
  });

  it('accepts null text', () => {
    expect(schema.safeParse({ ...valid, [textField]: null }).success).toBe(true);
  });

  it('rejects a missing text field (null must be explicit)', () => {
    const { [textField]: _dropped, ...rest } = valid;
    expect(schema.safeParse(rest).success).toBe(false);
  });
});

describe('date fields', () => {
  it('turn a wire date string into a Date', () => {
    const parsed = MessageSchema.parse(cases[3]!.valid);
    expect(parsed.message_created).toEqual(atDate);
  });

  it('accept a Date already revived by the client', () => {
    const parsed = MessageSchema.parse({ ...cases[3]!.valid, message_created: atDate });
    expect(parsed.message_created).toEqual(atDate);
  });

  it('reject text that is not a date', () => {
    expect(MessageSchema.safeParse({ ...cases[3]!.valid, message_created: 'yesterday' }).success).toBe(false);
  });

  it('parse nested dates, such as the course resume point', () => {
    expect(CourseSchema.parse(course).course_video_active?.video_last_played).toEqual(atDate);
  });
});

describe('Video schema', () => {
  it('rejects a category outside Lesson, Song and Live Replay', () => {
    expect(VideoSchema.safeParse({ ...video, video_category: 'Course' }).success).toBe(false);
  });

  it('accepts every category and both players', () => {
    for (const video_category of ['Lesson', 'Song', 'Live Replay']) {
      for (const video_player of ['stream', 'youtube']) {
        expect(VideoSchema.safeParse({ ...video, video_category, video_player }).success).toBe(true);
      }
    }
  });

  it('rejects an unknown player', () => {
    expect(VideoSchema.safeParse({ ...video, video_player: 'vimeo' }).success).toBe(false);
  });

  it('rejects a section with a string id', () => {
    expect(
      VideoSchema.safeParse({ ...video, video_sections: [{ ...video.video_sections[0], id_video_section: '1' }] }).success,
    ).toBe(false);
  });

  it('rejects a course entry with a string video id', () => {
    expect(VideoSchema.safeParse({ ...video, video_course_video_next: { ...courseVideo, id_video: '7' } }).success).toBe(false);
  });
});

describe('Subscription schema', () => {
  it('rejects a status outside the statuses (product.md#states)', () => {
    expect(SubscriptionSchema.safeParse({ ...cases[9]!.valid, subscription_status: 'paused' }).success).toBe(false);
  });

  it("rejects a plan interval other than 'month' or 'year'", () => {
    expect(SubscriptionPlanSchema.safeParse({ ...plan, subscription_plan_interval: 'week' }).success).toBe(false);
  });
});

describe('Party schema', () => {
  it('accepts a personal party (no organisation) and an organisation member', () => {
    expect(PartySchema.parse({ id_party: 1, fk_organisation_party: null })).toEqual({ id_party: 1, fk_organisation_party: null });
    expect(PartySchema.safeParse({ id_party: 1, fk_organisation_party: 9 }).success).toBe(true);
  });
});

describe('AddressInputSchema', () => {
  it('fails for a field that does not exist in the address (product.md#validation)', () => {
    const result = AddressInputSchema.safeParse({ address_line_1: '1 High St', address_planet: 'Mars' });
    expect(result.success).toBe(false);
  });

  it('turns blank and missing fields into null', () => {
    expect(AddressInputSchema.parse({ address_line_1: ' 1 High St ', address_city: '' })).toEqual({
      address_line_1: '1 High St',
      address_line_2: null,
      address_city: null,
      address_county: null,
      address_postcode: null,
      address_country: null,
    });
  });
});

describe('Current user', () => {
  it('accepts the signed-out visitor object and treats it as signed out', () => {
    const parsed = CurrentUserSchema.parse(VISITOR_USER);
    expect(parsed).toEqual({
      id_user: null,
      first_name: null,
      last_name: null,
      email: null,
      telephone: null,
      roles: [],
      has_aaa_membership: false,
      eligible_for_aaa_free_trial: true,
      aaa_community_discord_link: null,
      left_handed: false,
    });
    expect(isSignedIn(parsed)).toBe(false);
  });

  it('treats a user with an id as signed in', () => {
    expect(isSignedIn({ ...VISITOR_USER, id_user: 4 })).toBe(true);
  });

  it('rejects a role outside the roles (product.md#roles)', () => {
    expect(CurrentUserSchema.safeParse({ ...VISITOR_USER, roles: ['Owner'] }).success).toBe(false);
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(VISITOR_USER)).toBe(true);
  });
});
