// The finance service's public surface: other services and plugins import only from here.
export { financeRoutes } from './finance.routes.ts';
