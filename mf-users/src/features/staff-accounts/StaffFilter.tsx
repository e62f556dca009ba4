/** The staff accounts' filter: search, status (0 = all) and, for an administrator, the account type. */
import { activeFilterCount, FilterSelect } from '@trungtam/shared/resource';
import { AccountFilter } from '../../common/AccountFilter';
import { DEFAULT_STAFF_FILTERS, STAFF_FILTERS, type StaffFilters, type StaffType } from './types';
import { STAFF_TYPE_LABELS } from './payload';

export function StaffFilter({ value, onApply, canChooseType }: { value: StaffFilters; onApply: (f: StaffFilters) => void; canChooseType: boolean }) {
  return (
    <AccountFilter
      value={value}
      defaultValues={DEFAULT_STAFF_FILTERS}
      onApply={onApply}
      activeCount={activeFilterCount(STAFF_FILTERS, value)}
      extraFields={(draft, setDraft) =>
        canChooseType && (
          <FilterSelect
            label="Loại tài khoản"
            value={draft.type}
            options={(Object.keys(STAFF_TYPE_LABELS) as StaffType[]).map((type) => ({ value: type, label: STAFF_TYPE_LABELS[type] }))}
            onChange={(type) => setDraft({ ...draft, type: type as StaffType })}
          />
        )
      }
    />
  );
}
