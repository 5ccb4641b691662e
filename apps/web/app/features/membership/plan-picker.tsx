import { formatPence, type SubscriptionPlan } from '@fretline/contract';
import { cx } from '../../components/ui';

/** Monthly / yearly toggle with GBP prices (product.md#product: prices shown in GBP). */
export function PlanPicker({
  plans,
  selected,
  onSelect,
  disabled,
}: {
  plans: SubscriptionPlan[];
  selected: number;
  onSelect: (id: number) => void;
  disabled?: boolean;
}) {
  const monthly = plans.find((p) => p.subscription_plan_interval === 'month');
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2" disabled={disabled}>
      <legend className="sr-only">Choose a plan</legend>
      {plans.map((plan) => {
        const checked = plan.id_subscription_plan === selected;
        const saving =
          plan.subscription_plan_interval === 'year' && monthly
            ? monthly.subscription_plan_price * 12 - plan.subscription_plan_price
            : 0;
        return (
          <label
            key={plan.id_subscription_plan}
            className={cx(
              'relative flex cursor-pointer flex-col rounded-2xl border-2 bg-white p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
              checked ? 'border-brand-600 shadow-sm' : 'border-stone-200 hover:border-stone-300',
            )}
          >
            <input
              type="radio"
              name="plan"
              className="sr-only"
              value={plan.id_subscription_plan}
              checked={checked}
              onChange={() => onSelect(plan.id_subscription_plan)}
            />
            <span className="text-sm font-semibold text-stone-600">{plan.subscription_plan_name}</span>
            <span className="mt-1 text-3xl font-extrabold tracking-tight text-ink-900">
              {formatPence(plan.subscription_plan_price)}
              <span className="block text-sm font-semibold text-stone-500"> / {plan.subscription_plan_interval}</span>
            </span>
            {saving > 0 ? (
              <span className="mt-2 inline-flex w-fit rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
                Save {formatPence(saving)} a year
              </span>
            ) : (
              <span className="mt-2 text-xs text-stone-500">Billed monthly</span>
            )}
            {checked ? (
              <span
                aria-hidden="true"
                className="absolute top-3 right-3 grid size-6 place-items-center rounded-full bg-brand-700 text-sm text-white"
              >
                ✓
              </span>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
