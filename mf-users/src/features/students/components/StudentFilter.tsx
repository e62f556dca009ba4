/** The students' filter dropdown: search, status (0 = all), user id, created-at range and source. */
import { UNKNOWN_SOURCE_FILTER, type StudentSourceFilter } from '@trungtam/shared/contracts';
import { UNKNOWN_SOURCE_LABEL } from '@trungtam/shared/labels';
import { FilterSelect, FilterText } from '@trungtam/shared/resource';
import { DateInput, Field, FilterDropdown, SimpleGrid } from '@trungtam/shared/ui/core';
import { ACCOUNT_FILTER_TEXTS, SearchFilterField, StatusFilterField } from '../../../components/AccountFilter';
import type { StudentFilters } from '../types';
import { activeFilterCount, defaultStudentFilters } from '../utils/filters';
import { SOURCE_OPTIONS } from '../utils/sources';

export const STUDENT_FILTER_TEXTS = {
  ...ACCOUNT_FILTER_TEXTS,
  userId: 'ID học viên',
  createdFrom: 'Tạo từ ngày',
  createdTo: 'Đến ngày',
  source: 'Nguồn',
  allSources: 'Tất cả nguồn',
} as const;

export interface StudentFilterProps {
  value: StudentFilters;
  onApply: (filters: StudentFilters) => void;
}

export function StudentFilter({ value, onApply }: StudentFilterProps) {
  return (
    <FilterDropdown value={value} defaultValues={defaultStudentFilters()} onApply={onApply} activeCount={activeFilterCount(value)}>
      {(draft, setDraft) => (
        <>
          <SearchFilterField draft={draft} setDraft={setDraft} />
          {/* status shares a two-column grid with the student fields */}
          <SimpleGrid columns={2} gap="3">
            <StatusFilterField draft={draft} setDraft={setDraft} />
            <FilterText
              label={STUDENT_FILTER_TEXTS.userId}
              inputMode="numeric"
              value={draft.userId}
              onChange={(userId) => setDraft({ ...draft, userId })}
            />
            <Field.Root>
              <Field.Label>{STUDENT_FILTER_TEXTS.createdFrom}</Field.Label>
              <DateInput value={draft.createdFrom} onChange={(createdFrom) => setDraft({ ...draft, createdFrom })} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{STUDENT_FILTER_TEXTS.createdTo}</Field.Label>
              <DateInput value={draft.createdTo} onChange={(createdTo) => setDraft({ ...draft, createdTo })} />
            </Field.Root>
          </SimpleGrid>
          <FilterSelect
            label={STUDENT_FILTER_TEXTS.source}
            value={draft.source}
            options={[
              { value: '', label: STUDENT_FILTER_TEXTS.allSources },
              { value: UNKNOWN_SOURCE_FILTER, label: UNKNOWN_SOURCE_LABEL },
              ...SOURCE_OPTIONS.filter((option) => option.value !== ''),
            ]}
            onChange={(source) => setDraft({ ...draft, source: source as StudentSourceFilter })}
          />
        </>
      )}
    </FilterDropdown>
  );
}
