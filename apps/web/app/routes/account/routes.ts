import type { AreaRoutes } from '../area';

export const accountRoutes: AreaRoutes = {};
