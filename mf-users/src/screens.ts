/**
 * Each route of this area in deploy/remotes.json (where its permission, menu entry and titles live) and
 * the screen that renders it, each downloaded when its route is first opened. A route without a screen
 * here, or a screen without a route there, fails this area's tests (test/screens.test.ts).
 */
import type { AreaScreens } from '@trungtam/shared/ui/list';

export const SCREENS: AreaScreens = {
  '/assets/teachers': () => import('./features/teachers/TeachersPage').then((m) => m.TeachersPage),
  '/assets/students': () => import('./features/students/StudentsPage').then((m) => m.StudentsPage),
  '/settings/accounts': () => import('./features/staff-accounts/StaffAccountsPage').then((m) => m.StaffAccountsPage),
};
