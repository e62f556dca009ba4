/** The students' filter dropdown: search, status (0 = all), user id, created-at range and source. */
import { lazyPart } from '@trungtam/shared/resource';
import { alsoDownloadWith, FilterDropdown } from '@trungtam/shared/ui/list';
import type { StudentFilters } from './types';
import { activeFilterCount, defaultStudentFilters } from './filters';

export { STUDENT_FILTER_TEXTS } from './studentFilterTexts';

// (its fields are built with the kit: they download with the filter's popover)
const StudentFilterFields = lazyPart('StudentFilterFields', () => import('./StudentFilterFields').then((m) => m.StudentFilterFields));
alsoDownloadWith('Popover', StudentFilterFields.preload);

export interface StudentFilterProps {
  value: StudentFilters;
  onApply: (filters: StudentFilters) => void;
}

export function StudentFilter({ value, onApply }: StudentFilterProps) {
  return (
    <FilterDropdown value={value} defaultValues={defaultStudentFilters()} onApply={onApply} activeCount={activeFilterCount(value)}>
      {(draft, setDraft) => <StudentFilterFields draft={draft} setDraft={setDraft} />}
    </FilterDropdown>
  );
}
