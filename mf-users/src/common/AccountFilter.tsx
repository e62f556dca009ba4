/**
 * The filter dropdown of an account list: free-text search and status (0 = all), then the feature's
 * own fields. The two fields are exported for a feature that lays its filter out differently.
 */
import { FilterSelect, FilterText } from '@trungtam/shared/resource';
import { ACCOUNT_STATUS_FILTER_OPTIONS, FilterDropdown } from '@trungtam/shared/ui/list';
import type { ReactNode } from 'react';
import { accountFilterCount, type AccountFilterValues } from './accountFilters';

export const ACCOUNT_FILTER_TEXTS = {
  search: 'Tìm kiếm',
  searchPlaceholder: 'Tên, email hoặc số điện thoại',
  status: 'Trạng thái',
} as const;

type Draft<F> = { draft: F; setDraft: (next: F) => void };

export function SearchFilterField<F extends AccountFilterValues>({ draft, setDraft }: Draft<F>) {
  return (
    <FilterText
      type="search"
      label={ACCOUNT_FILTER_TEXTS.search}
      placeholder={ACCOUNT_FILTER_TEXTS.searchPlaceholder}
      value={draft.search}
      onChange={(search) => setDraft({ ...draft, search })}
    />
  );
}

export function StatusFilterField<F extends AccountFilterValues>({ draft, setDraft }: Draft<F>) {
  return (
    <FilterSelect
      label={ACCOUNT_FILTER_TEXTS.status}
      value={draft.status}
      options={ACCOUNT_STATUS_FILTER_OPTIONS}
      onChange={(status) => setDraft({ ...draft, status: Number(status) })}
    />
  );
}

export interface AccountFilterProps<F extends AccountFilterValues> {
  value: F;
  defaultValues: F;
  onApply: (filters: F) => void;
  /** Defaults to the common fields' count. */
  activeCount?: number;
  /** The feature's own fields, after search and status. */
  extraFields?: (draft: F, setDraft: (next: F) => void) => ReactNode;
}

export function AccountFilter<F extends AccountFilterValues>({ value, defaultValues, onApply, activeCount, extraFields }: AccountFilterProps<F>) {
  return (
    <FilterDropdown value={value} defaultValues={defaultValues} onApply={onApply} activeCount={activeCount ?? accountFilterCount(value)}>
      {(draft, setDraft) => (
        <>
          <SearchFilterField draft={draft} setDraft={setDraft} />
          <StatusFilterField draft={draft} setDraft={setDraft} />
          {extraFields?.(draft, setDraft)}
        </>
      )}
    </FilterDropdown>
  );
}
