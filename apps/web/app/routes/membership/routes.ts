import type { AreaRoutes } from '../area';

export const membershipRoutes: AreaRoutes = {};
