/**
 * A whole list / create / edit / delete screen from declarations: the resource (its data hooks), the
 * permission resource, the texts, the columns, the filter fields and the form. Everything else comes
 * from the kit: filters, page and sort in the URL; loading, empty and failed states; the add button,
 * edit and delete only where the role allows them; the form modal with the spec's wait and messages;
 * the delete confirmation with the API's reason when it refuses. A screen may add row actions of its own
 * (`extraActions`, with their dialogs as `children`) and refuse edit or delete on some rows (`rowRules`).
 *
 *   <ResourceScreen resource={rooms} permission="LearningRoom" filters={ROOM_FILTERS} texts={…}
 *     columns={[…]} filterFields={(draft, set) => …} form={{ empty, fromRecord, toCreate, toUpdate, schema, fields }} />
 */
import type { Action, Resource as PermissionResource } from '@trungtam/shared/permissions';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { EditIcon, TrashIcon } from '@trungtam/shared/icons';
import { ConfirmDelete, FilterDropdown } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import type { FormikProps, FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { DataTable, type Column } from './DataTable';
import { FormModal, type FormModalTexts } from './FormModal';
import type { ListParams, Resource } from './hooks';
import { AddButton, ListPage } from './ListPage';
import { activeFilterCount, defaultFilters, useUrlListView, type FilterCodecs, type ListSort } from './listState';
import { RowButtons, type RowAction } from './RowActions';
import { useListPage } from './useListPage';

export const RESOURCE_SCREEN_TEXTS = { actions: 'Thao tác', edit: 'Sửa', delete: 'Xoá' } as const;

export interface ResourceScreenForm<V extends FormikValues, T> {
  /** The values of a new record. */
  empty: V;
  /** The values of an existing record. */
  fromRecord: (record: T) => V;
  toCreate: (values: V) => unknown;
  toUpdate: (record: T, values: V) => unknown;
  schema: AnySchema;
  /** The fields, in one section, or several titled sections. */
  fields: (formik: FormikProps<V>) => ReactNode | Array<{ title: string; content: ReactNode }>;
  texts: FormModalTexts & { section?: string };
  successMessages: { create: string; edit: string };
  failureMessages?: { create: string; edit: string };
}

export interface ResourceScreenProps<T, F, V extends FormikValues> {
  resource: Resource<T, unknown, unknown>;
  /** The permission resource: GetAll lists, Create / Update / Delete offer the actions. */
  permission: PermissionResource;
  texts: { title: string; count: (total: number) => string; add: string; table: string };
  columns: Column<T>[];
  filters: FilterCodecs<F>;
  filterFields?: (draft: F, setDraft: (next: F) => void) => ReactNode;
  /** The list call's params from the filters, the page and the sort. */
  listParams: (filters: F, page: number, sort: ListSort | null) => ListParams;
  pageSize: number;
  form?: ResourceScreenForm<V, T>;
  /** The waiting time of the form before its call (spec: 1 second). */
  formDelayMs?: number;
  /**
   * Rows that may not be edited or deleted whatever the role allows (say, a message already sent): the
   * action is not offered on them. Absent: every row the permission reaches.
   */
  rowRules?: { edit?: (row: T) => boolean; delete?: (row: T) => boolean };
  /** The screen's own row actions (send, view…), offered between edit and delete. */
  extraActions?: RowAction<T>[];
  /** The screen's own dialogs, next to the form and the delete confirmation. */
  children?: ReactNode;
}

export function ResourceScreen<T, F, V extends FormikValues>({
  resource,
  permission,
  texts,
  columns,
  filters,
  filterFields,
  listParams,
  pageSize,
  form,
  formDelayMs,
  rowRules,
  extraActions = [],
  children,
}: ResourceScreenProps<T, F, V>) {
  const me = useCurrentUser();
  const allowed = (action: Action) => can(me, permission, action);
  const may = { create: !!form && allowed('Create'), update: !!form && allowed('Update'), delete: allowed('Delete') };
  const view = useUrlListView(filters);
  const list = resource.useList(listParams(view.filters, view.page, view.sort));
  const page = useListPage(view, list, may);
  const create = resource.useCreate({ firstPageKey: resource.keys.list(listParams(view.filters, 1, view.sort)), pageSize });
  const update = resource.useUpdate();
  const remove = resource.useRemove();
  const id = resource.definition.id;

  const refusedBy = (rule?: (row: T) => boolean) => (rule ? (row: T) => !rule(row) : undefined);
  const actions: RowAction<T>[] = [
    ...(may.update ? [{ key: 'edit', label: RESOURCE_SCREEN_TEXTS.edit, icon: <EditIcon />, onSelect: page.openEdit, hidden: refusedBy(rowRules?.edit) }] : []),
    ...extraActions,
    ...(may.delete ? [{ key: 'delete', label: RESOURCE_SCREEN_TEXTS.delete, icon: <TrashIcon />, onSelect: page.askDelete, danger: true, hidden: refusedBy(rowRules?.delete) }] : []),
  ];
  const allColumns = actions.length
    ? [...columns, { header: RESOURCE_SCREEN_TEXTS.actions, cell: (row: T) => <RowButtons row={row} actions={actions} /> }]
    : columns;

  return (
    <ListPage
      title={texts.title}
      heading={page.heading}
      countText={texts.count(page.totalRows)}
      toolbar={
        <>
          {filterFields && (
            <FilterDropdown value={page.filters} defaultValues={defaultFilters(filters)} onApply={page.applyFilters} activeCount={activeFilterCount(filters, page.filters)}>
              {filterFields}
            </FilterDropdown>
          )}
          {may.create && <AddButton label={texts.add} onClick={page.openCreate} />}
        </>
      }
      table={<DataTable label={texts.table} columns={allColumns} rowId={id} sort={page.sort} onSort={page.toggleSort} {...page.rowsState} />}
      pageSize={pageSize}
      {...page.pagination}
    >
      {form && (
        <FormModal<V, T>
          open={page.form.open}
          onClose={page.form.onClose}
          onSaved={page.form.onSaved}
          record={page.form.record}
          recordId={id}
          texts={form.texts}
          successMessages={form.successMessages}
          failureMessages={form.failureMessages ?? { create: MESSAGES.accountUpdateFailed, edit: MESSAGES.accountUpdateFailed }}
          initialValues={page.form.record ? form.fromRecord(page.form.record) : form.empty}
          validationSchema={form.schema}
          delayMs={formDelayMs}
          create={(values) => create.mutateAsync(form.toCreate(values))}
          update={(record, values) => update.mutateAsync(form.toUpdate(record, values))}
          sections={(formik) => {
            const fields = form.fields(formik);
            return Array.isArray(fields) ? fields : [{ title: form.texts.section ?? form.texts.createTitle, content: fields }];
          }}
        />
      )}
      <ConfirmDelete
        open={page.deleteDialog.open}
        onClose={page.deleteDialog.onClose}
        onConfirm={() => (page.deleteDialog.target ? remove.mutateAsync(id(page.deleteDialog.target)) : Promise.resolve())}
      />
      {children}
    </ListPage>
  );
}
