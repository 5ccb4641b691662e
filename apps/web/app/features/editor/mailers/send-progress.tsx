import { useState } from 'react';
import type { Mailer } from '@fretline/contract';
import { Card } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { usePoll } from '../../../lib/use-poll';
import { formatWhen } from '../console/format';

/** How far a send has got (ADR 0066): a bar and the counts, polled while it runs (or is due to start). */
export function SendProgress({ mailer: initial }: { mailer: Mailer }) {
  const [mailer, setMailer] = useState(initial);
  const running = mailer.mailer_status === 'sending' || mailer.mailer_status === 'scheduled';
  usePoll(
    async (signal) => {
      const res = await api.call('mailers.getMailer', { params: { idMailer: mailer.id_mailer } });
      if (!signal.aborted) setMailer(res.mailer);
    },
    1500,
    running,
  );
  const { recipients, queued, sent, skipped, failed } = mailer.counts;
  const done = recipients - queued;
  const percent = recipients === 0 ? (mailer.mailer_status === 'sent' ? 100 : 0) : Math.round((done / recipients) * 100);
  const heading = mailer.mailer_status === 'sent' ? 'Sent' : mailer.mailer_status === 'scheduled' ? 'Starting…' : 'Sending…';
  return (
    <Card className="space-y-4" data-testid="send-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold text-ink-900">{heading}</h2>
        {mailer.mailer_send_finished ? (
          <p className="text-sm text-stone-600">Finished {formatWhen(mailer.mailer_send_finished)}</p>
        ) : mailer.mailer_send_started ? (
          <p className="text-sm text-stone-600">Started {formatWhen(mailer.mailer_send_started)}</p>
        ) : null}
      </div>
      <div>
        <div
          role="progressbar"
          aria-label="Messages built"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${done} of ${recipients} done`}
          className="h-3 overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-sm text-stone-600" aria-live="polite">
          {done} of {recipients} {recipients === 1 ? 'recipient' : 'recipients'} done ({percent}%)
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Sent', sent, 'text-emerald-700'],
          ['Waiting', queued, 'text-ink-900'],
          ['Opted out since', skipped, 'text-stone-700'],
          ['Failed', failed, failed > 0 ? 'text-red-700' : 'text-ink-900'],
        ].map(([label, value, tone]) => (
          <div key={label as string} className="rounded-xl border border-stone-200 bg-stone-50 px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{label}</dt>
            <dd
              className={`text-2xl font-extrabold ${tone as string}`}
              data-testid={`count-${String(label).split(' ')[0]!.toLowerCase()}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
