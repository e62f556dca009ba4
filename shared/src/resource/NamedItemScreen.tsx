/**
 * A screen of named entries, with or without a description (product types and teaching methods; a
 * competition's subjects and examinee groups): one declaration, several screens that differ only in
 * their data source, permission, id field and words.
 */
import { Stack } from '@trungtam/shared/ui/core';
import { FormField } from '@trungtam/shared/ui/forms';
import * as yup from 'yup';
import { yupFromSchema } from '@trungtam/shared/forms';
import { pageParams, textParam, type FilterCodecs } from './listState';
import { FilterText } from './FilterFields';
import { DataSourceScreen } from './DataSourceScreen';
import { NAMED_ITEMS_PAGE_SIZE, namedItemTexts, type NamedItem, type NamedItemScreenProps } from './namedItems';

export type { NamedItemScreenProps };

interface Filters {
  search: string;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search') };

interface Values {
  name: string;
  description: string;
}

export function NamedItemScreen<T extends NamedItem>({ source, permission, words, idField, describe = true, writeSchema }: NamedItemScreenProps<T>) {
  const texts = namedItemTexts(words, describe);
  // a screen without descriptions sends none: its API has no such field
  const toBody = (values: Values) => ({ name: values.name.trim(), ...(describe ? { description: values.description.trim() || null } : {}) });
  return (
    <DataSourceScreen<T, Filters, Values>
      source={source}
      permission={permission}
      texts={texts}
      pageSize={NAMED_ITEMS_PAGE_SIZE}
      // (entries whose API deletes in bulk: the course catalogue's)
      bulk={source.definition.paths.bulkRemove ? { noun: words.one, rowLabel: (row) => row.name } : undefined}
      columns={[
        { header: texts.name, cell: (row) => row.name, sortKey: 'name' },
        ...(describe ? [{ header: texts.description, cell: (row: T) => row.description ?? '-' }] : []),
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <FilterText label={texts.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: NAMED_ITEMS_PAGE_SIZE, sortColumn: idField }),
        search: filters.search || undefined,
      })}
      form={{
        empty: { name: '', description: '' },
        fromRecord: (row) => ({ name: row.name, description: row.description ?? '' }),
        toCreate: toBody,
        toUpdate: (row, values) => ({ [idField]: source.definition.id(row), ...toBody(values) }),
        schema: writeSchema
          ? yupFromSchema(writeSchema)
          : yup.object({
              name: yup.string().trim().required(texts.nameRequired).max(255, texts.nameMax),
              description: yup.string().max(2000, texts.descriptionMax),
            }),
        fields: () => (
          <Stack gap="4">
            <FormField name="name" label={texts.name} required />
            {describe && <FormField name="description" label={texts.description} multiline rows={4} />}
          </Stack>
        ),
        texts: { createTitle: texts.add, editTitle: `Sửa ${words.one}`, createSubmit: texts.add, editSubmit: 'Lưu thay đổi', section: `Thông tin ${words.one}` },
        successMessages: { create: texts.created, edit: texts.updated },
      }}
    />
  );
}
