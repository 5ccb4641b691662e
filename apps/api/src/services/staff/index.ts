// The staff console service's public surface: other services and plugins import only from here.
export { staffRoutes } from './staff.routes.ts';
