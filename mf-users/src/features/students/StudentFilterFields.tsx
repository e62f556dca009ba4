/**
 * The students' filter fields (StudentFilter.tsx): a two-column grid with dates, the source, and the
 * students no guardian can be reached at; built with the kit, so downloaded with the filter's popover
 * rather than with the list's first screen.
 */
import { UNKNOWN_SOURCE_FILTER, type StudentSourceFilter } from '@trungtam/shared/contracts';
import { UNKNOWN_SOURCE_LABEL } from '@trungtam/shared/labels';
import { FilterSelect, FilterText } from '@trungtam/shared/resource';
import { Checkbox, DateInput, Field, SimpleGrid } from '@trungtam/shared/ui/core';
import { SearchFilterField, StatusFilterField } from '../../common/AccountFilter';
import type { StudentFilters } from './types';
import { SOURCE_OPTIONS } from './sources';
import { STUDENT_FILTER_TEXTS } from './studentFilterTexts';

export function StudentFilterFields({ draft, setDraft }: { draft: StudentFilters; setDraft: (next: StudentFilters) => void }) {
  return (
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
      <Checkbox.Root
        colorPalette="blue"
        checked={draft.noGuardian === 1}
        onCheckedChange={(event) => setDraft({ ...draft, noGuardian: event.checked === true ? 1 : 0 })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{STUDENT_FILTER_TEXTS.noGuardian}</Checkbox.Label>
      </Checkbox.Root>
    </>
  );
}
