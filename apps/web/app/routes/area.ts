import type { RouteConfigEntry } from '@react-router/dev/routes';

/**
 * Each area of the site lists its own routes here so teams don't edit one shared file:
 * `main` renders inside the default layout, `guest` inside the guest layout (product.md#pages: /me,
 * /me/edit, /welcome, /me/notifications), `staff` inside the staff console, `bare` with no
 * layout (resource routes such as sitemap.xml).
 */
export interface AreaRoutes {
  main?: RouteConfigEntry[];
  guest?: RouteConfigEntry[];
  staff?: RouteConfigEntry[];
  bare?: RouteConfigEntry[];
}
