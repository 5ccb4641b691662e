import { useState } from 'react';
import { SAVED_REPLY_VARIABLES, type SavedReply } from '@fretline/contract';
import { Button, Card, EmptyState, Field } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

const VARIABLE_HELP: Record<(typeof SAVED_REPLY_VARIABLES)[number], string> = {
  first_name: 'the sender’s first name',
  last_name: 'their last name',
  email: 'their address',
  trial_ends: 'the day their free trial ends',
  renews_on: 'the day the membership renews',
  membership_ends: 'the day a cancelled membership ends',
  subscription_link: 'their subscription page (members only)',
  membership_link: 'the membership page',
  helpdesk_link: 'the helpdesk',
  staff_first_name: 'your first name',
};

function ReplyForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: { saved_reply_title: string; saved_reply_body: string };
  submitLabel: string;
  onSave: (input: { saved_reply_title: string; saved_reply_body: string }) => Promise<void>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial.saved_reply_title);
  const [body, setBody] = useState(initial.saved_reply_body);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const idBase = `saved-${initial.saved_reply_title || 'new'}`.replace(/\W+/g, '-');
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        onSave({ saved_reply_title: title, saved_reply_body: body })
          .then(() => {
            if (!onCancel) {
              setTitle('');
              setBody('');
            }
          })
          .catch((err: unknown) => setError(errorMessage(err)))
          .finally(() => setBusy(false));
      }}
    >
      <Field
        id={`${idBase}-title`}
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={120}
        required
      />
      <Field
        multiline
        id={`${idBase}-body`}
        label="Reply"
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={5}
        required
        className="resize-y"
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Saved replies, written once by any member of staff and inserted from a thread's side panel (ADR 0060). */
export function SavedRepliesManager({ initial, prefs }: { initial: SavedReply[]; prefs: { notify_new_messages: boolean } }) {
  const [replies, setReplies] = useState(initial);
  const [editing, setEditing] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notify, setNotify] = useState(prefs.notify_new_messages);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const sorted = (list: SavedReply[]) => [...list].sort((a, b) => a.saved_reply_title.localeCompare(b.saved_reply_title));

  const toggleNotify = async (on: boolean) => {
    setError(null);
    try {
      const res = await api.call('messages.staffSetNotificationPrefs', { body: { notify_new_messages: on } });
      setNotify(res.prefs.notify_new_messages);
      setNotice(on ? 'You will be e-mailed about new messages.' : 'No more new-message e-mails.');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const remove = async (id: number) => {
    setError(null);
    try {
      await api.call('messages.staffDeleteSavedReply', { params: { idSavedReply: id } });
      setReplies((list) => list.filter((r) => r.id_saved_reply !== id));
      setNotice('Saved reply deleted.');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setConfirming(null);
    }
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Saved replies</h1>
        <p className="mt-1 text-stone-600">
          Answers you give often, shared by all staff. In a conversation they are in the side panel; the variables are filled for
          that sender.
        </p>
      </div>
      <div aria-live="polite" className="text-sm font-medium text-emerald-800">
        {notice}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Card className="space-y-2">
        <h2 className="text-lg font-bold text-ink-900">E-mail me</h2>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            checked={notify}
            onChange={(e) => void toggleNotify(e.target.checked)}
            className="mt-0.5 size-5 accent-brand-700"
          />
          <span>
            <span className="font-semibold text-ink-900">When a sender writes.</span>{' '}
            <span className="text-stone-600">For conversations assigned to you, and for unassigned ones. Off by default.</span>
          </span>
        </label>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="saved-list" className="space-y-3">
          <h2 id="saved-list" className="text-lg font-bold text-ink-900">
            {replies.length} saved {replies.length === 1 ? 'reply' : 'replies'}
          </h2>
          {replies.length === 0 ? (
            <EmptyState title="No saved replies yet">Write your first one below.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {replies.map((r) => (
                <li key={r.id_saved_reply}>
                  <Card>
                    {editing === r.id_saved_reply ? (
                      <ReplyForm
                        initial={r}
                        submitLabel="Save changes"
                        onCancel={() => setEditing(null)}
                        onSave={async (input) => {
                          const { saved_reply } = await api.call('messages.staffUpdateSavedReply', {
                            params: { idSavedReply: r.id_saved_reply },
                            body: input,
                          });
                          setReplies((list) =>
                            sorted(list.map((x) => (x.id_saved_reply === r.id_saved_reply ? saved_reply : x))),
                          );
                          setEditing(null);
                          setNotice('Saved reply updated.');
                        }}
                      />
                    ) : (
                      <>
                        <h3 className="font-bold text-ink-900">{r.saved_reply_title}</h3>
                        <p className="mt-1 text-sm whitespace-pre-wrap text-stone-700">{r.saved_reply_body}</p>
                        <div className="mt-3 flex flex-wrap gap-2">
                          <Button variant="secondary" size="sm" onClick={() => setEditing(r.id_saved_reply)}>
                            Edit
                          </Button>
                          {confirming === r.id_saved_reply ? (
                            <>
                              <Button variant="danger" size="sm" onClick={() => void remove(r.id_saved_reply)}>
                                Delete for everyone
                              </Button>
                              <Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                                Keep it
                              </Button>
                            </>
                          ) : (
                            <Button variant="ghost" size="sm" onClick={() => setConfirming(r.id_saved_reply)}>
                              Delete
                            </Button>
                          )}
                        </div>
                      </>
                    )}
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <Card>
            <h2 className="mb-3 text-lg font-bold text-ink-900">New saved reply</h2>
            <ReplyForm
              initial={{ saved_reply_title: '', saved_reply_body: '' }}
              submitLabel="Add saved reply"
              onSave={async (input) => {
                const { saved_reply } = await api.call('messages.staffCreateSavedReply', { body: input });
                setReplies((list) => sorted([...list, saved_reply]));
                setNotice(`“${saved_reply.saved_reply_title}” added.`);
              }}
            />
          </Card>
        </section>
        <aside className="space-y-2 text-sm">
          <h2 className="text-base font-bold text-ink-900">Variables</h2>
          <p className="text-stone-600">
            Type them with the braces. One nothing is known for stays visible, so you can fix it before sending.
          </p>
          <dl className="space-y-1">
            {SAVED_REPLY_VARIABLES.map((v) => (
              <div key={v}>
                <dt className="font-mono text-xs text-brand-800">{`{${v}}`}</dt>
                <dd className="text-stone-600">{VARIABLE_HELP[v]}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </div>
  );
}
