/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 * Each screen is its own chunk, downloaded when opened: the courses page does not bring the schedules'
 * calendar, nor the class form.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Center, defineArea, Spinner } from '@trungtam/shared/ui';
import type { AreaProps } from '@trungtam/shared/contracts';
import { LEARNING_PATHS, type LearningScreen } from './routes';

const SCREENS: Record<LearningScreen, ComponentType> = {
  courses: lazy(() => import('./features/courses/CoursesPage').then((module) => ({ default: module.CoursesPage }))),
  schedules: lazy(() => import('./features/schedules/SchedulesPage').then((module) => ({ default: module.SchedulesPage }))),
  classes: lazy(() => import('./features/classes/ClassesPage').then((module) => ({ default: module.ClassesPage }))),
  reports: lazy(() => import('./features/reports/ReportsPage').then((module) => ({ default: module.ReportsPage }))),
};

const Screen = defineArea(LEARNING_PATHS, SCREENS);

export default function Area(props: AreaProps) {
  return (
    <Suspense
      fallback={
        <Center py="16">
          <Spinner size="lg" aria-label="Đang tải" />
        </Center>
      }
    >
      <Screen {...props} />
    </Suspense>
  );
}
