/**
 * A screen of named catalogue entries with a description (product types, teaching methods): one
 * declaration, two screens that differ only in their resource, permission and words.
 */
import type { ProductType } from '@trungtam/shared/contracts';
import type { Resource as PermissionResource } from '@trungtam/shared/permissions';
import { FilterText, ResourceScreen, textParam, type FilterCodecs, type Resource, pageParams } from '@trungtam/shared/resource';
import { FormField, Stack } from '@trungtam/shared/ui';
import * as yup from 'yup';

/** The words of one such screen: 'loại sản phẩm' / 'Loại sản phẩm'. */
export interface NamedItemWords {
  /** Lower case, as inside a sentence. */
  one: string;
  /** The screen's title. */
  title: string;
}

export const namedItemTexts = ({ one, title }: NamedItemWords) => ({
  title,
  count: (n: number) => `${n} ${one}`,
  add: `Thêm ${one}`,
  table: `Danh sách ${one}`,
  name: `Tên ${one}`,
  description: 'Mô tả',
  search: 'Tìm theo tên, mô tả',
  nameRequired: `Tên ${one} không được để trống`,
  nameMax: `Tên ${one} dài nhất là 255 kí tự`,
  descriptionMax: 'Mô tả dài nhất là 2000 kí tự',
  created: `Bạn đã thêm ${one} thành công`,
  updated: `Bạn đã cập nhật ${one} thành công`,
});

interface Filters {
  search: string;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search') };

interface Values {
  name: string;
  description: string;
}

export const NAMED_ITEMS_PAGE_SIZE = 20;

export function NamedItemScreen({ resource, permission, words }: { resource: Resource<ProductType>; permission: PermissionResource; words: NamedItemWords }) {
  const texts = namedItemTexts(words);
  const toBody = (values: Values) => ({ name: values.name.trim(), description: values.description.trim() || null });
  return (
    <ResourceScreen<ProductType, Filters, Values>
      resource={resource}
      permission={permission}
      texts={texts}
      pageSize={NAMED_ITEMS_PAGE_SIZE}
      columns={[
        { header: texts.name, cell: (row) => row.name, sortKey: 'name' },
        { header: texts.description, cell: (row) => row.description ?? '-' },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <FilterText label={texts.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: NAMED_ITEMS_PAGE_SIZE, sortColumn: 'id' }),
        search: filters.search || undefined,
      })}
      form={{
        empty: { name: '', description: '' },
        fromRecord: (row) => ({ name: row.name, description: row.description ?? '' }),
        toCreate: toBody,
        toUpdate: (row, values) => ({ id: row.id, ...toBody(values) }),
        schema: yup.object({
          name: yup.string().trim().required(texts.nameRequired).max(255, texts.nameMax),
          description: yup.string().max(2000, texts.descriptionMax),
        }),
        fields: () => (
          <Stack gap="4">
            <FormField name="name" label={texts.name} required />
            <FormField name="description" label={texts.description} multiline rows={4} />
          </Stack>
        ),
        texts: { createTitle: texts.add, editTitle: `Sửa ${words.one}`, createSubmit: texts.add, editSubmit: 'Lưu thay đổi', section: `Thông tin ${words.one}` },
        successMessages: { create: texts.created, edit: texts.updated },
      }}
    />
  );
}
