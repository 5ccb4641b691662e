import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, formatPence, type PlanSwitch, type Subscription } from '@fretline/contract';
import { Button, Card } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

const per = (interval: 'month' | 'year') => (interval === 'year' ? 'year' : 'month');

/**
 * The subscription page's switch between monthly and yearly (product.md#switching-plans): the other
 * plan's price, then a confirmation with the credit for the unused time and what is charged now.
 */
export function SwitchPlanPanel({ subscription, planSwitch }: { subscription: Subscription; planSwitch: PlanSwitch | null }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const to = planSwitch?.to_plan ?? null;
  if (!planSwitch || !to) return null;
  const toYearly = to.subscription_plan_interval === 'year';
  const yearlySaving =
    toYearly && subscription.subscription_plan_price ? subscription.subscription_plan_price * 12 - to.subscription_plan_price : 0;

  async function confirm() {
    if (pending || !to) return;
    setPending(true);
    setError(null);
    try {
      await api.call('finance.switchPlan', {
        params: { id: subscription.id_subscription },
        body: { id_subscription_plan: to.id_subscription_plan },
      });
      setOpen(false);
      setDone(`You are now on the ${to.subscription_plan_name} plan.`);
      await revalidator.revalidate();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <Card as="section" aria-labelledby="switch-heading" data-testid="switch-plan">
      <h2 id="switch-heading" className="text-lg font-bold">
        {toYearly ? 'Pay yearly instead' : 'Pay monthly instead'}
      </h2>
      <p className="mt-1 text-stone-700">
        {toYearly
          ? `${formatPence(to.subscription_plan_price)} a year${yearlySaving > 0 ? `: ${formatPence(yearlySaving)} less than twelve monthly payments` : ''}.`
          : `${formatPence(to.subscription_plan_price)} a month, with the unused part of your year kept as credit.`}
      </p>
      {done ? (
        <p role="status" className="mt-3 rounded-xl bg-emerald-50 px-4 py-2 text-sm font-semibold text-emerald-900">
          {done}
        </p>
      ) : null}
      {planSwitch.switch_unavailable ? (
        <p className="mt-3 text-sm text-stone-600" data-testid="switch-unavailable">
          {planSwitch.switch_unavailable}
        </p>
      ) : open ? (
        <div className="mt-4 rounded-2xl border-2 border-brand-600 bg-white p-4" data-testid="switch-confirm">
          <dl className="grid gap-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600">{to.subscription_plan_name}</dt>
              <dd className="font-semibold whitespace-nowrap">
                {formatPence(to.subscription_plan_price)} / {per(to.subscription_plan_interval)}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600">Credit for the unused time on your current plan</dt>
              <dd className="font-semibold whitespace-nowrap">−{formatPence(planSwitch.credit)}</dd>
            </div>
            {planSwitch.credit_balance > 0 ? (
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">Credit left from an earlier switch</dt>
                <dd className="font-semibold whitespace-nowrap">−{formatPence(planSwitch.credit_balance)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base">
              <dt className="font-bold">Charged now</dt>
              <dd className="font-extrabold whitespace-nowrap" data-testid="switch-amount-due">
                {formatPence(planSwitch.amount_due)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-stone-600">
            {planSwitch.carried_credit > 0
              ? `${formatPence(planSwitch.carried_credit)} of credit is left over and comes off your next payments. `
              : ''}
            {planSwitch.new_period_end ? `Your next payment is on ${formatDate(planSwitch.new_period_end, 'long')}.` : ''}
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button busy={pending} onClick={() => void confirm()}>
              Switch and pay {formatPence(planSwitch.amount_due)}
            </Button>
            <Button variant="ghost" disabled={pending} onClick={() => setOpen(false)}>
              Keep my plan
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4">
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            Switch to {toYearly ? 'yearly' : 'monthly'}
          </Button>
        </div>
      )}
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
