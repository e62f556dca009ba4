/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import { defineArea } from '@trungtam/shared/ui';
import type { ComponentType } from 'react';
import { ClassesPage } from './features/classes/ClassesPage';
import { CoursesPage } from './features/courses/CoursesPage';
import { ReportsPage } from './features/reports/ReportsPage';
import { SchedulesPage } from './features/schedules/SchedulesPage';
import { LEARNING_PATHS, type LearningScreen } from './routes';

const SCREENS: Record<LearningScreen, ComponentType> = {
  courses: CoursesPage,
  schedules: SchedulesPage,
  classes: ClassesPage,
  reports: ReportsPage,
};

export default defineArea(LEARNING_PATHS, SCREENS);
