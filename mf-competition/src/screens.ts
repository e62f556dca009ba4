/**
 * Each route of this area in deploy/remotes.json (where its permission, menu entry and titles live) and
 * the screen that renders it, each downloaded when its route is first opened. A route without a screen
 * here, or a screen without a route there, fails this area's tests (test/screens.test.ts).
 */
import type { AreaScreens } from '@trungtam/shared/ui/list';

export const SCREENS: AreaScreens = {
  '/competition/manage': () => import('./features/events/EventsPage').then((m) => m.EventsPage),
  '/competition/topic': () => import('./features/catalogue/TopicsPage').then((m) => m.TopicsPage),
  '/competition/type': () => import('./features/catalogue/TypesPage').then((m) => m.TypesPage),
  '/competition/round': () => import('./features/rounds/RoundsPage').then((m) => m.RoundsPage),
  '/competition/examinee': () => import('./features/examinees/ExamineesPage').then((m) => m.ExamineesPage),
  '/competition/scoring': () => import('./features/scoring/ScoringPage').then((m) => m.ScoringPage),
};
