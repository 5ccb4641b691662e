import { useEffect, useId, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { LIVE_QUESTION_MAX, type LiveQuestion, type LiveStream } from '@fretline/contract';
import { Badge, Button, inputClasses } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';

const POLL_MS = 5000;

/** The part of a playlist URL that names the file (its signature changes on every read). */
const pathOf = (url: string | null) => (url ? url.split('?')[0] : null);

/**
 * Keeps the live page in step with the teacher's encoder (ADR 0063): every few seconds it reads the
 * stream, and reloads the page's data when it starts, drops, ends or its replay is published, so
 * the page moves from "starts in…" to "live now" to "replay" without a reload.
 */
export function useLiveStreamWatch(stream: LiveStream): void {
  const revalidator = useRevalidator();
  const settled = stream.stream_status === 'past' && !stream.stream_replay_preparing;
  useEffect(() => {
    if (settled) return;
    const timer = setInterval(() => {
      api.call('videos.getLiveStream', { params: { streamSlug: stream.stream_slug } }).then(
        ({ stream: now }) => {
          const changed =
            now.stream_status !== stream.stream_status ||
            now.stream_on_air !== stream.stream_on_air ||
            pathOf(now.stream_manifest_signed) !== pathOf(stream.stream_manifest_signed) ||
            now.stream_replay?.video_slug !== stream.stream_replay?.video_slug;
          if (changed && revalidator.state === 'idle') void revalidator.revalidate();
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [settled, stream, revalidator]);
}

/** "Starts in 2 h 5 min", counting down each minute (the server's times, the visitor's clock). */
export function StartsIn({ starts }: { starts: Date | string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (now === null) return null;
  const minutes = Math.ceil((new Date(starts).getTime() - now) / 60_000);
  if (minutes <= 0) return <span>Starting any moment now</span>;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts = days ? [`${days} d`, `${hours} h`] : hours ? [`${hours} h`, `${mins} min`] : [`${mins} min`];
  return <span>Starts in {parts.join(' ')}</span>;
}

/**
 * Questions during the live (ADR 0063): a signed-in viewer sends one to the teacher, and sees their
 * own with whether they were answered (an answered one becomes a chapter of the replay).
 */
export function LiveQuestions({ slug, signedIn, open }: { slug: string; signedIn: boolean; open: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [mine, setMine] = useState<LiveQuestion[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let alive = true;
    const read = () => {
      api.call('videos.listMyLiveQuestions', { params: { streamSlug: slug } }).then(
        (answer) => alive && setMine(answer.questions),
        () => undefined,
      );
    };
    read();
    const timer = open ? setInterval(read, POLL_MS * 2) : null;
    return () => {
      alive = false;
      if (timer) clearInterval(timer);
    };
  }, [slug, signedIn, open]);

  if (!signedIn)
    return (
      <p>
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Sign in
        </Link>{' '}
        to ask the teacher a question during the live lesson.
      </p>
    );

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const answer = await api.call('videos.askLiveQuestion', { params: { streamSlug: slug }, body: { question_text: text } });
      setMine((list) => [...(list ?? []), answer.question]);
      setText('');
      setNote('Sent. The teacher sees it in their queue; we e-mail you when it is answered.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      {open ? (
        <form onSubmit={(e) => void send(e)} className="space-y-2" aria-label="Ask a question">
          <label htmlFor={id} className="block font-semibold text-ink-900">
            Ask the teacher
          </label>
          <textarea
            id={id}
            name="question_text"
            rows={3}
            maxLength={LIVE_QUESTION_MAX}
            required
            value={text}
            onChange={(e) => setText(e.target.value)}
            className={inputClasses}
            aria-invalid={error ? true : undefined}
          />
          <Button type="submit" size="sm" busy={busy} disabled={!text.trim()}>
            Send question
          </Button>
          {note ? (
            <p role="status" className="text-sm text-stone-700">
              {note}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      ) : (
        <p>Questions open when the live lesson starts.</p>
      )}
      {mine?.length ? (
        <div>
          <h3 className="font-semibold text-ink-900">Your questions</h3>
          <ul className="mt-1 space-y-2" data-testid="my-questions">
            {mine.map((q) => (
              <li key={q.id_live_question} className="rounded-xl border border-stone-200 bg-white p-3 text-sm">
                <p className="break-words">{q.question_text}</p>
                <p className="mt-1">{q.question_answered ? <Badge tone="success">Answered</Badge> : <Badge>Waiting</Badge>}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
