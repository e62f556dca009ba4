/**
 * Each route of this area in deploy/remotes.json (where its permission, menu entry and titles live) and
 * the screen that renders it, each downloaded when its route is first opened. A route without a screen
 * here, or a screen without a route there, fails this area's tests (test/screens.test.ts).
 */
import type { AreaScreens } from '@trungtam/shared/ui/list';

export const SCREENS: AreaScreens = {
  '/settings/notifications': () => import('./features/notifications/NotificationSettingsPage').then((m) => m.NotificationSettingsPage),
  '/settings/learning/centers': () => import('./features/centers/CentersPage').then((m) => m.CentersPage),
  '/settings/learning/rooms': () => import('./features/rooms/RoomsPage').then((m) => m.RoomsPage),
  '/settings/product/discount': () => import('./features/discounts/DiscountsPage').then((m) => m.DiscountsPage),
  '/settings/product/product-types': () => import('./features/catalogue/ProductTypesPage').then((m) => m.ProductTypesPage),
  '/settings/product/vendors': () => import('./features/catalogue/VendorsPage').then((m) => m.VendorsPage),
  '/settings/product/variant-groups': () => import('./features/catalogue/VariantGroupsPage').then((m) => m.VariantGroupsPage),
  '/settings/product/variants': () => import('./features/catalogue/VariantsPage').then((m) => m.VariantsPage),
  '/settings/roles': () => import('./features/roles/RolesPage').then((m) => m.RolesPage),
  '/settings/audit-log': () => import('./features/audit-log/AuditLogPage').then((m) => m.AuditLogPage),
  '/settings/areas': () => import('./features/areas/AreasPage').then((m) => m.AreasPage),
};
