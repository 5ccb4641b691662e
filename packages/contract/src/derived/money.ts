import { CURRENCY } from '../constants.ts';

// Prices are shown in GBP (product.md#product, #constants), British style.
const GBP = new Intl.NumberFormat('en-GB', { style: 'currency', currency: CURRENCY });

/** Integer pence (plan prices, Stripe amounts) → '£12.00'. */
export function formatPence(pence: number): string {
  return GBP.format(pence / 100);
}

/** Pounds (invoice totals, product.md#validation) → '£12.00'. */
export function formatPounds(pounds: number): string {
  return GBP.format(pounds);
}
