/**
 * A whole list / create / edit / delete screen from declarations: the data source (its data hooks), the
 * permission resource, the texts, the columns, the filter fields and the form. Everything else comes
 * from the kit: filters, page and sort in the URL; loading, empty and failed states; the add button,
 * edit and delete only where the role allows them (delete only for a data source with a delete path); the
 * form modal with every form's 1-second wait and messages; the delete confirmation with the API's reason when it
 * refuses. Per-row rules (`canEdit`, `canDelete`) narrow that further: a row that may not be edited
 * opens read-only with the form's `readOnlyNote`, a row that may not be deleted offers no delete, and
 * the delete confirmation may name the row (`deleteMessage`). A screen may add row actions of its own
 * (`extraActions`, with their dialogs as `children`).
 *
 * Rows may be chosen for bulk actions (`bulk`: the rows' noun, the screen's own actions): a checkbox
 * column, the bar of the actions (BulkBar) and, for a data source with a bulk delete path, a bulk delete.
 * A data source with a restore path deletes at once, one row or many, and offers "Hoàn tác" for a few
 * seconds (its API keeps the rows restorable); without one, a delete asks first.
 *
 *   <DataSourceScreen source={rooms} permission="LearningRoom" filters={ROOM_FILTERS} texts={…}
 *     columns={[…]} filterFields={(draft, set) => …} form={{ empty, fromRecord, toCreate, toUpdate, schema, fields }} />
 */
import type { Action, PermissionResource } from '@trungtam/shared/permissions';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { EditIcon, ListIcon, TrashIcon } from '@trungtam/shared/icons';
import { ConfirmDelete, FilterDropdown, notifyError, notifyUndoable } from '@trungtam/shared/ui/list';
import { reasonOf } from '@trungtam/shared/api';
import { MESSAGES } from '@trungtam/shared/validation';
import type { FormikProps, FormikValues } from 'formik';
import { useMemo, type ReactNode } from 'react';
import type { AnySchema } from 'yup';
import { DataTable, type Column } from './DataTable';
import type { FormModalProps, FormModalTexts } from './FormModal';
import { FormModal, isLazySchema, type LazySchema } from './lazyForms';
import type { ListParams, DataSource } from './hooks';
import { AddButton, ListPage } from './ListPage';
import { activeFilterCount, defaultFilters, useUrlListView, type FilterCodecs, type ListSort } from './listState';
import { RowButtons, type RowAction } from './RowActions';
import { useListPage } from './useListPage';
import { BulkBar } from './BulkBar';
import { BULK_BAR_TEXTS } from './bulkTexts';
import { filterOfParams, useRowSelection, type BulkAction } from './selection';

export const DATA_SOURCE_SCREEN_TEXTS = { actions: 'Thao tác', edit: 'Sửa', view: 'Xem', delete: 'Xoá' } as const;

/** The screen's writes, each asking `can()` for one action of the permission resource. */
export type ScreenWrite = 'create' | 'update' | 'delete';
const DEFAULT_ACTIONS: Record<ScreenWrite, Action> = { create: 'Create', update: 'Update', delete: 'Delete' };

export interface DataSourceScreenForm<V extends FormikValues, T> {
  /** The values of a new record. */
  empty: V;
  /** The values of an existing record. */
  fromRecord: (record: T) => V;
  toCreate: (values: V) => unknown;
  toUpdate: (record: T, values: V) => unknown;
  /** Its rules: a yup schema, or one whose code downloads when the form first opens (lazySchema). */
  schema: AnySchema | LazySchema;
  /** The fields, in one section, or several titled sections; `readOnly` when the record is only shown. */
  fields: (formik: FormikProps<V>, mode: { readOnly: boolean }) => ReactNode | Array<{ title: string; content: ReactNode }>;
  texts: FormModalTexts & { section?: string };
  /** Why a record the screen's `canEdit` refuses is shown read-only. */
  readOnlyNote?: (record: T) => string;
  successMessages: { create: string; edit: string };
  failureMessages?: { create: string; edit: string };
  /** The form takes the screen's whole width (a wide field such as the roles' permission matrix). */
  wide?: boolean;
  /** The part of the values a failure answers: once it changes, the failure's text goes. */
  failureCause?: (values: V) => unknown;
  /** After a successful update, with the API's answer (`{ data }`): what the screen tells beyond the success message. */
  afterUpdate?: (answer: unknown) => void;
}

export interface DataSourceScreenProps<T, F, V extends FormikValues> {
  source: DataSource<T, unknown, unknown>;
  /** The permission resource: GetAll lists, Create / Update / Delete offer the actions. */
  permission: PermissionResource;
  texts: { title: string; count: (total: number) => string; add: string; table: string };
  columns: Column<T>[];
  filters: FilterCodecs<F>;
  filterFields?: (draft: F, setDraft: (next: F) => void) => ReactNode;
  /** The list call's params from the filters, the page and the sort. */
  listParams: (filters: F, page: number, sort: ListSort | null) => ListParams;
  pageSize: number;
  form?: DataSourceScreenForm<V, T>;
  /** The waiting time of the form before its call (default 1 second). */
  formDelayMs?: number;
  /** The actions the writes ask for (default Create, Update, Delete; the roles screen: CreateRole…). */
  actions?: Partial<Record<ScreenWrite, Action>>;
  /** Whether a row may be changed (default: every row); one that may not opens read-only. */
  canEdit?: (row: T) => boolean;
  /** Whether a row may be deleted (default: every row). */
  canDelete?: (row: T) => boolean;
  /** The delete confirmation's question for a row (default: 'Bạn có chắc chắn muốn xóa?'). */
  deleteMessage?: (row: T) => string;
  /** The screen's own row actions (send, view…), offered between edit and delete. */
  extraActions?: RowAction<T>[];
  /** The screen's own dialogs, next to the form and the delete confirmation. */
  children?: ReactNode;
  /** Buttons of the screen's own in the toolbar, before the add button (a dialog they open goes in `children`). */
  tools?: ReactNode;
  /**
   * Rows may be chosen for bulk actions: what they are ('phòng học'), a row's name for its checkbox and
   * the refusals, and the screen's own actions (the bulk delete comes with a bulk delete path).
   */
  bulk?: { noun: string; rowLabel?: (row: T) => string; actions?: BulkAction[] };
}

/** The kit's form modal with the screen's rules, or with rules that download with it (lazySchema). */
function ScreenFormModal<V extends FormikValues, T>({ schema, ...props }: Omit<FormModalProps<V, T>, 'validationSchema'> & { schema: AnySchema | LazySchema }) {
  return isLazySchema(schema) ? <schema.FormModal<V, T> {...props} /> : <FormModal<V, T> {...props} validationSchema={schema} />;
}

export function DataSourceScreen<T, F, V extends FormikValues>({
  source,
  permission,
  texts,
  columns,
  filters,
  filterFields,
  listParams,
  pageSize,
  form,
  formDelayMs,
  actions: actionsGiven,
  canEdit,
  canDelete,
  deleteMessage,
  extraActions = [],
  children,
  tools,
  bulk,
}: DataSourceScreenProps<T, F, V>) {
  const me = useCurrentUser();
  const allowed = (write: ScreenWrite) => can(me, permission, actionsGiven?.[write] ?? DEFAULT_ACTIONS[write]);
  const may = {
    create: !!form && allowed('create'),
    update: !!form && allowed('update'),
    // a read-only data source (no delete path) offers no delete, whatever the role holds
    delete: !!source.definition.paths.remove && allowed('delete'),
  };
  const view = useUrlListView(filters);
  const list = source.useList(listParams(view.filters, view.page, view.sort));
  const page = useListPage(view, list, may);
  const create = source.useCreate({ firstPageKey: source.keys.list(listParams(view.filters, 1, view.sort)), pageSize });
  const update = source.useUpdate();
  const remove = source.useRemove();
  const bulkRemove = source.useBulkRemove();
  const restore = source.useRestore();
  const id = source.definition.id;
  const { paths } = source.definition;

  // a delete that can be undone acts at once and offers "Hoàn tác"; another asks first. An undo the API
  // refuses (the name taken meanwhile, the row's group deleted) says why.
  const undoDelete = (row: T) =>
    restore.mutateAsync([id(row)]).then(
      (result) => {
        if (result.refused.length) notifyError(result.refused[0].reason);
      },
      (error: unknown) => notifyError(reasonOf(error, MESSAGES.deleteFailed)),
    );
  const deleteAtOnce = (row: T) => {
    remove.mutateAsync(id(row)).then(
      () => notifyUndoable(MESSAGES.deleted, () => void undoDelete(row)),
      (error: unknown) => notifyError(reasonOf(error, MESSAGES.deleteFailed)),
    );
  };
  const bulkActions: BulkAction[] = [
    ...(bulk?.actions ?? []),
    ...(bulk && paths.bulkRemove && may.delete
      ? [
          {
            key: 'delete',
            label: BULK_BAR_TEXTS.delete,
            danger: true,
            run: (selection) => bulkRemove.mutateAsync(selection),
            ...(paths.restore ? { undo: (ids: number[]) => restore.mutateAsync(ids) } : { confirm: (count: number) => BULK_BAR_TEXTS.deleteConfirm(count, bulk.noun) }),
            done: (count: number) => BULK_BAR_TEXTS.deleted(count, bulk.noun),
          } satisfies BulkAction,
        ]
      : []),
  ];
  const rows = page.rowsState.rows;
  const pageIds = useMemo(() => rows.map(id), [rows, id]);
  const filter = useMemo(() => filterOfParams(listParams(view.filters, 1, null)), [listParams, view.filters]);
  const selection = useRowSelection({ pageIds, totalRows: page.totalRows, filter, resetKey: JSON.stringify([view.filters, view.page, view.sort]) });
  const selectable = bulkActions.length > 0;
  const rowName = (rowId: number) => {
    const row = rows.find((candidate) => id(candidate) === rowId);
    return row && bulk?.rowLabel ? bulk.rowLabel(row) : undefined;
  };

  const locked = (row: T) => !!canEdit && !canEdit(row);
  const actions: RowAction<T>[] = [
    ...(may.update
      ? [
          { key: 'edit', label: DATA_SOURCE_SCREEN_TEXTS.edit, icon: <EditIcon />, onSelect: page.openEdit, hidden: locked },
          { key: 'view', label: DATA_SOURCE_SCREEN_TEXTS.view, icon: <ListIcon />, onSelect: page.openEdit, hidden: (row: T) => !locked(row) },
        ]
      : []),
    ...extraActions,
    ...(may.delete
      ? [
          {
            key: 'delete',
            label: DATA_SOURCE_SCREEN_TEXTS.delete,
            icon: <TrashIcon />,
            onSelect: paths.restore ? deleteAtOnce : page.askDelete,
            danger: true,
            hidden: (row: T) => !!canDelete && !canDelete(row),
          },
        ]
      : []),
  ];
  const shownRecord = page.form.record;
  const readOnly = shownRecord !== null && locked(shownRecord) ? { note: form?.readOnlyNote?.(shownRecord) ?? '' } : null;
  const allColumns = actions.length
    ? [...columns, { header: DATA_SOURCE_SCREEN_TEXTS.actions, cell: (row: T) => <RowButtons row={row} actions={actions} /> }]
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
          {tools}
          {may.create && <AddButton label={texts.add} onClick={page.openCreate} />}
        </>
      }
      bulkBar={selectable && bulk ? <BulkBar selection={selection} actions={bulkActions} noun={bulk.noun} rowName={rowName} /> : undefined}
      table={
        <DataTable
          label={texts.table}
          columns={allColumns}
          rowId={id}
          sort={page.sort}
          onSort={page.toggleSort}
          selection={selectable ? selection : undefined}
          rowLabel={bulk?.rowLabel}
          {...page.rowsState}
        />
      }
      pageSize={pageSize}
      {...page.pagination}
    >
      {form && (
        <ScreenFormModal<V, T>
          schema={form.schema}
          open={page.form.open}
          onClose={page.form.onClose}
          onSaved={page.form.onSaved}
          record={page.form.record}
          recordId={id}
          texts={form.texts}
          successMessages={form.successMessages}
          failureMessages={form.failureMessages ?? { create: MESSAGES.accountUpdateFailed, edit: MESSAGES.accountUpdateFailed }}
          initialValues={page.form.record ? form.fromRecord(page.form.record) : form.empty}
          delayMs={formDelayMs}
          create={(values) => create.mutateAsync(form.toCreate(values))}
          update={async (record, values) => {
            const answer = await update.mutateAsync(form.toUpdate(record, values));
            form.afterUpdate?.(answer);
            return answer;
          }}
          readOnly={readOnly}
          wide={form.wide}
          failureCause={form.failureCause}
          sections={(formik) => {
            const fields = form.fields(formik, { readOnly: !!readOnly });
            return Array.isArray(fields) ? fields : [{ title: form.texts.section ?? form.texts.createTitle, content: fields }];
          }}
        />
      )}
      <ConfirmDelete
        open={page.deleteDialog.open}
        onClose={page.deleteDialog.onClose}
        onConfirm={() => (page.deleteDialog.target ? remove.mutateAsync(id(page.deleteDialog.target)) : Promise.resolve())}
        message={page.deleteDialog.target && deleteMessage ? deleteMessage(page.deleteDialog.target) : undefined}
      />
      {children}
    </ListPage>
  );
}
