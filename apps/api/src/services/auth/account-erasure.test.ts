import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableConfig, PgTable, sql, tables } from '@fretline/db';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { enqueueMail, findDevMail } from '../../platform/mail/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * Account deletion erases personal data everywhere (ADR 0046). Every column of the Drizzle schema
 * is classified here; a column added later without a classification fails the first test, so
 * whoever adds it decides what deletion does with it.
 *
 * - erased: the person's value is deleted (with its row, or set to null/empty).
 * - anonymised: the row stays, the value is replaced by one that identifies no one.
 * - accounting: kept for accounting (invoices, amounts, dates, the provider's references) and
 *   holding no name, address or e-mail.
 * - account-id: a user id kept in a row that stays; it points at the anonymised account row.
 * - transient: tied to no account (counters keyed by IP) and gone when its limit window ends.
 * - not-personal: content, settings, states, timestamps, ids of things other than people.
 */
type Kind = 'erased' | 'anonymised' | 'accounting' | 'account-id' | 'transient' | 'not-personal';

const NOT_PERSONAL_CONTENT = 'not-personal' as const;

const CLASSIFICATION: Record<string, Record<string, Kind>> = {
  'auth.users': {
    id_user: 'account-id',
    first_name: 'erased',
    last_name: 'erased',
    email: 'anonymised',
    telephone: 'erased',
    // Where the member lives, roughly: the browser's IANA zone for the dates in their e-mails.
    time_zone: 'erased',
    welcome_pending: 'not-personal',
    notifications_mailers: 'not-personal',
    notifications_emails: 'not-personal',
    left_handed: 'not-personal',
    created_at: 'not-personal',
    deleted_at: 'not-personal',
  },
  'auth.user_roles': { id_user: 'erased', role: 'not-personal' },
  'auth.sessions': {
    id_session: 'not-personal',
    id_user: 'erased',
    token_hash: 'not-personal',
    session_ip: 'erased',
    session_user_agent: 'erased',
    session_created: 'not-personal',
    session_accessed: 'not-personal',
    session_deleted: 'not-personal',
    expires_at: 'not-personal',
  },
  'auth.passcodes': {
    id_passcode: 'not-personal',
    purpose: 'not-personal',
    email: 'erased',
    id_user: 'erased',
    code_hmac: 'not-personal',
    created_at: 'not-personal',
    expires_at: 'not-personal',
    used_at: 'not-personal',
    replaced_at: 'not-personal',
    failed_attempts: 'not-personal',
    // The address a code was asked from, deleted with the account's codes (ADR 0010).
    requested_ip: 'erased',
    requester_failed_attempts: 'not-personal',
    link_key_hmac: 'not-personal',
  },
  // Keys are an e-mail (erased with the account) or an IP (transient: a day at most, ADR 0010).
  'messages.helpdesk_categories': {
    id_helpdesk_category: NOT_PERSONAL_CONTENT,
    category_slug: NOT_PERSONAL_CONTENT,
    category_name: NOT_PERSONAL_CONTENT,
    category_description: NOT_PERSONAL_CONTENT,
    category_order: NOT_PERSONAL_CONTENT,
  },
  'messages.threads': {
    id_thread: 'not-personal',
    thread_title: 'not-personal',
    private_thread: 'not-personal',
    id_user_sender: 'erased',
    sender_first_name: 'erased',
    sender_last_name: 'erased',
    sender_email: 'erased',
    sender_email_verified: 'not-personal',
    id_helpdesk_category: 'not-personal',
    thread_helpdesk: 'not-personal',
    thread_created: 'not-personal',
    thread_edited: 'not-personal',
    thread_last_message: 'erased',
    first_name_last: 'erased',
    staff_first_name: 'erased',
    staff_last_name: 'erased',
    thread_awaiting_staff: 'not-personal',
    thread_resolved: 'not-personal',
    thread_resolved_at: 'not-personal',
    id_user_assigned: 'account-id',
  },
  'messages.participants': {
    id_thread: 'not-personal',
    id_user: 'erased',
    participant_joined: 'not-personal',
    last_read_timestamp: 'not-personal',
    participant_unread: 'not-personal',
  },
  'messages.messages': {
    id_message: 'not-personal',
    id_thread: 'not-personal',
    id_user: 'erased',
    first_name: 'erased',
    last_name: 'erased',
    email: 'erased',
    message_content: 'erased',
    message_from_staff: 'not-personal',
    message_internal: 'not-personal',
    message_via_email: 'not-personal',
    message_created: 'not-personal',
  },
  'messages.saved_replies': {
    id_saved_reply: 'not-personal',
    saved_reply_title: NOT_PERSONAL_CONTENT,
    saved_reply_body: NOT_PERSONAL_CONTENT,
    id_user_created: 'account-id',
    saved_reply_created: 'not-personal',
    saved_reply_updated: 'not-personal',
  },
  'messages.reply_presence': { id_thread: 'not-personal', id_user: 'erased', presence_at: 'not-personal' },
  'videos.video_schedules': {
    id_video: 'not-personal',
    publish_at: 'not-personal',
    id_user_scheduled: 'account-id',
    scheduled_at: 'not-personal',
  },
  'messages.staff_notification_prefs': { id_user: 'erased', notify_new_messages: 'not-personal' },
  'messages.helpdesks': {
    id_helpdesk: 'not-personal',
    id_thread: 'not-personal',
    id_helpdesk_category: 'not-personal',
    id_user: 'erased',
    first_name: 'erased',
    last_name: 'erased',
    email: 'erased',
    telephone: 'erased',
    message: 'erased',
    notifications_mailers: 'not-personal',
    consent_method: 'not-personal',
    consent_title: 'not-personal',
    consent_text: 'not-personal',
    consent_info: 'erased',
    permissions: 'not-personal',
    helpdesk_ip: 'erased',
    helpdesk_created: 'not-personal',
  },
  'messages.thread_tokens': {
    id_thread_token: 'not-personal',
    id_thread: 'not-personal',
    token_created: 'not-personal',
    token_revoked: 'not-personal',
    token_emailed: 'not-personal',
    last_read_timestamp: 'not-personal',
  },
  'messages.captcha_uses': { challenge_id: 'not-personal', used_at: 'not-personal' },
  'finance.subscription_products': {
    id_subscription_product: NOT_PERSONAL_CONTENT,
    subscription_product_slug: NOT_PERSONAL_CONTENT,
    subscription_product_name: NOT_PERSONAL_CONTENT,
    subscription_product_description: NOT_PERSONAL_CONTENT,
    subscription_product_features: NOT_PERSONAL_CONTENT,
    subscription_product_trial_days: NOT_PERSONAL_CONTENT,
    subscription_product_cancellation_question: NOT_PERSONAL_CONTENT,
    stripe_product_id: NOT_PERSONAL_CONTENT,
    subscription_product_created: NOT_PERSONAL_CONTENT,
  },
  'finance.subscription_plans': {
    id_subscription_plan: NOT_PERSONAL_CONTENT,
    fk_product_plan: NOT_PERSONAL_CONTENT,
    subscription_plan_name: NOT_PERSONAL_CONTENT,
    subscription_plan_interval: NOT_PERSONAL_CONTENT,
    subscription_plan_price: NOT_PERSONAL_CONTENT,
    subscription_plan_currency: NOT_PERSONAL_CONTENT,
    subscription_plan_order: NOT_PERSONAL_CONTENT,
    subscription_plan_active: NOT_PERSONAL_CONTENT,
    stripe_price_id: NOT_PERSONAL_CONTENT,
  },
  'finance.subscriptions': {
    id_subscription: 'accounting',
    id_user: 'account-id',
    subscription_status: 'accounting',
    id_subscription_product: 'accounting',
    fk_plan_subscription: 'accounting',
    subscription_created: 'accounting',
    subscription_updated: 'accounting',
    // The member's own words when cancelling.
    subscription_product_cancellation_question: 'erased',
    subscription_cancelled: 'accounting',
    current_period_end: 'accounting',
    trial_end: 'accounting',
    provider: 'accounting',
    customer_email: 'anonymised',
    provider_customer_id: 'accounting',
    provider_subscription_id: 'accounting',
    provider_event_at: 'accounting',
    idempotency_key: 'not-personal',
    initial_payment_method_id: 'accounting',
    // A choice from a fixed list; the member's own words stay in the cancellation answer above.
    cancellation_reason: 'not-personal',
    end_reason: 'accounting',
    paused_from: 'accounting',
    paused_until: 'accounting',
    retention_offer_taken: 'accounting',
    id_coupon: 'accounting',
  },
  'finance.coupons': {
    id_coupon: NOT_PERSONAL_CONTENT,
    coupon_code: NOT_PERSONAL_CONTENT,
    percent_off: NOT_PERSONAL_CONTENT,
    amount_off: NOT_PERSONAL_CONTENT,
    coupon_duration: NOT_PERSONAL_CONTENT,
    duration_months: NOT_PERSONAL_CONTENT,
    expires_at: NOT_PERSONAL_CONTENT,
    max_redemptions: NOT_PERSONAL_CONTENT,
    times_redeemed: NOT_PERSONAL_CONTENT,
    stripe_promotion_code_id: NOT_PERSONAL_CONTENT,
    coupon_created: NOT_PERSONAL_CONTENT,
  },
  'finance.subscription_changes': {
    id_subscription_change: 'accounting',
    fk_subscription: 'accounting',
    change_kind: 'accounting',
    change_created: 'accounting',
  },
  'finance.lifecycle_mails': {
    id_lifecycle_mail: 'accounting',
    fk_subscription: 'accounting',
    mail_kind: 'accounting',
    mail_key: 'accounting',
    mail_subject: 'not-personal',
    mail_created: 'accounting',
  },
  'finance.retention_offers': {
    id_retention_offer: NOT_PERSONAL_CONTENT,
    offer_enabled: NOT_PERSONAL_CONTENT,
    offer_percent_off: NOT_PERSONAL_CONTENT,
    offer_months: NOT_PERSONAL_CONTENT,
    offer_updated: NOT_PERSONAL_CONTENT,
  },
  'finance.payment_methods': {
    id_stripe_payment_method: 'accounting',
    fk_subscription: 'accounting',
    id_user: 'account-id',
    stripe_payment_method_id: 'accounting',
    card_brand: 'erased',
    card_last4: 'erased',
    card_exp_month: 'erased',
    card_exp_year: 'erased',
    is_default: 'not-personal',
    stripe_payment_method_created: 'accounting',
    deleted_at: 'not-personal',
  },
  'finance.invoices': {
    id_stripe_invoice: 'accounting',
    fk_subscription: 'accounting',
    id_user: 'account-id',
    provider_invoice_id: 'accounting',
    stripe_invoice_number: 'accounting',
    stripe_invoice_url: 'accounting',
    stripe_invoice_total: 'accounting',
    stripe_invoice_status: 'accounting',
    stripe_invoice_created: 'accounting',
    period_start: 'accounting',
    period_end: 'accounting',
  },
  'finance.parties': {
    id_party: 'accounting',
    id_user: 'account-id',
    fk_organisation_party: 'accounting',
    party_created: 'accounting',
  },
  'finance.addresses': {
    id_address: 'not-personal',
    fk_party_address: 'not-personal',
    address_line_1: 'erased',
    address_line_2: 'erased',
    address_city: 'erased',
    address_county: 'erased',
    address_postcode: 'erased',
    address_country: 'erased',
    address_updated: 'not-personal',
  },
  'finance.provider_events': {
    provider: 'accounting',
    event_id: 'accounting',
    event_type: 'accounting',
    event_created: 'accounting',
    received: 'accounting',
  },
  'finance.sandbox_subscriptions': {
    provider_subscription_id: 'accounting',
    provider_customer_id: 'accounting',
    default_payment_method_id: 'accounting',
    plan_price: 'accounting',
    plan_interval: 'accounting',
    status: 'accounting',
    charge_count: 'accounting',
    cancel_at_period_end: 'accounting',
    current_period_end: 'accounting',
    created: 'accounting',
    resumes_at: 'accounting',
    discount_percent: 'accounting',
    discount_charges_left: 'accounting',
    credit_balance: 'accounting',
    discount_amount_off: 'accounting',
  },
  'analytics.actions': {
    id_action: 'not-personal',
    action_type_name: 'not-personal',
    action_values: 'anonymised',
    id_user: 'anonymised',
    correlation_id: 'anonymised',
    created: 'not-personal',
  },
  'platform.jobs': {
    id_job: 'not-personal',
    type: 'not-personal',
    payload: 'erased',
    status: 'not-personal',
    attempts: 'not-personal',
    max_attempts: 'not-personal',
    run_at: 'not-personal',
    locked_until: 'not-personal',
    last_error: 'erased',
    checkpoint: 'erased',
    created: 'not-personal',
    finished: 'not-personal',
  },
  'platform.dev_mail': {
    id_mail: 'not-personal',
    id_job: 'not-personal',
    mail_from: 'not-personal',
    mail_to: 'erased',
    subject: 'erased',
    text: 'erased',
    html: 'erased',
    headers: 'erased',
    category: 'not-personal',
    created: 'not-personal',
  },
  'platform.client_errors': {
    id_client_error: 'not-personal',
    message: 'erased',
    url: 'erased',
    user_agent: 'erased',
    id_user: 'erased',
    correlation_id: 'erased',
    ip: 'erased',
    created: 'not-personal',
  },
  'platform.rate_limits': { key: 'transient', count: 'not-personal', reset_at: 'not-personal' },
  // One shared counter of catalogue writes (ADR 0056): no person in it.
  'platform.content_version': { id: 'not-personal', version: 'not-personal', changed: 'not-personal' },
  'staff.audit_log': {
    id_audit: 'not-personal',
    id_user_actor: 'account-id',
    actor_email: 'anonymised',
    audit_action: 'not-personal',
    target_type: 'not-personal',
    target_id: 'account-id',
    audit_diff: 'anonymised',
    audit_created: 'not-personal',
  },
  // A learner's place in courses and videos and their list: erased with the account.
  'videos.course_progress': {
    id_user: 'erased',
    id_course: 'not-personal',
    id_course_video_active: 'not-personal',
    video_last_played: 'not-personal',
    course_percent_complete: 'not-personal',
  },
  'videos.video_plays': {
    id_video_play: 'not-personal',
    id_user: 'erased',
    id_video: 'not-personal',
    video_play_total_time: 'not-personal',
    video_play_current_time: 'not-personal',
    video_play_completed: 'not-personal',
    video_play_watched: 'not-personal',
    video_play_watched_time: 'not-personal',
    videoPlayCreated: 'not-personal',
    videoPlayUpdated: 'not-personal',
  },
  'videos.saved_videos': {
    id_user_video: 'not-personal',
    id_user: 'erased',
    id_video: 'not-personal',
    saved_time: 'not-personal',
    saved_note: 'erased',
    savedCreated: 'not-personal',
  },
  // A member's "remind me" on a live lesson: the row goes with the account (found by id_user).
  'videos.live_stream_reminders': {
    id_live_stream: 'not-personal',
    id_user: 'erased',
    reminder_time_zone: 'not-personal',
    reminder_created: 'not-personal',
    reminder_sent: 'not-personal',
  },
  // A question asked during a live lesson (ADR 0063): the row goes with the account.
  'videos.live_questions': {
    id_live_question: 'not-personal',
    id_live_stream: 'not-personal',
    id_user: 'erased',
    question_text: 'erased',
    question_created: 'not-personal',
    question_answered: 'not-personal',
    question_moment: 'not-personal',
    question_run: 'not-personal',
  },
  // A learner's practice settings (product.md#practice): erased with the account.
  'videos.practice_settings': {
    id_user: 'erased',
    id_video: 'not-personal',
    practice_screen: 'not-personal',
    practice_rate: 'not-personal',
    practice_loop_start: 'not-personal',
    practice_loop_end: 'not-personal',
    practice_ladder_start: 'not-personal',
    practice_ladder_step: 'not-personal',
    practice_ladder_target: 'not-personal',
    practice_ladder_loops: 'not-personal',
    practice_count_in: 'not-personal',
    practice_mirror: 'not-personal',
    practiceUpdated: 'not-personal',
  },
  // A learner's first-visit quiz answers (docs/product.md#first-steps): erased with the account.
  'videos.first_steps': {
    id_user: 'erased',
    first_steps_level: 'not-personal',
    first_steps_style: 'not-personal',
    first_steps_guitar: 'not-personal',
    first_steps_goals: 'not-personal',
    first_steps_dismissed: 'not-personal',
    firstStepsUpdated: 'not-personal',
  },
  // The practice log, goal, One Minute Changes and Chords I know (product.md#practice-log): erased with the account.
  'videos.practice_sessions': {
    id_practice_session: 'not-personal',
    id_user: 'erased',
    id_video: 'not-personal',
    practice_seconds: 'not-personal',
    practised_on: 'not-personal',
    practice_created: 'not-personal',
  },
  'videos.practice_goals': {
    id_user: 'erased',
    goal_minutes: 'not-personal',
    goal_days: 'not-personal',
    goal_updated: 'not-personal',
  },
  // The practice reminder (ADR 0081): erased with the account; the job's runs hold no one's data.
  'videos.practice_reminders': {
    id_user: 'erased',
    reminder_on: 'not-personal',
    reminder_time: 'not-personal',
    reminder_time_zone: 'not-personal',
    reminder_sent_on: 'not-personal',
    reminder_updated: 'not-personal',
  },
  ...content('videos.practice_reminder_runs', ['reminder_run_at reminder_run_started']),
  'videos.chord_changes': {
    id_chord_change: 'not-personal',
    id_user: 'erased',
    chord_a: 'not-personal',
    chord_b: 'not-personal',
    changes: 'not-personal',
    changes_created: 'not-personal',
  },
  'videos.known_chords': { id_user: 'erased', chord_key: 'not-personal', known: 'not-personal' },
  // The catalogue: published content written by the teacher and editors (testimonials included).
  ...content('videos.courses', [
    'id_course course_slug course_archetype course_title course_description course_excerpt course_order course_image',
    'course_image_text course_jumbo_image course_jumbo_image_position course_trailer_url stream_folder stream_manifest',
    'stream_preview stream_poster stream_duration stream_width stream_height stream_bitrate course_published courseCreated',
    'courseUpdated',
  ]),
  ...content('videos.videos', [
    'id_video video_slug video_title video_player video_premium video_published video_image video_order video_excerpt',
    'video_category video_difficulty video_instrument video_artist video_skill video_genre video_decade video_type',
    'video_grade youtube_video_id stream_folder stream_manifest stream_poster stream_duration stream_width stream_height',
    'stream_bitrate stream_source stream_status stream_progress stream_error stream_preview stream_poster_choices',
    'video_tempo id_recommended_course videoCreated videoUpdated video_first_published',
    // Generated from the columns above for search (ADR 0056).
    'search_document search_text',
  ]),
  ...content('videos.video_sections', [
    'id_video_section id_video section_order section_type section_heading section_content soundslice_id spotify_id',
    'youtube_id youtube_poster asset_name asset_extension asset_path stream_manifest stream_poster',
    'search_document',
  ]),
  ...content('videos.video_chords', [
    'id_video_chord id_video chord_order chord_text chord_url chord_frets chord_fingers chord_key',
    'search_document',
  ]),
  ...content('videos.video_chapters', ['id_video_chapter id_video chapter_time chapter_title']),
  ...content('videos.video_captions', [
    'id_video caption_language caption_label caption_vtt caption_transcript caption_cue_count captionUpdated',
    'search_document',
  ]),
  ...content('videos.video_chord_marks', ['id_video_chord_mark id_video mark_time chord_text']),
  ...content('videos.video_scores', [
    'id_video score_file_name score_format score_base64 score_title score_bar_count scoreUpdated',
  ]),
  ...content('videos.video_score_sync_points', ['id_video_score_sync_point id_video bar_index sync_ms']),
  ...content('videos.video_tags', ['id_video tag_slug tag_name', 'search_document']),
  ...content('videos.course_videos', [
    'id_course_video id_course id_video course_video_order course_video_kind course_video_part',
  ]),
  ...content('videos.course_testimonials', [
    'id_course_testimonial id_course testimonial_order testimonial_name testimonial_content testimonial_image',
  ]),
  ...content('videos.live_streams', [
    'id_live_stream stream_slug stream_title stream_description stream_starts stream_ends stream_manifest stream_poster',
    'stream_premium stream_published id_video_replay streamUpdated',
    'stream_key ingest_state ingest_instance ingest_seen ingest_part_started ingest_recorded_seconds ingest_run',
    'ingest_playlist ingest_parts stream_auto_replay',
  ]),
  ...content('videos.free_resources', [
    'id_free_resource resource_slug resource_title resource_description resource_path resource_extension resource_image',
    'resource_order resource_published resourceCreated resourceUpdated',
  ]),
  ...content('videos.video_slug_history', ['old_slug id_video changed']),
  ...content('videos.course_slug_history', ['old_slug id_course changed']),
  ...content('videos.live_stream_slug_history', ['old_slug id_live_stream changed']),
  // Mailers (ADR 0066): the figures keep counting what was sent and who left, by anonymised account.
  'auth.unsubscribe_events': {
    id_unsubscribe_event: 'not-personal',
    id_user: 'account-id',
    unsubscribe_list: 'not-personal',
    unsubscribe_created: 'not-personal',
  },
  'mailers.mailers': {
    ...content('mailers.mailers', [
      'id_mailer mailer_subject mailer_body mailer_audience id_course mailer_status mailer_scheduled_at',
      'mailer_send_started mailer_send_finished mailer_created mailer_updated',
    ])['mailers.mailers'],
    id_user_author: 'account-id',
  },
  'mailers.mailer_recipients': {
    id_mailer: 'not-personal',
    id_user: 'account-id',
    recipient_status: 'not-personal',
    recipient_error: 'not-personal',
    recipient_updated: 'not-personal',
  },
  'mailers.digest_subscribers': { id_user: 'erased', digest_since: 'not-personal' },
  'mailers.digest_deliveries': { digest_week: 'not-personal', id_user: 'erased', digest_sent: 'not-personal' },
  ...content('mailers.digest_runs', ['digest_week digest_started']),
};

function content(table: string, lines: string[]): Record<string, Record<string, Kind>> {
  const names = lines.join(' ').split(/\s+/).filter(Boolean);
  return { [table]: Object.fromEntries(names.map((n) => [n, NOT_PERSONAL_CONTENT])) };
}

interface ColumnInfo {
  table: string; // schema.table
  name: string;
  sqlType: string;
}

function schemaColumns(): ColumnInfo[] {
  const out: ColumnInfo[] = [];
  for (const value of Object.values(tables)) {
    if (!(value instanceof PgTable)) continue;
    const config = getTableConfig(value);
    for (const column of config.columns) {
      out.push({ table: `${config.schema ?? 'public'}.${config.name}`, name: column.name, sqlType: column.getSQLType() });
    }
  }
  return out;
}

const kindOf = (c: ColumnInfo): Kind | undefined => CLASSIFICATION[c.table]?.[c.name];
const isText = (c: ColumnInfo) => c.sqlType === 'text' || c.sqlType === 'jsonb';
const isUserId = (c: ColumnInfo) => c.sqlType === 'integer' && (c.name === 'id_user' || c.name.startsWith('id_user_'));
const qualified = (c: ColumnInfo) => {
  const [schema, table] = c.table.split('.');
  return sql.raw(`"${schema}"."${table}"."${c.name}"`);
};
const fromTable = (c: ColumnInfo) => {
  const [schema, table] = c.table.split('.');
  return sql.raw(`"${schema}"."${table}"`);
};

describe('the personal-data classification', () => {
  it('classifies every column of the schema, and nothing that is not in it', () => {
    const columns = schemaColumns();
    const unclassified = columns.filter((c) => !kindOf(c)).map((c) => `${c.table}.${c.name}`);
    expect(unclassified, 'classify these columns in account-erasure.test.ts (ADR 0046)').toEqual([]);
    const known = new Set(columns.map((c) => `${c.table}.${c.name}`));
    const stale = Object.entries(CLASSIFICATION).flatMap(([table, cols]) =>
      Object.keys(cols)
        .map((name) => `${table}.${name}`)
        .filter((key) => !known.has(key)),
    );
    expect(stale).toEqual([]);
  });
});

describe('DELETE /api/auth/me erases personal data everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  // Every personal value planted below contains one of these; none may survive the deletion.
  const FIRST = 'Quillon';
  const LAST = 'Marrowby';
  const EMAIL = 'quillon.marrowby@example.com';
  const NEW_EMAIL = 'quillon.new@example.com';
  const PHONE = '07700 900461';
  const IP = '203.0.113.57';
  const AGENT = 'MarkerBrowser/57.0';
  const NEEDLES = ['quillon', 'marrowby', '900461', '203.0.113.57', 'markerbrowser', 'qm1 7zz', 'zq-correlation'];
  const CORRELATION = 'zq-correlation-0123456789abcdefghijklmnopqrstuv';
  // Non-text personal values get a value no seeded row has.
  const PLANTED: Record<string, number | string> = {
    'finance.payment_methods.card_last4': '0461',
    'finance.payment_methods.card_exp_month': 7,
    'finance.payment_methods.card_exp_year': 2057,
    'auth.users.time_zone': 'America/Chicago',
  };

  const SITE = { origin: 'http://localhost:3000' };

  async function countMatching(c: ColumnInfo, idUser: number): Promise<number> {
    let where;
    const planted = PLANTED[`${c.table}.${c.name}`];
    if (planted !== undefined) {
      where = sql`${qualified(c)} = ${planted}`;
    } else if (isText(c)) {
      const patterns = `{${NEEDLES.map((n) => `"%${n}%"`).join(',')}}`;
      where = sql`${qualified(c)}::text ilike any(${patterns}::text[])`;
    } else if (isUserId(c)) {
      where = sql`${qualified(c)} = ${idUser}`;
    } else {
      throw new Error(`no way to find the planted value of ${c.table}.${c.name}: add it to PLANTED`);
    }
    // Both drivers (pg and PGlite) answer with `rows`.
    const raw: unknown = await t.db.execute(sql`select count(*)::int as n from ${fromTable(c)} where ${where}`);
    const res = raw as { rows: Array<{ n: number }> };
    return Number(res.rows[0]?.n ?? 0);
  }

  async function plantEverything(): Promise<{ idUser: number; token: string }> {
    // Sign up and sign in through the API, from a known address and browser.
    const from = { remoteAddress: IP, headers: { 'user-agent': AGENT, 'x-correlation-id': CORRELATION } };
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { first_name: FIRST, last_name: LAST, email: EMAIL },
      ...from,
    });
    expect(signup.statusCode).toBe(200);
    await runDueJobs(t.app);
    const [mail] = await findDevMail(t.db, EMAIL);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const signin = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/passcodes',
      payload: { email: EMAIL, passcode: code },
      ...from,
    });
    expect(signin.statusCode).toBe(200);
    const token = signin.json<{ data: { token: string } }>().data.token;
    const auth = { ...SITE, authorization: `Bearer ${token}`, 'user-agent': AGENT, 'x-correlation-id': CORRELATION };
    const [user] = await t.db.select({ idUser: tables.users.idUser }).from(tables.users).where(eq(tables.users.email, EMAIL));
    const idUser = user!.idUser;

    // A code asked for again from the address the account has now signed in from: the owner's
    // lane keeps that address on the code (ADR 0010).
    t.clock.advance(61_000);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/me/passcodes', payload: { email: EMAIL }, ...from });
    expect(again.statusCode).toBe(200);

    // Profile: telephone; a pending change of address (a code to the new address, still queued).
    t.clock.advance(61_000); // past the one-a-minute sending limit of the sign-up code
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      payload: { first_name: FIRST, last_name: LAST, telephone: PHONE, email: NEW_EMAIL, time_zone: 'America/Chicago' },
      headers: auth,
      remoteAddress: IP,
    });
    expect(patch.statusCode).toBe(200);
    await t.db.insert(tables.userRoles).values({ idUser, role: 'Staff' });

    // Analytics and a client error report, from the browser.
    await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      payload: { action_type_name: 'song_search', action_values: JSON.stringify([{ key: 'search', value: `${FIRST} songs` }]) },
      headers: auth,
      remoteAddress: IP,
    });
    const reported = await t.app.inject({
      url: `/api/error?message=${FIRST}%20broke&url=/videos%3Fsearch%3D${FIRST}`,
      headers: auth,
      remoteAddress: IP,
    });
    expect(reported.statusCode).toBe(200);

    // Videos: progress, plays, My List.
    const [course] = await t.db.select({ id: tables.courses.idCourse }).from(tables.courses).limit(1);
    const [video] = await t.db.select({ id: tables.videos.idVideo }).from(tables.videos).limit(1);
    await t.db.insert(tables.courseProgress).values({ idUser, idCourse: course!.id, coursePercentComplete: 10 });
    await t.db
      .insert(tables.videoPlays)
      .values({ idUser, idVideo: video!.id, videoPlayCurrentTime: 12, videoPlayWatched: '0-12', videoPlayWatchedTime: 12 });
    await t.db.insert(tables.firstSteps).values({ idUser, firstStepsLevel: 'new', firstStepsGoals: 'songs' });
    const [live] = await t.db.select({ id: tables.liveStreams.idLiveStream }).from(tables.liveStreams).limit(1);
    await t.db.insert(tables.liveStreamReminders).values({ idUser, idLiveStream: live!.id, reminderTimeZone: 'Europe/Paris' });
    await t.db
      .insert(tables.liveQuestions)
      .values({ idUser, idLiveStream: live!.id, questionText: `${FIRST} asks about barre chords` });
    await t.db
      .insert(tables.savedVideos)
      .values({ idUser, idVideo: video!.id, savedTime: 42, savedNote: `${FIRST} practise this` });
    await t.db.insert(tables.practiceSettings).values({
      idUser,
      idVideo: video!.id,
      practiceScreen: 'small',
      practiceRate: 75,
      practiceLadderStart: 60,
      practiceLadderStep: 5,
      practiceLadderTarget: 100,
      practiceLadderLoops: 3,
      practiceCountIn: 0,
      practiceMirror: true,
    });
    await t.db
      .insert(tables.practiceSessions)
      .values({ idUser, idVideo: video!.id, practiceSeconds: 600, practisedOn: '2026-01-05' });
    await t.db.insert(tables.practiceGoals).values({ idUser, goalMinutes: 20, goalDays: 4 });
    await t.db
      .insert(tables.practiceReminders)
      .values({ idUser, reminderOn: true, reminderTime: '18:00', reminderTimeZone: 'Europe/Paris' });
    await t.db.insert(tables.chordChanges).values({ idUser, chordA: 'c', chordB: 'g', changes: 31 });
    await t.db.insert(tables.knownChords).values({ idUser, chordKey: 'f-barre', known: true });

    // Finance: a subscription with a card, an invoice, a billing address and a cancellation answer.
    const [plan] = await t.db
      .select({ id: tables.subscriptionPlans.idSubscriptionPlan, product: tables.subscriptionPlans.fkProductPlan })
      .from(tables.subscriptionPlans)
      .limit(1);
    const [sub] = await t.db
      .insert(tables.subscriptions)
      .values({
        idUser,
        subscriptionStatus: 'active',
        idSubscriptionProduct: plan!.product,
        fkPlanSubscription: plan!.id,
        provider: 'sandbox',
        customerEmail: EMAIL,
        providerCustomerId: 'cus_zq1',
        providerSubscriptionId: 'sub_zq1',
        idempotencyKey: 'zq-key',
        initialPaymentMethodId: 'pm_card_visa',
        subscriptionProductCancellationQuestion: `${FIRST} is moving house`,
      })
      .returning({ id: tables.subscriptions.idSubscription });
    await t.db.insert(tables.paymentMethods).values({
      fkSubscription: sub!.id,
      idUser,
      stripePaymentMethodId: 'pm_card_visa',
      cardBrand: `visa ${LAST}`,
      cardLast4: PLANTED['finance.payment_methods.card_last4'] as string,
      cardExpMonth: PLANTED['finance.payment_methods.card_exp_month'] as number,
      cardExpYear: PLANTED['finance.payment_methods.card_exp_year'] as number,
      isDefault: true,
    });
    await t.db.insert(tables.invoices).values({
      fkSubscription: sub!.id,
      idUser,
      providerInvoiceId: 'in_zq1',
      stripeInvoiceTotal: 1200,
      stripeInvoiceStatus: 'paid',
      stripeInvoiceCreated: new Date(),
    });
    const [party] = await t.db.insert(tables.parties).values({ idUser }).returning({ id: tables.parties.idParty });
    await t.db.insert(tables.addresses).values({
      fkPartyAddress: party!.id,
      addressLine1: `1 ${LAST} Lane`,
      addressLine2: `Flat ${FIRST}`,
      addressCity: `${LAST}ton`,
      addressCounty: `${LAST}shire`,
      addressPostcode: 'QM1 7ZZ',
      addressCountry: `${LAST}land`,
    });
    await t.db.insert(tables.actions).values({
      actionTypeName: 'subscription_cancelled',
      idUser,
      correlationId: CORRELATION,
      actionValues: [{ key: 'reason', value: `${FIRST} is moving house`, type: 'S' }],
    });

    // Messages: their own helpdesk thread (phone, IP, message, consent info, a token, a staff
    // answer) and, as staff, an answer in someone else's thread.
    const [category] = await t.db
      .select({ id: tables.helpdeskCategories.idHelpdeskCategory })
      .from(tables.helpdeskCategories)
      .limit(1);
    const [own] = await t.db
      .insert(tables.threads)
      .values({
        threadTitle: 'Helpdesk: Billing',
        idUserSender: idUser,
        senderFirstName: FIRST,
        senderLastName: LAST,
        senderEmail: EMAIL,
        idHelpdeskCategory: category!.id,
        threadHelpdesk: true,
        threadLastMessage: `Hello, ${FIRST} here`,
        firstNameLast: FIRST,
      })
      .returning({ id: tables.threads.idThread });
    await t.db.insert(tables.participants).values({ idThread: own!.id, idUser });
    await t.db.insert(tables.messages).values({
      idThread: own!.id,
      idUser,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      messageContent: `Hello, ${FIRST} here, call me on ${PHONE}`,
    });
    await t.db.insert(tables.helpdesks).values({
      idThread: own!.id,
      idHelpdeskCategory: category!.id,
      idUser,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      telephone: PHONE,
      message: `Hello, ${FIRST} here`,
      consentInfo: `${IP} ${AGENT}`,
      helpdeskIp: IP,
    });
    await t.db.insert(tables.threadTokens).values({ idThread: own!.id });
    const [other] = await t.db
      .insert(tables.threads)
      .values({
        threadTitle: 'Helpdesk: Billing',
        senderFirstName: 'Visitor',
        senderEmail: 'visitor@example.com',
        threadHelpdesk: true,
        threadLastMessage: 'We have refunded you.',
        firstNameLast: FIRST,
        staffFirstName: FIRST,
        staffLastName: LAST,
        idUserAssigned: idUser,
      })
      .returning({ id: tables.threads.idThread });
    await t.db.insert(tables.messages).values({
      idThread: other!.id,
      idUser,
      firstName: FIRST,
      lastName: LAST,
      email: EMAIL,
      messageContent: 'We have refunded you.',
      messageFromStaff: true,
    });
    // As staff: writing in that thread, and opted in to new-message e-mails (ADR 0060).
    await t.db.insert(tables.replyPresence).values({ idThread: other!.id, idUser, presenceAt: new Date() });
    await t.db.insert(tables.staffNotificationPrefs).values({ idUser, notifyNewMessages: true });

    // Staff audit: an action they made, and one made to their account that recorded their IP.
    await t.db.insert(tables.auditLog).values([
      { idUserActor: idUser, actorEmail: EMAIL, auditAction: 'video.update', targetType: 'video', targetId: '1' },
      {
        idUserActor: null,
        actorEmail: 'admin@example.com',
        auditAction: 'member.session.end',
        targetType: 'user',
        targetId: String(idUser),
        auditDiff: { id_session: 1, session_ip: IP },
      },
    ]);

    // Mail still queued to both addresses, besides what the mail worker already delivered.
    // One that failed once (the mailbox's answer names the address), and one the mailbox holds.
    const { idJob } = await enqueueMail(t.db, {
      to: EMAIL,
      subject: `For ${FIRST}`,
      text: `Hi ${FIRST}`,
      category: 'transactional',
    });
    await t.db
      .update(tables.jobs)
      .set({ lastError: `550 <${EMAIL}> mailbox busy`, checkpoint: { refused: `550 <${EMAIL}> mailbox busy` } })
      .where(eq(tables.jobs.idJob, idJob));
    await t.db.insert(tables.devMail).values({
      mailFrom: 'Fretline <hello@example.com>',
      mailTo: EMAIL,
      subject: `Hi ${FIRST}`,
      text: `Hi ${FIRST}`,
      html: `<p>Hi ${FIRST}</p>`,
      headers: { 'List-Unsubscribe': `<http://localhost:3000/unsubscribe/${EMAIL}/x>` },
      category: 'transactional',
    });

    // The weekly digest (ADR 0066): asked for, and one week's delivered.
    const digest = await t.app.inject({ method: 'PUT', url: '/api/mailers/me/digest', payload: { digest: true }, headers: auth });
    expect(digest.statusCode).toBe(200);
    await t.db.insert(tables.digestDeliveries).values({ digestWeek: '2026-11-23', idUser });
    return { idUser, token };
  }

  it('leaves no personal value behind and keeps the accounting records without identity', async () => {
    const { idUser, token } = await plantEverything();
    const columns = schemaColumns();
    const personal = columns.filter((c) => kindOf(c) === 'erased' || kindOf(c) === 'anonymised');

    // The fixture really put the person's data in every personal column.
    const unplanted: string[] = [];
    for (const c of personal) if ((await countMatching(c, idUser)) === 0) unplanted.push(`${c.table}.${c.name}`);
    expect(unplanted, 'plant a value in these columns').toEqual([]);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/me',
      headers: { ...SITE, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);

    // No personal column keeps the person's values; no text anywhere (transient counters aside)
    // still holds their name, address, phone, IP or browser.
    const left: string[] = [];
    for (const c of personal) if ((await countMatching(c, idUser)) > 0) left.push(`${c.table}.${c.name}`);
    for (const c of columns.filter((c) => isText(c) && !personal.includes(c) && kindOf(c) !== 'transient')) {
      if ((await countMatching(c, idUser)) > 0) left.push(`${c.table}.${c.name}`);
    }
    expect(left, 'personal data left after deletion').toEqual([]);

    // What accounting needs stays: the subscription, its invoice with amount and date.
    const [invoice] = await t.db.select().from(tables.invoices).where(eq(tables.invoices.providerInvoiceId, 'in_zq1'));
    expect(invoice).toMatchObject({ idUser, stripeInvoiceTotal: 1200, stripeInvoiceStatus: 'paid' });
    const [sub] = await t.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.idUser, idUser));
    expect(sub).toMatchObject({ subscriptionStatus: 'cancelled', customerEmail: '' });
  });
});
