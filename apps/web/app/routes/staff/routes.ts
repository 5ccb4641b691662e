import type { AreaRoutes } from '../area';

export const staffRoutes: AreaRoutes = {};
