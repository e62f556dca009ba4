/**
 * Discounts (ProductDiscount) over the /discounts calls: the list is GET /discounts with page, limit=100,
 * sort_column=discount_id and sort_type=DESC; writes are POST, PUT and DELETE /discounts.
 */
import type { Discount } from '@trungtam/shared/contracts/learning';
import { FilterSelect, FilterText, intParam, DataSourceScreen, textParam, type FilterCodecs, pageParams } from '@trungtam/shared/resource';
import { FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { yupFromSchema } from '@trungtam/shared/forms';
import { DiscountWriteBody } from '@trungtam/shared/schemas/settings';
import { twoStateStatus } from '../../common/status';
import { discounts } from '../../common/dataSources';

export const DISCOUNT_STATUS = twoStateStatus('Đang áp dụng', 'Ngừng áp dụng');

export const DISCOUNTS_TEXTS = {
  title: 'Khuyến mại',
  count: (n: number) => `${n} hình thức khuyến mại`,
  add: 'Thêm khuyến mại',
  table: 'Danh sách khuyến mại',
  name: 'Tên khuyến mại',
  percent: 'Phần trăm giảm',
  status: 'Trạng thái',
  search: 'Tìm theo tên',
  created: 'Bạn đã thêm khuyến mại thành công',
  updated: 'Bạn đã cập nhật khuyến mại thành công',
} as const;

interface Filters {
  search: string;
  status: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), status: intParam('status') };

interface Values {
  name: string;
  discount_percent: number | '';
  status: number;
}

/** The API's discount write schema: its limits and messages. */
const schema = yupFromSchema(DiscountWriteBody);

const toBody = (values: Values) => ({ name: values.name.trim(), discount_percent: Number(values.discount_percent), status: values.status });

export function DiscountsPage() {
  return (
    <DataSourceScreen<Discount, Filters, Values>
      source={discounts}
      bulk={{ noun: 'khuyến mại', rowLabel: (discount) => discount.name }}
      permission="ProductDiscount"
      texts={DISCOUNTS_TEXTS}
      pageSize={PAGE_SIZES.discounts}
      columns={[
        { header: DISCOUNTS_TEXTS.name, cell: (discount) => discount.name, sortKey: 'name' },
        { header: DISCOUNTS_TEXTS.percent, cell: (discount) => `${discount.discount_percent}%`, sortKey: 'discount_percent' },
        {
          header: DISCOUNTS_TEXTS.status,
          cell: (discount) => DISCOUNT_STATUS.badge(discount.status),
        },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={DISCOUNTS_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={DISCOUNTS_TEXTS.status}
            value={draft.status}
            options={DISCOUNT_STATUS.filterOptions}
            onChange={(status) => setDraft({ ...draft, status: Number(status) })}
          />
        </>
      )}
      // page, limit=100, sort_column=discount_id, sort_type=DESC (a header's sort replaces the last two)
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: PAGE_SIZES.discounts, sortColumn: 'discount_id' }),
        search: filters.search || undefined,
        status: filters.status || undefined,
      })}
      form={{
        empty: { name: '', discount_percent: '', status: 1 },
        fromRecord: (discount) => ({ name: discount.name, discount_percent: discount.discount_percent, status: discount.status }),
        toCreate: toBody,
        toUpdate: (discount, values) => ({ discount_id: discount.discount_id, ...toBody(values) }),
        schema,
        fields: () => (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField name="name" label={DISCOUNTS_TEXTS.name} required />
            <FormField name="discount_percent" label={DISCOUNTS_TEXTS.percent} type="number" required helperText="0–100" />
            <SelectField name="status" label={DISCOUNTS_TEXTS.status} options={DISCOUNT_STATUS.options} numeric required />
          </SimpleGrid>
        ),
        texts: { createTitle: 'Thêm khuyến mại', editTitle: 'Sửa khuyến mại', createSubmit: 'Thêm khuyến mại', editSubmit: 'Lưu thay đổi', section: 'Thông tin khuyến mại' },
        successMessages: { create: DISCOUNTS_TEXTS.created, edit: DISCOUNTS_TEXTS.updated },
      }}
    />
  );
}
