import { type RouteConfig, layout } from '@react-router/dev/routes';
import { accountRoutes } from './routes/account/routes';
import type { AreaRoutes } from './routes/area';
import { catalogueRoutes } from './routes/catalogue/routes';
import { editorRoutes } from './routes/editor/routes';
import { membershipRoutes } from './routes/membership/routes';
import { messagesRoutes } from './routes/messages/routes';
import { shellRoutes } from './routes/shell/routes';
import { staffRoutes } from './routes/staff/routes';
import { practiceRoutes } from './routes/practice/routes';

const areas: AreaRoutes[] = [
  shellRoutes,
  accountRoutes,
  catalogueRoutes,
  membershipRoutes,
  messagesRoutes,
  staffRoutes,
  editorRoutes,
  practiceRoutes,
];
const all = (key: keyof AreaRoutes) => areas.flatMap((a) => a[key] ?? []);

export default [
  layout('layouts/default.tsx', all('main')),
  layout('layouts/guest.tsx', all('guest')),
  ...(all('staff').length ? [layout('layouts/staff.tsx', all('staff'))] : []),
  ...all('bare'),
] satisfies RouteConfig;
