import type { AreaRoutes } from '../area';

export const catalogueRoutes: AreaRoutes = {};
