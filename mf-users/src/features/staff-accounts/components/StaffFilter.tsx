/** The staff accounts' filter: search, status (0 = all) and, for an administrator, the account type. */
import { Field, NativeSelect } from '@trungtam/shared/ui';
import { AccountFilter } from '../../../components/AccountFilter';
import { accountFilterCount } from '../../../utils/accountFilters';
import { DEFAULT_STAFF_FILTERS, type StaffFilters, type StaffType } from '../types';
import { STAFF_TYPE_LABELS } from '../utils/payload';

export function StaffFilter({ value, onApply, canChooseType }: { value: StaffFilters; onApply: (f: StaffFilters) => void; canChooseType: boolean }) {
  return (
    <AccountFilter
      value={value}
      defaultValues={DEFAULT_STAFF_FILTERS}
      onApply={onApply}
      activeCount={accountFilterCount(value) + (value.type !== DEFAULT_STAFF_FILTERS.type ? 1 : 0)}
      extraFields={(draft, setDraft) =>
        canChooseType && (
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
        )
      }
    />
  );
}
