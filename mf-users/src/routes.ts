/** The routes this remote renders (the shell's manifest lists the same paths). */
export const TEACHERS_PATH = '/assets/teachers';
export const STUDENTS_PATH = '/assets/students';
export const STAFF_ACCOUNTS_PATH = '/settings/accounts';

export const USERS_ROUTES = [
  { path: TEACHERS_PATH, label: 'Giáo viên' },
  { path: STUDENTS_PATH, label: 'Học viên' },
  { path: STAFF_ACCOUNTS_PATH, label: 'Tài khoản giáo vụ' },
] as const;
