/**
 * The UI kit's core: the only module of the suite, with base.ts and its forms (forms.ts), that imports
 * @chakra-ui/react. The kit's base (the design system, the layout primitives, the deferred components,
 * the toaster, the layout settings: base.ts), and the form inputs, the list's pagination, filter and
 * states, the record and delete dialogs, the export button and the standalone frame, without the form
 * library. The remotes import the whole kit, `@trungtam/shared/ui` (index.ts: this and the forms); the
 * shell's signed-in frame takes only the base.
 * Add a component to this list when a screen needs it; never import @chakra-ui/react elsewhere.
 */
// (the inputs' recipes, added to the system with this module: coreRecipes.ts)
import './coreRecipes';

export * from './base';
export { Field, Input, Link, NativeSelect, Textarea, VStack, useMediaQuery } from '@chakra-ui/react';
export { PaginationBar, pageItems, entryRange, MAX_PAGE_LINKS } from './PaginationBar';
export type { PaginationBarProps, PageItem } from './PaginationBar';
export { ConfirmDelete, CONFIRM_DELETE_TEXTS } from './ConfirmDelete';
export type { ConfirmDeleteProps } from './ConfirmDelete';
export { FilterDropdown, FILTER_TEXTS } from './FilterDropdown';
export type { FilterDropdownProps } from './FilterDropdown';
export { FullscreenModal } from './FullscreenModal';
export { ExportButton, EXPORT_TEXTS, DEFAULT_DOWNLOAD_NAME, downloadFile, fileNameOf, saveFile } from './ExportButton';
export type { ExportButtonProps } from './ExportButton';
export { RecordDialog, Fact } from './RecordDialog';
export type { RecordDialogProps } from './RecordDialog';
export type { FullscreenModalProps } from './FullscreenModal';
export { AccountStatusBadge, ACCOUNT_STATUS_LABELS, ACCOUNT_STATUS_OPTIONS, ACCOUNT_STATUS_FILTER_OPTIONS } from './AccountStatusBadge';
export { Tag } from './Tag';
export type { TagPalette, TagProps } from './Tag';
export { TableStateRow, StateNotice, showsListState, TABLE_TEXTS } from './TableState';
export type { StateNoticeProps, TableStateRowProps } from './TableState';
export { DateInput, DATE_INPUT_PLACEHOLDER, isoToDisplay, displayToIso } from './DateInput';
export type { DateInputProps } from './DateInput';
export { StandaloneFrame, STANDALONE_TEXTS, mountStandalone } from './standalone';
export type { StandaloneFrameProps, StandaloneRoute, StandaloneEntry } from './standalone';
export { defineArea } from './area';
