import type { AreaRoutes } from '../area';

export const messagesRoutes: AreaRoutes = {};
