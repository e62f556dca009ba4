/** The routes this remote renders (the remotes list gives the shell the same paths, with their permissions). */
export const COMPETITION_PATHS = {
  events: '/competition/manage',
  topics: '/competition/topic',
  types: '/competition/type',
  rounds: '/competition/round',
  examinees: '/competition/examinee',
  scoring: '/competition/scoring',
} as const;

export type CompetitionScreen = keyof typeof COMPETITION_PATHS;

export const COMPETITION_ROUTES = [
  { path: COMPETITION_PATHS.events, label: 'Cuộc thi' },
  { path: COMPETITION_PATHS.topics, label: 'Môn thi' },
  { path: COMPETITION_PATHS.types, label: 'Nhóm thí sinh' },
  { path: COMPETITION_PATHS.rounds, label: 'Vòng thi' },
  { path: COMPETITION_PATHS.examinees, label: 'Thí sinh' },
  { path: COMPETITION_PATHS.scoring, label: 'Chấm thi' },
] as const;
