/** The routes this remote renders (the remotes list gives the shell the same paths, with their permissions). */
export const LEARNING_PATHS = {
  courses: '/assets/products',
  schedules: '/learning/schedules',
  classes: '/learning/classes',
  reports: '/learning/reports',
} as const;

export type LearningScreen = keyof typeof LEARNING_PATHS;

export const LEARNING_ROUTES = [
  { path: LEARNING_PATHS.courses, label: 'Khoá học' },
  { path: LEARNING_PATHS.schedules, label: 'Lịch học' },
  { path: LEARNING_PATHS.classes, label: 'Lớp học' },
  { path: LEARNING_PATHS.reports, label: 'Báo cáo' },
] as const;
