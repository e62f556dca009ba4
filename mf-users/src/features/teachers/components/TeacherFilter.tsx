/** The teachers' filter dropdown: free-text search and status (0 = all). */
import {
  ACCOUNT_STATUS_FILTER_OPTIONS,
  Field,
  FilterDropdown,
  Input,
  NativeSelect,
} from '@trungtam/shared/ui';
import { DEFAULT_TEACHER_FILTERS, type TeacherFilters } from '../types';

export interface TeacherFilterProps {
  value: TeacherFilters;
  onApply: (filters: TeacherFilters) => void;
}

export function TeacherFilter({ value, onApply }: TeacherFilterProps) {
  const activeCount = (value.search.trim() ? 1 : 0) + (value.status ? 1 : 0);
  return (
    <FilterDropdown value={value} defaultValues={DEFAULT_TEACHER_FILTERS} onApply={onApply} activeCount={activeCount}>
      {(draft, setDraft) => (
        <>
          <Field.Root>
            <Field.Label>Tìm kiếm</Field.Label>
            <Input
              type="search"
              placeholder="Tên, email hoặc số điện thoại"
              value={draft.search}
              onChange={(event) => setDraft({ ...draft, search: event.target.value })}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>Trạng thái</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={String(draft.status)}
                onChange={(event) => setDraft({ ...draft, status: Number(event.target.value) })}
              >
                {ACCOUNT_STATUS_FILTER_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </>
      )}
    </FilterDropdown>
  );
}
