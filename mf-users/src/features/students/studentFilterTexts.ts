/** The students' filter texts (StudentFilter.tsx, StudentFilterFields.tsx). */
import { ACCOUNT_FILTER_TEXTS } from '../../common/AccountFilter';

export const STUDENT_FILTER_TEXTS = {
  ...ACCOUNT_FILTER_TEXTS,
  userId: 'ID học viên',
  createdFrom: 'Tạo từ ngày',
  createdTo: 'Đến ngày',
  source: 'Nguồn',
  allSources: 'Tất cả nguồn',
  noGuardian: 'Chưa có liên hệ phụ huynh',
} as const;
