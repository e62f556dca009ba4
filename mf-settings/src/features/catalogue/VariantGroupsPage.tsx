/**
 * Variant groups (VariantGroup: Trình độ, Thời lượng…) over /product/variant-group/*. A delete, one row or
 * the rows chosen, goes at once with its variants and offers "Hoàn tác", which brings the group back with them.
 */
import type { VariantGroup } from '@trungtam/shared/contracts';
import { FilterText, DataSourceScreen, textParam, type FilterCodecs, pageParams } from '@trungtam/shared/resource';
import { FormField } from '@trungtam/shared/ui';
import { yupFromSchema } from '@trungtam/shared/forms';
import { VariantGroupWriteBody } from '@trungtam/shared/schemas/settings';
import { variantGroups } from '../../common/dataSources';

export const VARIANT_GROUPS_TEXTS = {
  title: 'Nhóm thuộc tính',
  count: (n: number) => `${n} nhóm thuộc tính`,
  add: 'Thêm nhóm thuộc tính',
  table: 'Danh sách nhóm thuộc tính',
  name: 'Tên nhóm',
  search: 'Tìm theo tên',
  created: 'Bạn đã thêm nhóm thuộc tính thành công',
  updated: 'Bạn đã cập nhật nhóm thuộc tính thành công',
} as const;

interface Filters {
  search: string;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search') };

export const VARIANT_GROUPS_PAGE_SIZE = 20;

export function VariantGroupsPage() {
  return (
    <DataSourceScreen<VariantGroup, Filters, { name: string }>
      source={variantGroups}
      permission="VariantGroup"
      texts={VARIANT_GROUPS_TEXTS}
      pageSize={VARIANT_GROUPS_PAGE_SIZE}
      bulk={{ noun: 'nhóm thuộc tính', rowLabel: (group) => group.name }}
      columns={[{ header: VARIANT_GROUPS_TEXTS.name, cell: (group) => group.name, sortKey: 'name' }]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <FilterText label={VARIANT_GROUPS_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: VARIANT_GROUPS_PAGE_SIZE, sortColumn: 'id' }),
        search: filters.search || undefined,
      })}
      form={{
        empty: { name: '' },
        fromRecord: (group) => ({ name: group.name }),
        toCreate: (values) => ({ name: values.name.trim() }),
        toUpdate: (group, values) => ({ id: group.id, name: values.name.trim() }),
        schema: yupFromSchema(VariantGroupWriteBody),
        fields: () => <FormField name="name" label={VARIANT_GROUPS_TEXTS.name} required />,
        texts: { createTitle: 'Thêm nhóm thuộc tính', editTitle: 'Sửa nhóm thuộc tính', createSubmit: 'Thêm nhóm', editSubmit: 'Lưu thay đổi', section: 'Thông tin nhóm thuộc tính' },
        successMessages: { create: VARIANT_GROUPS_TEXTS.created, edit: VARIANT_GROUPS_TEXTS.updated },
      }}
    />
  );
}
