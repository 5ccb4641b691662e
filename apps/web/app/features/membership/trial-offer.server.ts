import { MEMBERSHIP_PRODUCT_SLUG } from '@fretline/contract';
import type { ApiClient } from '../../lib/api-client';

/**
 * The membership's free-trial length in days, from the product (never a number written into a
 * page), for the locked-lesson message; null when the offer cannot be read, so the page still
 * renders and says "Start your free trial" without a length.
 */
export async function loadTrialDays(client: ApiClient): Promise<number | null> {
  try {
    const { subscription_product } = await client.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } });
    return subscription_product.subscription_product_trial_days;
  } catch {
    return null;
  }
}
