/** The routes this remote renders (the shell's manifest lists the same paths). */
export const TEACHERS_PATH = '/assets/teachers';

export const USERS_ROUTES = [{ path: TEACHERS_PATH, label: 'Giáo viên' }] as const;
