import { CURRENCY } from '../constants.ts';

// Spec §1/§9: prices are shown in GBP, British style.
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: CURRENCY });

/** Integer pence (plan prices, Stripe amounts) → '£12.00'. */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100);
}

/** Pounds (invoice totals, spec §5) → '£12.00'. */
export function formatPounds(pounds: number): string {
  return GBP.format(pounds);
}
