import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatLong, type MemberContext, type SavedReply } from '@fretline/contract';
import { Badge, Button, Card, cx, inputClasses, Spinner, type BadgeTone } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

type Membership = NonNullable<MemberContext['membership']>;

const STATE_LABEL: Record<Membership['state'], { label: string; tone: BadgeTone }> = {
  none: { label: 'No membership', tone: 'neutral' },
  trial: { label: 'Free trial', tone: 'brand' },
  active: { label: 'Member', tone: 'success' },
  cancelling: { label: 'Cancelled, access until the end', tone: 'warning' },
  ended: { label: 'Membership ended', tone: 'neutral' },
  payment_failed: { label: 'Payment failed', tone: 'danger' },
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-0.5">
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-ink-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="border-t border-stone-100 pt-3 first:border-t-0 first:pt-0">
      <h3 className="mb-1.5 text-xs font-bold tracking-wide text-stone-500 uppercase">{title}</h3>
      {children}
    </section>
  );
}

function MembershipRows({ m }: { m: Membership }) {
  const state = STATE_LABEL[m.state];
  return (
    <>
      <p className="mb-1">
        <Badge tone={state.tone}>{state.label}</Badge>
        {m.plan_name && m.state !== 'none' ? <span className="ml-2 text-sm text-stone-600">{m.plan_name}</span> : null}
      </p>
      <dl className="text-sm">
        {m.state === 'trial' && m.trial_day !== null && m.trial_days !== null ? (
          <Row label="Trial">
            day {m.trial_day} of {m.trial_days}
          </Row>
        ) : null}
        {m.trial_ends ? <Row label="Trial ends">{formatLong(m.trial_ends)}</Row> : null}
        {m.renews_on && m.state !== 'trial' ? <Row label="Renews on">{formatLong(m.renews_on)}</Row> : null}
        {m.ends_on ? <Row label={m.state === 'ended' ? 'Ended on' : 'Ends on'}>{formatLong(m.ends_on)}</Row> : null}
        {m.last_failed_payment ? (
          <Row label="Last failed payment">
            <span className="text-red-700">{formatLong(m.last_failed_payment)}</span>
          </Row>
        ) : null}
        {m.paused_until ? (
          <Row label={m.paused_from && m.paused_from > new Date() ? 'Pause' : 'Paused until'}>
            <span data-testid="context-paused-until">
              {m.paused_from && m.paused_from > new Date()
                ? `${formatLong(m.paused_from)} to ${formatLong(m.paused_until)}`
                : formatLong(m.paused_until)}
            </span>
          </Row>
        ) : null}
        {m.cancellation_reason ? <Row label="Why they cancelled">“{m.cancellation_reason}”</Row> : null}
        {m.member_since ? <Row label="Subscribed since">{formatLong(m.member_since)}</Row> : null}
      </dl>
    </>
  );
}

/** What is known of the sender, beside the conversation (ADR 0060); each part links to its page. */
export function MemberContextCard({ idThread }: { idThread: number }) {
  const [context, setContext] = useState<MemberContext | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setContext(null);
    api
      .call('messages.staffThreadContext', { params: { id: idThread } })
      .then((res) => live && setContext(res.context ?? null))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [idThread]);

  return (
    <Card className="space-y-3 text-sm" data-testid="member-context">
      <h2 className="text-base font-bold text-ink-900">About the sender</h2>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : !context ? (
        <Spinner label="Loading the sender’s details" />
      ) : (
        <>
          {context.id_user === null ? (
            <Section title="Signed-out sender">
              <p className="text-stone-700">
                Wrote as <span className="font-medium break-all">{context.email ?? 'an unknown address'}</span>.{' '}
                {context.email_verified ? 'They opened the link we e-mailed there.' : 'The address is not proven yet.'}
              </p>
              {context.account_with_address ? (
                <p className="mt-1 text-stone-700">
                  An account uses this address; its details stay hidden until the sender proves the address.
                </p>
              ) : (
                <p className="mt-1 text-stone-700">No account uses this address.</p>
              )}
            </Section>
          ) : (
            <p>
              <Link to={context.member_url ?? '#'} className="font-semibold text-brand-700 underline underline-offset-2">
                Open the member’s page
              </Link>
            </p>
          )}
          {context.membership ? (
            <Section title="Membership">
              <MembershipRows m={context.membership} />
            </Section>
          ) : null}
          {context.learning ? (
            <Section title="Learning">
              {context.learning.current_course ? (
                <div className="mb-2">
                  <Link
                    to={`/courses/${context.learning.current_course.course_slug}`}
                    className="font-medium text-ink-900 underline underline-offset-2"
                  >
                    {context.learning.current_course.course_title}
                  </Link>
                  <div className="mt-1 flex items-center gap-2">
                    <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
                      <span
                        className="block h-full rounded-full bg-brand-600"
                        style={{ width: `${context.learning.current_course.course_percent_complete}%` }}
                      />
                    </span>
                    <span className="text-xs text-stone-600">
                      {context.learning.current_course.course_percent_complete}% done
                    </span>
                  </div>
                </div>
              ) : (
                <p className="text-stone-600">No course started.</p>
              )}
              {context.learning.recent_videos.length ? (
                <ul className="space-y-0.5">
                  {context.learning.recent_videos.map((v) => (
                    <li key={v.video_slug} className="flex justify-between gap-2">
                      <Link to={`/videos/${v.video_slug}`} className="truncate text-ink-900 hover:underline">
                        {v.video_title}
                      </Link>
                      <span className="shrink-0 text-xs text-stone-500">
                        {v.completed ? 'watched' : formatLong(v.watched_at)}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-stone-600">No lessons watched yet.</p>
              )}
            </Section>
          ) : null}
          {context.id_user !== null ? (
            <Section title="Sign-in">
              <p className="text-stone-700">
                {context.active_sessions.length === 0
                  ? 'Not signed in anywhere now.'
                  : `Signed in on ${context.active_sessions.length} device${context.active_sessions.length > 1 ? 's' : ''}, last seen ${formatLong(context.active_sessions[0]!.session_accessed)}.`}
              </p>
              {context.sign_in_failures.length ? (
                <p className="mt-1 text-red-700">
                  Wrong sign-in codes typed:{' '}
                  {context.sign_in_failures.map((f) => `${f.failed_attempts}× on ${formatLong(f.at)}`).join(', ')}
                </p>
              ) : null}
              <Link
                to={`${context.member_url ?? ''}#sessions`}
                className="mt-1 inline-block text-brand-700 underline underline-offset-2"
              >
                Sessions on the member’s page
              </Link>
            </Section>
          ) : null}
          <Section title="Earlier conversations">
            {context.conversations.length ? (
              <ul className="space-y-0.5">
                {context.conversations.map((c) => (
                  <li key={c.id_thread} className="flex justify-between gap-2">
                    <Link to={c.thread_url} className="truncate text-ink-900 hover:underline">
                      {c.thread_title ?? 'Conversation'}
                    </Link>
                    <span className="shrink-0 text-xs text-stone-500">
                      {c.thread_resolved ? 'resolved' : 'open'} · {formatLong(c.thread_edited)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-stone-600">None before this one.</p>
            )}
          </Section>
        </>
      )}
    </Card>
  );
}

/**
 * The saved replies beside the conversation (ADR 0060): choosing one fills the reply box with its
 * variables filled for this thread's sender, by the API, which knows their trial and links.
 */
export function SavedRepliesCard({
  idThread,
  onInsert,
}: {
  idThread: number;
  onInsert: (text: string, missing: string[]) => void;
}) {
  const [replies, setReplies] = useState<SavedReply[] | null>(null);
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call('messages.staffListSavedReplies')
      .then((res) => live && setReplies(res.saved_replies ?? []))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, []);

  const insert = async (reply: SavedReply) => {
    setBusy(reply.id_saved_reply);
    setError(null);
    try {
      const { filled } = await api.call('messages.staffFillSavedReply', {
        params: { id: idThread, idSavedReply: reply.id_saved_reply },
      });
      onInsert(filled.text, filled.missing);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const shown = (replies ?? []).filter((r) =>
    `${r.saved_reply_title} ${r.saved_reply_body}`.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Card className="space-y-2 text-sm" data-testid="saved-replies">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-base font-bold text-ink-900">Saved replies</h2>
        <Link to="/staff/saved-replies" className="text-xs font-semibold text-brand-700">
          Manage
        </Link>
      </div>
      {replies === null && !error ? <Spinner label="Loading saved replies" /> : null}
      {replies && replies.length > 4 ? (
        <>
          <label htmlFor={`saved-filter-${idThread}`} className="sr-only">
            Find a saved reply
          </label>
          <input
            id={`saved-filter-${idThread}`}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Find a saved reply"
            className={cx(inputClasses, 'py-1.5 text-sm')}
          />
        </>
      ) : null}
      {replies && replies.length === 0 ? (
        <p className="text-stone-600">
          None yet. <Link to="/staff/saved-replies">Write the answers you give often</Link> once, with {'{first_name}'}-style
          variables.
        </p>
      ) : null}
      <ul className="space-y-1">
        {shown.map((r) => (
          <li key={r.id_saved_reply}>
            <Button
              variant="ghost"
              size="sm"
              busy={busy === r.id_saved_reply}
              onClick={() => void insert(r)}
              className="w-full justify-start text-left"
              title={r.saved_reply_body}
            >
              <span className="truncate">{r.saved_reply_title}</span>
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
