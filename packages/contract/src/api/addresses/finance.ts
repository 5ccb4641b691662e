import type { CallAddress } from '../call.ts';

/**
 * The finance calls' addresses (see ../call.ts); their schemas are in ../schemas/finance.ts.
 * The Stripe webhook is not one: Stripe posts raw signed bytes to it, no client calls it.
 */
export const financeAddresses = {
  'finance.getProduct': { method: 'GET', path: '/finance/subscription-products/slug/:slug' },
  'finance.listSubscriptions': { method: 'GET', path: '/finance/me/subscriptions' },
  'finance.getSubscription': { method: 'GET', path: '/finance/me/subscriptions/:id' },
  'finance.createSubscription': { method: 'POST', path: '/finance/me/subscriptions' },
  'finance.cancelSubscription': { method: 'PUT', path: '/finance/me/subscriptions/:id/status/cancelled' },
  // Undo a cancellation while its access lasts (product.md#keeping-members, ADR 0082).
  'finance.undoCancellation': { method: 'DELETE', path: '/finance/me/subscriptions/:id/status/cancelled' },
  'finance.listPaymentMethods': { method: 'GET', path: '/finance/me/subscriptions/:id/methods' },
  'finance.addPaymentMethod': { method: 'POST', path: '/finance/me/subscriptions/:id/methods' },
  'finance.deletePaymentMethod': { method: 'DELETE', path: '/finance/me/subscriptions/:id/methods/:idMethod' },
  'finance.listInvoices': { method: 'GET', path: '/finance/me/subscriptions/:id/invoices' },
  'finance.listParties': { method: 'GET', path: '/finance/me/parties' },
  'finance.getAddress': { method: 'GET', path: '/finance/me/parties/:id/address' },
  'finance.saveAddress': { method: 'POST', path: '/finance/me/parties/:id/address' },
  // Keeping members (product.md#keeping-members).
  'finance.getKeepOptions': { method: 'GET', path: '/finance/me/subscriptions/:id/keep-options' },
  'finance.pauseSubscription': { method: 'PUT', path: '/finance/me/subscriptions/:id/pause' },
  'finance.resumeSubscription': { method: 'DELETE', path: '/finance/me/subscriptions/:id/pause' },
  'finance.takeRetentionOffer': { method: 'POST', path: '/finance/me/subscriptions/:id/retention-offer' },
  'finance.getPlanSwitch': { method: 'GET', path: '/finance/me/subscriptions/:id/plan-switch' },
  'finance.switchPlan': { method: 'PUT', path: '/finance/me/subscriptions/:id/plan' },
  'finance.getRetentionOfferSettings': { method: 'GET', path: '/finance/staff/retention-offer' },
  'finance.saveRetentionOfferSettings': { method: 'PUT', path: '/finance/staff/retention-offer' },
  // Coupon codes (product.md#coupons).
  'finance.quoteCoupon': { method: 'POST', path: '/finance/me/coupon-quotes' },
  'finance.listCoupons': { method: 'GET', path: '/finance/staff/coupons' },
  'finance.createCoupon': { method: 'POST', path: '/finance/staff/coupons' },
  'finance.getMembershipFigures': { method: 'GET', path: '/finance/staff/figures' },
} as const satisfies Record<string, CallAddress>;
