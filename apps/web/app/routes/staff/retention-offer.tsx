import { useState } from 'react';
import type { RetentionOfferSettings } from '@fretline/contract';
import { Button, Card, Field } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { api } from '../../lib/api.client';
import { ApiError, errorMessage } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/retention-offer';

export async function loader({ request }: Route.LoaderArgs) {
  const { api: serverApi } = await requireStaffAccess(request, 'Director');
  return serverApi.call('finance.getRetentionOfferSettings', {});
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Retention offer',
    description: 'The offer made to a member about to cancel.',
    path: '/staff/retention-offer',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

/** /staff/retention-offer (Director group): the percent off and months offered once per subscription (product.md#keeping-members). */
export default function RetentionOfferPage({ loaderData }: Route.ComponentProps) {
  const [saved, setSaved] = useState<RetentionOfferSettings>(loaderData.retention_offer);
  const [enabled, setEnabled] = useState(saved.offer_enabled);
  const [percent, setPercent] = useState(String(saved.offer_percent_off));
  const [months, setMonths] = useState(String(saved.offer_months));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [done, setDone] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setDone(false);
    try {
      const res = await api.call('finance.saveRetentionOfferSettings', {
        body: { offer_enabled: enabled, offer_percent_off: Number(percent), offer_months: Number(months) },
      });
      setSaved(res.retention_offer);
      setDone(true);
    } catch (err) {
      setError({ field: err instanceof ApiError ? (err.field ?? null) : null, message: errorMessage(err) });
    } finally {
      setPending(false);
    }
  }

  const fieldError = (name: string) => (error?.field === name ? error.message : undefined);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Retention offer"
        description="When a member is about to cancel, after the reason and a pause, they may be offered a discount. Each subscription is offered it once."
      />
      <Card>
        <form className="space-y-5" onSubmit={(e) => void save(e)} noValidate>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name="offer_enabled"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
              className="size-5 accent-brand-700"
            />
            <span className="font-semibold text-ink-900">Offer a discount to members who are cancelling</span>
          </label>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Percent off"
              name="offer_percent_off"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              hint="Between 1 and 100."
              error={fieldError('offer_percent_off')}
            />
            <Field
              label="For how many months"
              name="offer_months"
              type="number"
              inputMode="numeric"
              min={1}
              max={12}
              value={months}
              onChange={(e) => setMonths(e.target.value)}
              hint="The next 1 to 12 monthly payments."
              error={fieldError('offer_months')}
            />
          </div>
          <p className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700" data-testid="offer-preview">
            {saved.offer_enabled
              ? `Members see: “${saved.offer_percent_off}% off your next ${saved.offer_months === 1 ? 'month' : `${saved.offer_months} months`}”.`
              : 'The offer is off: members who cancel see the pause only.'}
          </p>
          {error && !error.field ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
              {error.message}
            </p>
          ) : null}
          {done ? (
            <p role="status" className="rounded-xl bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-800">
              Saved.
            </p>
          ) : null}
          <Button type="submit" busy={pending}>
            Save the offer
          </Button>
        </form>
      </Card>
    </div>
  );
}
