/**
 * The screen kit (the `@trungtam/shared/resource` entry): what a list / create / edit / delete screen is made of, so that a screen is mostly
 * declarations (its columns, filter fields, form fields and texts).
 *
 * - `createDataSource`: a data source, the data hooks of an API's paths (list, show, create, update,
 *   delete); `createResource` is the same function under its former name, which areas released
 *   before the rename still import from the shell's copy of this entry.
 *   `crudPaths` gives the five paths most resources use.
 * - `choices`: records offered in a select, with the name of a record by its id.
 * - `useUrlListView` + param codecs: filters, page and sort kept in the URL.
 * - `useListPage`: the screen's state (form and delete targets, pagination, loading/failed).
 * - `AccountPicker` / `AccountListPicker`: one account, or several, chosen among those matching a search
 *   (`SearchPicker`: one row of an area's own, a class, chosen the same way),
 *   as a form field; `useAccountNames`: the names of accounts known by id.
 * - `NamedItemScreen`: a whole screen of named entries (with or without a description).
 * - `ListPage`, `DataTable`, `RowButtons` / `RowMenu`, `FormModal`, `AddButton`: the pieces on screen;
 *   the delete confirmation is `ConfirmDelete` of the UI kit. `CellLines`, `CellStrong`, `CellNote` (and
 *   the kit's `Tag`): what cells are built with, plain elements like the table's own (DataTable.tsx).
 * - `SavedViewsButton`: the saved views of the list at the current route (ListPage draws it before its
 *   toolbar); its dialog (SavedViewsDialog.tsx) downloads when first opened.
 * - `useRowSelection`, `BulkBar` and DataTable's `selection`: rows chosen for bulk actions (the ids, or
 *   "all N matching" the filter), the bar of the screen's actions with their confirmation, "Hoàn tác" and
 *   refusals; `undoablePaths` for a data source whose deletes can be undone.
 * - `CalendarFeedDialog`: a class's, a room's or an account's private calendar URL (iCal), from its row.
 * - `lazyDialog` / `lazyPart`: a screen's own form (a dialog) or other part whose code downloads apart.
 * A list screen's first render takes no form code: the form modal, the account pickers and the screen of
 * named entries download when first drawn (lazyForms.ts), as do the filters' fields (with the filter's
 * popover), and the list parts use the UI kit's list parts (ui/list.ts): nothing built on Chakra.
 */
export { createDataSource, createDataSource as createResource, crudPaths, undoablePaths } from './hooks';
export { choices } from './choices';
export type { Choices } from './choices';
export type { DataSource, DataSourceDefinition, DataSourcePaths, ListParams } from './hooks';
export {
  activeFilterCount,
  dateParam,
  defaultFilters,
  intParam,
  oneOfParam,
  pageParams,
  readListSearch,
  textParam,
  useUrlListView,
  writeListSearch,
} from './listState';
export type { FilterCodecs, ListSort, ListView, ParamCodec, SortDirection } from './listState';
export { useListPage } from './useListPage';
export type { ListPageState, ListPermissions } from './useListPage';
export { ListPage, AddButton, LIST_PAGE_TEXTS } from './ListPage';
export { SavedViewsButton, SAVED_VIEWS_TEXTS, savedViewsKey, useSavedViews } from './SavedViews';
export type { ListPageProps } from './ListPage';
export { DataTable, DATA_TABLE_TEXTS } from './DataTable';
export type { CardPart, Column, DataTableProps, RowsState } from './DataTable';
export { RowButtons, RowMenu, ROW_ACTIONS_TEXTS } from './RowActions';
export { CellLines, CellNote, CellStrong } from './cells';
export type { RowAction } from './RowActions';
// (the form parts download apart from the screens: lazyForms.ts)
export { FormModal, AccountPicker, AccountListPicker, SearchPicker, NamedItemScreen } from './lazyForms';
export { FORM_MODAL_TEXTS } from './formModalTexts';
export type { FormModalProps, FormModalTexts, FormSection } from './FormModal';
export { lazyDialog, lazyPart } from '../ui/lazyParts';
export { lazySchema } from './lazyForms';
export type { LazySchema } from './lazyForms';
export type { LazyComponent } from '../ui/lazyParts';
export { FilterSelect, FilterText } from './lazyForms';
export type { FilterOption, FilterSelectProps, FilterTextProps } from './FilterFields';
export { DataSourceScreen, DATA_SOURCE_SCREEN_TEXTS } from './DataSourceScreen';
export { CalendarFeedDialog, CALENDAR_FEED_DIALOG_TEXTS } from './CalendarFeedDialog';
export type { CalendarFeedDialogProps, CalendarFeedKind, CalendarFeedTarget } from './CalendarFeedDialog';
export { BulkBar } from './BulkBar';
export type { BulkBarProps, BulkResultDialogProps } from './BulkBar';
export { BULK_BAR_TEXTS } from './bulkTexts';
export { filterOfParams, useRowSelection } from './selection';
export type { BulkAction, BulkDialogProps, BulkSelection, RowSelection, RowSelectionOptions } from './selection';
export { selectionColumn, SELECTION_TEXTS } from './SelectionColumn';
export type { DataSourceScreenForm, DataSourceScreenProps, ScreenWrite } from './DataSourceScreen';
export { accountLabel, useAccountNames, useAccountSearch, ACCOUNT_PICKER_SIZE } from './accounts';
export type { ChosenAccount } from './accounts';
export type { AccountPickerProps, AccountListPickerProps, SearchPickerProps } from './AccountPicker';
export { namedItemTexts, NAMED_ITEMS_PAGE_SIZE } from './namedItems';
export type { NamedItem, NamedItemWords } from './namedItems';
export type { NamedItemScreenProps } from './NamedItemScreen';
