/**
 * Variants (Variant: Cơ bản, 24 buổi…), each in a variant group, over /product/variant/*. A delete, one row or
 * the rows chosen, goes at once and offers "Hoàn tác" (refused, with the reason, once the group is deleted too).
 */
import type { Variant } from '@trungtam/shared/contracts';
import { FilterSelect, FilterText, intParam, DataSourceScreen, textParam, type FilterCodecs, pageParams } from '@trungtam/shared/resource';
import { FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import { yupFromSchema } from '@trungtam/shared/forms';
import { VariantWriteBody } from '@trungtam/shared/schemas/settings';
import { useVariantGroupChoices } from '../../common/lookups';
import { variants } from '../../common/dataSources';

export const VARIANTS_TEXTS = {
  title: 'Thuộc tính',
  count: (n: number) => `${n} thuộc tính`,
  add: 'Thêm thuộc tính',
  table: 'Danh sách thuộc tính',
  name: 'Tên thuộc tính',
  group: 'Nhóm thuộc tính',
  search: 'Tìm theo tên',
  allGroups: 'Tất cả nhóm',
  chooseGroup: 'Chọn nhóm thuộc tính',
  created: 'Bạn đã thêm thuộc tính thành công',
  updated: 'Bạn đã cập nhật thuộc tính thành công',
} as const;

interface Filters {
  search: string;
  variant_group_id: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), variant_group_id: intParam('group') };

interface Values {
  variant_group_id: number;
  name: string;
}

const toBody = (values: Values) => ({ variant_group_id: Number(values.variant_group_id), name: values.name.trim() });

export const VARIANTS_PAGE_SIZE = 20;

export function VariantsPage() {
  const groups = useVariantGroupChoices();
  return (
    <DataSourceScreen<Variant, Filters, Values>
      source={variants}
      permission="Variant"
      texts={VARIANTS_TEXTS}
      pageSize={VARIANTS_PAGE_SIZE}
      bulk={{ noun: 'thuộc tính', rowLabel: (variant) => variant.name }}
      columns={[
        { header: VARIANTS_TEXTS.name, cell: (variant) => variant.name, sortKey: 'name' },
        { header: VARIANTS_TEXTS.group, cell: (variant) => groups.nameOf(variant.variant_group_id), sortKey: 'variant_group_id' },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={VARIANTS_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={VARIANTS_TEXTS.group}
            value={draft.variant_group_id}
            options={[{ value: 0, label: VARIANTS_TEXTS.allGroups }, ...groups.options]}
            onChange={(groupId) => setDraft({ ...draft, variant_group_id: Number(groupId) })}
          />
        </>
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: VARIANTS_PAGE_SIZE, sortColumn: 'id' }),
        search: filters.search || undefined,
        variant_group_id: filters.variant_group_id || undefined,
      })}
      form={{
        empty: { variant_group_id: 0, name: '' },
        fromRecord: (variant) => ({ variant_group_id: variant.variant_group_id, name: variant.name }),
        toCreate: toBody,
        toUpdate: (variant, values) => ({ id: variant.id, ...toBody(values) }),
        schema: yupFromSchema(VariantWriteBody),
        fields: () => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField name="variant_group_id" label={VARIANTS_TEXTS.group} options={groups.options} numeric placeholder={VARIANTS_TEXTS.chooseGroup} required />
            <FormField name="name" label={VARIANTS_TEXTS.name} required />
          </SimpleGrid>
        ),
        texts: { createTitle: 'Thêm thuộc tính', editTitle: 'Sửa thuộc tính', createSubmit: 'Thêm thuộc tính', editSubmit: 'Lưu thay đổi', section: 'Thông tin thuộc tính' },
        successMessages: { create: VARIANTS_TEXTS.created, edit: VARIANTS_TEXTS.updated },
      }}
    />
  );
}
