/** The teachers' filter dropdown: free-text search and status (0 = all). */
import { AccountFilter } from '../../common/AccountFilter';
import { DEFAULT_TEACHER_FILTERS, type TeacherFilters } from './types';

export interface TeacherFilterProps {
  value: TeacherFilters;
  onApply: (filters: TeacherFilters) => void;
}

export function TeacherFilter({ value, onApply }: TeacherFilterProps) {
  return <AccountFilter value={value} defaultValues={DEFAULT_TEACHER_FILTERS} onApply={onApply} />;
}
