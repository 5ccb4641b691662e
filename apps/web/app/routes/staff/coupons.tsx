import { useState } from 'react';
import { describeCoupon, formatDate, type Coupon, type CouponDuration } from '@fretline/contract';
import { Button, Card, EmptyState, Field, inputClasses } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { api } from '../../lib/api.client';
import { ApiError, errorMessage } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/coupons';

export async function loader({ request }: Route.LoaderArgs) {
  const { api: serverApi } = await requireStaffAccess(request, 'Director');
  return serverApi.call('finance.listCoupons', {});
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Coupon codes',
    description: 'Codes members type at checkout for a discount.',
    path: '/staff/coupons',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

const DURATION_LABELS: Record<CouponDuration, string> = {
  once: 'The first payment',
  repeating: 'Some months',
  forever: 'Every payment',
};

/** /staff/coupons (Director group): make and list the codes members redeem at checkout (product.md#coupons). */
export default function CouponsPage({ loaderData }: Route.ComponentProps) {
  const [coupons, setCoupons] = useState<Coupon[]>(loaderData.coupons);
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [off, setOff] = useState('');
  const [duration, setDuration] = useState<CouponDuration>('once');
  const [months, setMonths] = useState('3');
  const [expiresOn, setExpiresOn] = useState('');
  const [maxUses, setMaxUses] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [made, setMade] = useState<string | null>(null);

  async function create(e: React.FormEvent) {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setMade(null);
    try {
      const amountPence = Math.round(Number(off) * 100);
      const res = await api.call('finance.createCoupon', {
        body: {
          coupon_code: code,
          coupon_duration: duration,
          ...(kind === 'percent' ? { percent_off: Number(off) } : { amount_off: amountPence }),
          ...(duration === 'repeating' ? { duration_months: Number(months) } : {}),
          ...(expiresOn ? { expires_on: expiresOn } : {}),
          ...(maxUses ? { max_redemptions: Number(maxUses) } : {}),
        },
      });
      setCoupons((list) => [res.coupon, ...list]);
      setMade(res.coupon.coupon_code);
      setCode('');
      setOff('');
      setExpiresOn('');
      setMaxUses('');
    } catch (err) {
      setError({ field: err instanceof ApiError ? (err.field ?? null) : null, message: errorMessage(err) });
    } finally {
      setPending(false);
    }
  }

  const fieldError = (...names: string[]) => (error?.field && names.includes(error.field) ? error.message : undefined);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Coupon codes"
        description="Members type a code on the membership page and see the discounted price before paying."
      />
      <Card>
        <h2 className="text-lg font-bold text-ink-900">New code</h2>
        <form className="mt-4 space-y-5" onSubmit={(e) => void create(e)} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Code"
              name="coupon_code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              hint="Letters, digits or dashes; members may type it in any case."
              autoComplete="off"
              error={fieldError('coupon_code')}
            />
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-semibold text-ink-900">Discount</legend>
              <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-2">
                <select
                  aria-label="Kind of discount"
                  className={inputClasses}
                  value={kind}
                  onChange={(e) => setKind(e.target.value === 'amount' ? 'amount' : 'percent')}
                >
                  <option value="percent">% off</option>
                  <option value="amount">£ off</option>
                </select>
                <label htmlFor="coupon-off" className="sr-only">
                  {kind === 'percent' ? 'Percent off' : 'Pounds off'}
                </label>
                <input
                  id="coupon-off"
                  name={kind === 'percent' ? 'percent_off' : 'amount_off'}
                  type="number"
                  inputMode="decimal"
                  min={kind === 'percent' ? 1 : 0.01}
                  max={kind === 'percent' ? 100 : undefined}
                  step={kind === 'percent' ? 1 : 0.01}
                  placeholder={kind === 'percent' ? '20' : '5.00'}
                  className={inputClasses}
                  value={off}
                  onChange={(e) => setOff(e.target.value)}
                  aria-invalid={fieldError('percent_off', 'amount_off') ? true : undefined}
                  aria-describedby={fieldError('percent_off', 'amount_off') ? 'coupon-off-error' : undefined}
                />
              </div>
              {fieldError('percent_off', 'amount_off') ? (
                <p id="coupon-off-error" className="text-sm font-semibold text-red-700">
                  {fieldError('percent_off', 'amount_off')}
                </p>
              ) : null}
            </fieldset>
            <div className="space-y-1.5">
              <label htmlFor="coupon-duration" className="block text-sm font-semibold text-ink-900">
                Which payments
              </label>
              <select
                id="coupon-duration"
                name="coupon_duration"
                className={inputClasses}
                value={duration}
                onChange={(e) => setDuration(e.target.value as CouponDuration)}
              >
                {(Object.keys(DURATION_LABELS) as CouponDuration[]).map((d) => (
                  <option key={d} value={d}>
                    {DURATION_LABELS[d]}
                  </option>
                ))}
              </select>
            </div>
            {duration === 'repeating' ? (
              <Field
                label="For how many months"
                name="duration_months"
                type="number"
                inputMode="numeric"
                min={1}
                max={36}
                value={months}
                onChange={(e) => setMonths(e.target.value)}
                error={fieldError('duration_months')}
              />
            ) : null}
            <Field
              label="Last day it works (optional)"
              name="expires_on"
              type="date"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.target.value)}
              error={fieldError('expires_on')}
            />
            <Field
              label="How many times it can be used (optional)"
              name="max_redemptions"
              type="number"
              inputMode="numeric"
              min={1}
              value={maxUses}
              onChange={(e) => setMaxUses(e.target.value)}
              error={fieldError('max_redemptions')}
            />
          </div>
          {error &&
          !fieldError('coupon_code', 'percent_off', 'amount_off', 'duration_months', 'expires_on', 'max_redemptions') ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
              {error.message}
            </p>
          ) : null}
          {made ? (
            <p role="status" className="rounded-xl bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-800">
              {made} is ready to use.
            </p>
          ) : null}
          <Button type="submit" busy={pending}>
            Make the code
          </Button>
        </form>
      </Card>

      <section aria-labelledby="coupons-heading">
        <h2 id="coupons-heading" className="mb-3 text-lg font-bold text-ink-900">
          Codes
        </h2>
        {coupons.length === 0 ? (
          <EmptyState title="No codes yet">A code you make appears here with how often it has been used.</EmptyState>
        ) : (
          <Card padded={false}>
            <ul className="divide-y divide-stone-200" data-testid="coupon-list">
              {coupons.map((c) => {
                const expired = c.expires_at !== null && c.expires_at.getTime() <= Date.now();
                const usedUp = c.max_redemptions !== null && c.times_redeemed >= c.max_redemptions;
                return (
                  <li key={c.id_coupon} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="font-mono font-bold tracking-wide break-all text-ink-900">{c.coupon_code}</p>
                      <p className="text-sm text-stone-700">{describeCoupon(c)}</p>
                    </div>
                    <p className="text-sm text-stone-600 sm:text-right">
                      Used {c.times_redeemed}
                      {c.max_redemptions !== null ? ` of ${c.max_redemptions}` : ''} time{c.times_redeemed === 1 ? '' : 's'}
                      {c.expires_at ? ` · ${expired ? 'ended' : 'until'} ${formatDate(lastDay(c.expires_at), 'long')}` : ''}
                      {expired || usedUp ? (
                        <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
                          {expired ? 'Expired' : 'Used up'}
                        </span>
                      ) : null}
                    </p>
                  </li>
                );
              })}
            </ul>
          </Card>
        )}
      </section>
    </div>
  );
}

/** A code stops at the midnight after its last day; show that day. */
const lastDay = (expiresAt: Date) => new Date(expiresAt.getTime() - 1);
