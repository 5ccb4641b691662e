import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// The membership offer and subscription management (product.md#pages; ADR 0020).
export const membershipRoutes: AreaRoutes = {
  main: [
    route('membership', 'routes/membership/membership.tsx', { id: 'membership' }),
    route('me/subscriptions', 'routes/membership/subscriptions.tsx', { id: 'me-subscriptions' }),
    route('me/subscriptions/:idSubscription', 'routes/membership/subscription.tsx', { id: 'me-subscriptions-idSubscription' }),
    route('me/subscriptions/:idSubscription/cancel', 'routes/membership/subscription-cancel.tsx', {
      id: 'me-subscriptions-idSubscription-cancel',
    }),
  ],
};
