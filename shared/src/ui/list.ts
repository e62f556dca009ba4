/**
 * What a list screen's first render takes from the UI kit, none of it built on Chakra: the pagination
 * bar, the list's states, the status tag, the filter's button, the export button, the delete
 * confirmation (drawn, with its code, only once opened), the dropdowns' stand-ins, the kit's deferred
 * components (menus, popovers, dialogs and their portal, each downloading on first use), the lazy parts,
 * the design system's provider and an area's Area over its screens table (areaOfScreens). A page whose first screen takes only these (with the resource kit,
 * which builds on them) downloads and evaluates none of Chakra's components, nor its theme, before it
 * shows: they come once the page has settled, or with the first dialog or menu.
 * `@trungtam/shared/ui/core` re-exports all of this with the kit's styled components.
 * Add a component here only if its module imports no @chakra-ui/react but types (a test follows the imports).
 */
export { PaginationBar, pageItems, entryRange, MAX_PAGE_LINKS } from './PaginationBar';
export type { PaginationBarProps, PageItem } from './PaginationBar';
export { StateNotice, showsListState, TABLE_TEXTS } from './StateNotice';
export type { StateNoticeProps } from './StateNotice';
export { AccountStatusBadge, ACCOUNT_STATUS_LABELS, ACCOUNT_STATUS_OPTIONS, ACCOUNT_STATUS_FILTER_OPTIONS } from './AccountStatusBadge';
export { Tag } from './Tag';
export type { TagPalette, TagProps } from './Tag';
export { FilterDropdown, FILTER_TEXTS } from './FilterDropdown';
export type { FilterDropdownProps } from './FilterDropdown';
export { ExportButton, EXPORT_TEXTS, DEFAULT_DOWNLOAD_NAME, downloadFile, fileNameOf, saveFile } from './ExportButton';
export type { ExportButtonProps } from './ExportButton';
export { ConfirmDelete, CONFIRM_DELETE_TEXTS } from './ConfirmDelete';
export type { ConfirmDeleteProps } from './ConfirmDelete';
export { OnDemand } from './OnDemand';
export type { StandInProps } from './OnDemand';
export { Avatar, Checkbox, Dialog, Drawer, Menu, NumberInput, Popover, Portal, RadioGroup, Switch, Tabs, preloadDeferredUi, alsoDownloadWith, DEFERRED_UI_NAMES } from './deferred';
export type { DeferredUiName } from './deferred';
export { lazyDialog, lazyPart, preloadLazyParts, withEveryDialog } from './lazyParts';
export type { LazyComponent } from './lazyParts';
export { whenSettled } from './whenSettled';
export type { SettledWork } from './whenSettled';
export { toaster, notifySuccess, notifyError, notifyUndoable, notifyWarning, UNDO_TEXT, Toaster } from './toaster';
export { SystemProvider } from './systemProvider';
export { areaOfScreens, areaScreens } from './area';
export type { AreaScreens } from './area';
