import type { UserType } from '@trungtam/shared/contracts';

/** Product names of the user types (spec point 1: academic affairs staff are "giáo vụ"). */
export const USER_TYPE_LABELS: Record<UserType, string> = {
  administrator: 'Quản trị viên',
  academic_affair: 'Giáo vụ',
  teacher: 'Giáo viên',
  student: 'Học viên',
};
