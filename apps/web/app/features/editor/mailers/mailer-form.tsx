import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Editor } from '@tiptap/react';
import { MAILER_AUDIENCE_LABELS, type LessonCard as LessonCardData, type Mailer } from '@fretline/contract';
import { Button, Card, cx, inputClasses } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ErrorText, type FieldErrors } from '../form-kit/fields';
import { MediaUpload } from '../form-kit/media-upload';
import { RichTextArea } from '../form-kit/rich-text';
import { AudiencePicker, type AudienceValue } from './audience-picker';
import { LessonPicker } from './lesson-picker';
import { LessonCard, MailerImage } from './mailer-nodes';
import { MailerPreview } from './mailer-preview';

const EXTENSIONS = [MailerImage, LessonCard];

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, what a datetime-local input holds. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function ToolButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="min-h-9 rounded-md px-2 text-sm font-semibold text-ink-900 hover:bg-stone-100"
    >
      {label}
    </button>
  );
}

/** The image dialog: upload to the media store (the Editor group), then insert. */
function ImageDialog({
  onInsert,
  onClose,
}: {
  onInsert: (mediaPath: string, url: string | null, alt: string) => void;
  onClose: () => void;
}) {
  const [picked, setPicked] = useState<{ path: string; url: string | null } | null>(null);
  const [alt, setAlt] = useState('');
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  return (
    <dialog
      ref={(el) => {
        ref.current = el;
        if (el && !el.open) el.showModal();
      }}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 p-0 shadow-xl backdrop:bg-ink-900/40"
    >
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-5 py-3">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink-900">
          Insert an image
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="space-y-4 p-5">
        <MediaUpload
          name="mailer_image"
          label="Image"
          accept=".jpg,.jpeg,.png,.webp,.gif"
          hint="JPG, PNG, WebP or GIF; it is kept in the media store."
          onChange={(path, url) => setPicked(path ? { path, url } : null)}
        />
        <div>
          <label htmlFor={`${id}-alt`} className="mb-1 block text-sm font-semibold text-ink-900">
            Description (for screen readers and blocked images)
          </label>
          <input id={`${id}-alt`} value={alt} onChange={(e) => setAlt(e.target.value)} className={inputClasses} />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" size="sm" disabled={!picked} onClick={() => picked && onInsert(picked.path, picked.url, alt)}>
            Insert image
          </Button>
        </div>
      </div>
    </dialog>
  );
}

export interface MailerFormProps {
  mailer: Mailer | null;
  courses: Array<{ id_course: number; course_title: string }>;
  /** Whether the signed-in staff member may upload to the media store (the Editor group). */
  canUpload: boolean;
}

/**
 * Write a mailer (product.md#mailers, ADR 0066): subject, body in the rich-text editor with images
 * and lesson cards, the audience with its live count, a preview at desktop and phone widths, a
 * test to oneself, and send now or at a time. Sending saves first, so what is sent is what is shown.
 */
export function MailerForm({ mailer, courses, canUpload }: MailerFormProps) {
  const navigate = useNavigate();
  const [subject, setSubject] = useState(mailer?.mailer_subject ?? '');
  const [body, setBody] = useState(mailer?.mailer_body ?? '');
  const [audience, setAudience] = useState<AudienceValue>({
    audience: mailer?.mailer_audience ?? 'all',
    idCourse: mailer?.id_course ?? null,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<null | 'save' | 'test' | 'send' | 'schedule' | 'unschedule'>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [when, setWhen] = useState('');
  const [dialog, setDialog] = useState<null | 'image' | 'lesson'>(null);
  const editorRef = useRef<Editor | null>(null);
  const scheduledAt = mailer?.mailer_status === 'scheduled' ? mailer.mailer_scheduled_at : null;

  const input = () => ({
    mailer_subject: subject,
    mailer_body: body,
    mailer_audience: audience.audience,
    id_course: audience.audience === 'course' ? audience.idCourse : null,
  });

  const fail = (err: unknown) => {
    const field = err instanceof ApiError ? err.field : undefined;
    if (field) setErrors({ [field]: errorMessage(err) });
    else setAlert(errorMessage(err));
  };

  /** Saves and answers the mailer's id (a new one is created); null when the save failed. */
  async function save(): Promise<number | null> {
    setErrors({});
    setAlert(null);
    setNotice(null);
    try {
      if (mailer) {
        if (dirty) await api.call('mailers.updateMailer', { params: { idMailer: mailer.id_mailer }, body: input() });
        setDirty(false);
        return mailer.id_mailer;
      }
      const res = await api.call('mailers.createMailer', { body: input() });
      setDirty(false);
      return res.mailer.id_mailer;
    } catch (err) {
      fail(err);
      return null;
    }
  }

  async function run(kind: NonNullable<typeof busy>, action: (idMailer: number) => Promise<string | void>) {
    setBusy(kind);
    try {
      const id = await save();
      if (id === null) return;
      const message = await action(id);
      if (!mailer || kind !== 'test') {
        void navigate(`/staff/mailers/${id}`, { replace: true, state: message ? { notice: message } : undefined });
      }
      if (message) setNotice(message);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  const insertLesson = (l: LessonCardData) => {
    editorRef.current
      ?.chain()
      .focus()
      .insertContent({
        type: 'lessonCard',
        attrs: { slug: l.video_slug, title: l.video_title, image: l.video_image ?? '', imageUrl: l.image_url },
      })
      .run();
    setDialog(null);
  };

  const insertImage = (mediaPath: string, url: string | null, alt: string) => {
    editorRef.current
      ?.chain()
      .focus()
      .insertContent({ type: 'mailerImage', attrs: { src: url, alt, mediaPath } })
      .run();
    setDialog(null);
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-6">
        <Card className="space-y-5">
          <div>
            <label htmlFor="mailer-subject" className="mb-1 block text-sm font-semibold text-ink-900">
              Subject <span className="text-red-700">*</span>
            </label>
            <input
              id="mailer-subject"
              name="mailer_subject"
              value={subject}
              maxLength={200}
              onChange={(e) => {
                setSubject(e.target.value);
                setDirty(true);
              }}
              aria-invalid={errors.mailer_subject ? true : undefined}
              aria-describedby={errors.mailer_subject ? 'mailer-subject-error' : undefined}
              className={inputClasses}
              required
            />
            <ErrorText id="mailer-subject-error" message={errors.mailer_subject} />
          </div>
          <RichTextArea
            name="mailer_body"
            label="Message"
            hint="Headings, lists, links, images and lesson cards."
            errors={errors}
            defaultValue={mailer?.mailer_body ?? ''}
            extensions={EXTENSIONS}
            onChange={() => setDirty(true)}
            onHtmlChange={setBody}
            toolbarExtra={(editor) => {
              editorRef.current = editor;
              return (
                <>
                  <span aria-hidden="true" className="mx-1 my-1.5 w-px bg-stone-200" />
                  {canUpload ? <ToolButton label="Image" onClick={() => setDialog('image')} /> : null}
                  <ToolButton label="Lesson card" onClick={() => setDialog('lesson')} />
                </>
              );
            }}
          />
          <AudiencePicker
            value={audience}
            courses={courses}
            errors={errors}
            onChange={(v) => {
              setAudience(v);
              setDirty(true);
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              busy={busy === 'save'}
              disabled={busy !== null}
              onClick={() => void run('save', async () => 'Saved.')}
            >
              {mailer ? 'Save changes' : 'Save draft'}
            </Button>
            <Button
              type="button"
              variant="ghost"
              busy={busy === 'test'}
              disabled={busy !== null || !subject.trim()}
              onClick={() =>
                void run('test', async (idMailer) => {
                  const res = await api.call('mailers.sendTestMailer', { params: { idMailer } });
                  return `A test is on its way to ${res.sent_to}.`;
                })
              }
            >
              Send a test to me
            </Button>
          </div>
        </Card>

        <Card className="space-y-4" data-testid="send-panel">
          <h2 className="text-lg font-bold text-ink-900">Send</h2>
          {scheduledAt ? (
            <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink-900">
              <span>
                Scheduled for{' '}
                <strong>{new Date(scheduledAt).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'short' })}</strong>.
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                busy={busy === 'unschedule'}
                disabled={busy !== null}
                onClick={() =>
                  void run('unschedule', async (idMailer) => {
                    await api.call('mailers.unscheduleMailer', { params: { idMailer } });
                    return 'Back to draft: it will not be sent.';
                  })
                }
              >
                Back to draft
              </Button>
            </div>
          ) : null}
          {confirming ? (
            <div
              role="alertdialog"
              aria-labelledby="confirm-send"
              className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4"
            >
              <p id="confirm-send" className="font-semibold text-ink-900">
                Send “{subject || 'this mailer'}” to {MAILER_AUDIENCE_LABELS[audience.audience].toLowerCase()} now? It cannot be
                taken back.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  busy={busy === 'send'}
                  disabled={busy !== null}
                  autoFocus
                  onClick={() =>
                    void run('send', async (idMailer) => {
                      await api.call('mailers.sendMailer', { params: { idMailer }, body: {} });
                    })
                  }
                >
                  Yes, send now
                </Button>
                <Button type="button" variant="secondary" disabled={busy !== null} onClick={() => setConfirming(false)}>
                  Cancel
                </Button>
              </div>
            </div>
          ) : (
            <Button type="button" disabled={busy !== null || !subject.trim() || !body} onClick={() => setConfirming(true)}>
              Send now…
            </Button>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!when) return;
              void run('schedule', async (idMailer) => {
                await api.call('mailers.sendMailer', { params: { idMailer }, body: { mailer_scheduled_at: new Date(when) } });
              });
            }}
          >
            <div>
              <label htmlFor="mailer-when" className="mb-1 block text-sm font-semibold text-ink-900">
                {scheduledAt ? 'Move to' : 'Or send on'}
              </label>
              <input
                id="mailer-when"
                type="datetime-local"
                value={when}
                min={toLocalInput(new Date())}
                onChange={(e) => setWhen(e.target.value)}
                aria-invalid={errors.mailer_scheduled_at ? true : undefined}
                className={cx(inputClasses, 'w-auto')}
              />
            </div>
            <Button type="submit" variant="secondary" busy={busy === 'schedule'} disabled={busy !== null || !when || !body}>
              {scheduledAt ? 'Reschedule' : 'Schedule'}
            </Button>
            <ErrorText id="mailer-when-error" message={errors.mailer_scheduled_at} />
          </form>
        </Card>
        <div aria-live="polite">
          {notice ? (
            <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
              {notice}
            </p>
          ) : null}
          {alert ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {alert}
            </p>
          ) : null}
        </div>
      </div>
      <div className="min-w-0">
        <MailerPreview subject={subject} body={body} />
      </div>
      {dialog === 'lesson' ? <LessonPicker open onClose={() => setDialog(null)} onPick={insertLesson} /> : null}
      {dialog === 'image' ? <ImageDialog onClose={() => setDialog(null)} onInsert={insertImage} /> : null}
    </div>
  );
}
