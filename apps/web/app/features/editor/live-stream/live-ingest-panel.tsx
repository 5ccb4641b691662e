import { useEffect, useState } from 'react';
import { formatTimeInZone, type EditorLiveQuestion, type EditorLiveStream } from '@fretline/contract';
import { Badge, Button, EmptyState, inputClasses, type BadgeTone } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { ApiError } from '../../../lib/api-client';
import { useTimeZone } from '../../../lib/time-zone';

const POLL_MS = 5000;
const failed = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong, please try again.');

const ON_AIR: Record<EditorLiveStream['stream_on_air'], { label: string; tone: BadgeTone }> = {
  idle: { label: 'Not on air', tone: 'neutral' },
  live: { label: '● On air', tone: 'danger' },
  reconnecting: { label: 'Encoder dropped: waiting for it', tone: 'warning' },
  ended: { label: 'Ended', tone: 'success' },
};

/** A read-only value with a copy button (the encoder's address and key go into OBS by paste). */
function CopyField({ label, value, secret }: { label: string; value: string; secret?: boolean }) {
  const [shown, setShown] = useState(!secret);
  const [copied, setCopied] = useState(false);
  return (
    <div>
      <p className="text-sm font-semibold text-ink-900">{label}</p>
      {/* The value takes the whole line on a phone, its buttons under it. */}
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label={label}
          value={value}
          type={shown ? 'text' : 'password'}
          className={`${inputClasses} min-w-0 basis-full font-mono text-sm sm:basis-0 sm:flex-1`}
          onFocus={(e) => e.currentTarget.select()}
        />
        {secret ? (
          <Button type="button" variant="secondary" size="sm" onClick={() => setShown((s) => !s)}>
            {shown ? 'Hide' : 'Show'}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Going live from the console (ADR 0063): the RTMP address and the secret stream key for OBS
 * (the key for the Staff group only, regenerable), whether the encoder is on air, and the queue
 * of viewers' questions, each marked answered with one button (a chapter of the replay, an e-mail
 * to the asker).
 */
export function LiveIngestPanel({
  stream: initial,
  standalone = false,
}: {
  stream: EditorLiveStream;
  /** Without the stream's form beside it (a Staff member who runs the lesson but does not edit it). */
  standalone?: boolean;
}) {
  const [stream, setStream] = useState(initial);
  const [questions, setQuestions] = useState<EditorLiveQuestion[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const id = initial.id_live_stream;
  // When each question came in, on the staff member's own clock (ADR 0048).
  const timeZone = useTimeZone();

  useEffect(() => {
    let alive = true;
    const read = () => {
      api.call('editor.listLiveQuestions', { params: { idLiveStream: id } }).then(
        (answer) => alive && setQuestions(answer.questions),
        (err: unknown) => alive && setError(failed(err)),
      );
      api.call('editor.getLiveStream', { params: { idLiveStream: id } }).then(
        (answer) => alive && setStream(answer.stream),
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [id]);

  const regenerate = async () => {
    setBusy('key');
    setError(null);
    try {
      setStream((await api.call('editor.regenerateLiveStreamKey', { params: { idLiveStream: id } })).stream);
      setConfirming(false);
    } catch (err) {
      setError(failed(err));
    } finally {
      setBusy(null);
    }
  };

  const answer = async (idLiveQuestion: number) => {
    setBusy(`q${idLiveQuestion}`);
    setError(null);
    try {
      const { question } = await api.call('editor.answerLiveQuestion', { params: { idLiveStream: id, idLiveQuestion } });
      setQuestions((list) => list?.map((q) => (q.id_live_question === idLiveQuestion ? question : q)) ?? null);
    } catch (err) {
      setError(failed(err));
    } finally {
      setBusy(null);
    }
  };

  const onAir = ON_AIR[stream.stream_on_air];
  const waiting = questions?.filter((q) => !q.question_answered) ?? [];
  const answered = questions?.filter((q) => q.question_answered) ?? [];

  return (
    <section
      aria-labelledby="go-live"
      className={`space-y-6 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6 ${standalone ? '' : 'lg:mr-[18.5rem]'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="go-live" className="text-lg font-bold text-ink-900">
          Go live
        </h2>
        <Badge tone={onAir.tone}>{onAir.label}</Badge>
      </div>
      {stream.stream_ingest_url ? (
        <div className="space-y-4">
          <p className="text-stone-700">
            In OBS, open Settings → Stream, choose “Custom…”, and paste the server and the stream key. Press “Start Streaming”:
            viewers see you within seconds.{' '}
            {stream.stream_auto_replay
              ? 'When you stop, the replay is published by itself; '
              : standalone
                ? 'No replay is made when you stop (an editor can change that); '
                : 'No replay is made when you stop (see “Make a replay when the stream ends” above); '}
            if the connection drops, start again within two minutes to continue the same stream.
          </p>
          <CopyField label="Server" value={stream.stream_ingest_url} />
          {stream.stream_key ? (
            <div className="space-y-2">
              <CopyField label="Stream key" value={stream.stream_key} secret />
              {confirming ? (
                <div role="group" aria-label="Confirm a new key" className="flex flex-wrap items-center gap-2">
                  <p className="text-sm text-stone-700">The old key stops working at once. Make a new one?</p>
                  <Button type="button" variant="danger" size="sm" busy={busy === 'key'} onClick={() => void regenerate()}>
                    Make a new key
                  </Button>
                  <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                    Keep this one
                  </Button>
                </div>
              ) : (
                <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(true)}>
                  New stream key…
                </Button>
              )}
            </div>
          ) : (
            <p className="text-sm text-stone-600">The stream key is shown to Staff, Directors and Admins only.</p>
          )}
        </div>
      ) : (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-900">
          {stream.stream_ingest_help ?? 'Live ingest is not available on this server.'}
        </p>
      )}

      <div>
        <h3 className="text-base font-bold text-ink-900">
          Questions{questions?.length ? <span className="font-normal text-stone-600"> · {waiting.length} waiting</span> : null}
        </h3>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {questions === null ? (
          <p className="mt-2 text-stone-600">Loading questions…</p>
        ) : questions.length === 0 ? (
          <EmptyState title="No questions yet">Viewers’ questions appear here while the stream is live.</EmptyState>
        ) : (
          <>
            <ol className="mt-2 space-y-2" data-testid="question-queue">
              {waiting.map((q) => (
                <li
                  key={q.id_live_question}
                  className="flex flex-col gap-3 rounded-xl border border-stone-200 p-3 sm:flex-row sm:items-start"
                >
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-ink-900">{q.question_text}</p>
                    <p className="text-sm text-stone-600">
                      {q.asker_name} ·{' '}
                      <time dateTime={new Date(q.question_created).toISOString()}>
                        {formatTimeInZone(q.question_created, timeZone)}
                      </time>
                    </p>
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    busy={busy === `q${q.id_live_question}`}
                    onClick={() => void answer(q.id_live_question)}
                  >
                    Mark answered
                  </Button>
                </li>
              ))}
            </ol>
            {answered.length ? (
              <details className="mt-3">
                <summary className="cursor-pointer font-semibold text-stone-700">Answered ({answered.length})</summary>
                <ul className="mt-2 space-y-2">
                  {answered.map((q) => (
                    <li key={q.id_live_question} className="rounded-xl bg-stone-50 p-3 text-sm">
                      <p className="break-words">{q.question_text}</p>
                      <p className="text-stone-600">
                        {q.asker_name}
                        {q.question_moment !== null
                          ? ` · chapter at ${Math.floor(q.question_moment / 60)}:${String(Math.floor(q.question_moment % 60)).padStart(2, '0')}`
                          : ''}
                      </p>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
