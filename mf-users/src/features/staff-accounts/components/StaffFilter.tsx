/** The staff accounts' filter: search, status (0 = all) and, for an administrator, the account type. */
import { ACCOUNT_STATUS_FILTER_OPTIONS, Field, FilterDropdown, Input, NativeSelect } from '@trungtam/shared/ui';
import { DEFAULT_STAFF_FILTERS, type StaffFilters, type StaffType } from '../types';
import { STAFF_TYPE_LABELS } from '../utils/payload';

export function StaffFilter({ value, onApply, canChooseType }: { value: StaffFilters; onApply: (f: StaffFilters) => void; canChooseType: boolean }) {
  const activeCount = (value.search.trim() ? 1 : 0) + (value.status ? 1 : 0) + (value.type !== DEFAULT_STAFF_FILTERS.type ? 1 : 0);
  return (
    <FilterDropdown value={value} defaultValues={DEFAULT_STAFF_FILTERS} onApply={onApply} activeCount={activeCount}>
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
              <NativeSelect.Field value={String(draft.status)} onChange={(event) => setDraft({ ...draft, status: Number(event.target.value) })}>
                {ACCOUNT_STATUS_FILTER_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {canChooseType && (
            <Field.Root>
              <Field.Label>Loại tài khoản</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={draft.type} onChange={(event) => setDraft({ ...draft, type: event.target.value as StaffType })}>
                  {(Object.keys(STAFF_TYPE_LABELS) as StaffType[]).map((type) => (
                    <option key={type} value={type}>
                      {STAFF_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          )}
        </>
      )}
    </FilterDropdown>
  );
}
