/**
 * Each route of this area in deploy/remotes.json (where its permission, menu entry and titles live) and
 * the screen that renders it, each downloaded when its route is first opened. A route without a screen
 * here, or a screen without a route there, fails this area's tests (test/screens.test.ts).
 */
import type { AreaScreens } from '@trungtam/shared/ui/list';

export const SCREENS: AreaScreens = {
  '/assets/products': () => import('./features/courses/CoursesPage').then((m) => m.CoursesPage),
  '/learning/schedules': () => import('./features/schedules/SchedulesPage').then((m) => m.SchedulesPage),
  '/learning/classes': () => import('./features/classes/ClassesPage').then((m) => m.ClassesPage),
  '/learning/reports': () => import('./features/reports/ReportsPage').then((m) => m.ReportsPage),
};
