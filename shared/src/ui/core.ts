/**
 * The UI kit's core: the only module of the suite, with its forms (forms.ts), that imports
 * @chakra-ui/react. The components, the theme and provider, the toaster, the layout settings, the
 * list's pagination, filter and states, and the dialogs, without the form library: the shell's first
 * screens (the dashboard, its layout) take their UI from here and download no form code. The remotes
 * import the whole kit, `@trungtam/shared/ui` (index.ts: this and the forms).
 * Add a component to this list when a screen needs it; never import @chakra-ui/react elsewhere.
 */
export {
  Alert,
  Badge,
  Box,
  Breadcrumb,
  Button,
  Card,
  Center,
  CloseButton,
  Field,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Link,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  chakra,
  useMediaQuery,
} from '@chakra-ui/react';
export type { BoxProps, ButtonProps, FlexProps, StackProps } from '@chakra-ui/react';
export { ChakraProvider } from '@chakra-ui/react';
// the large components download on first use (see deferred.tsx)
export { Avatar, Checkbox, Dialog, Drawer, Menu, NumberInput, Popover, RadioGroup, Switch, Tabs, preloadDeferredUi } from './deferred';
export type { DeferredUiName } from './deferred';
export { OnDemand } from './OnDemand';
export type { StandInProps } from './OnDemand';

export { UiProvider } from './provider';
export { system, uiSystem } from './theme';
export { toaster, notifySuccess, notifyError, Toaster } from './toaster';
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
export { TableStateRow, StateNotice, TABLE_TEXTS } from './TableState';
export type { StateNoticeProps, TableStateRowProps } from './TableState';
export { DateInput, DATE_INPUT_PLACEHOLDER, isoToDisplay, displayToIso } from './DateInput';
export type { DateInputProps } from './DateInput';
export { StandaloneFrame, STANDALONE_TEXTS, mountStandalone } from './standalone';
export type { StandaloneFrameProps, StandaloneRoute, StandaloneEntry } from './standalone';
export { defineArea } from './area';
export { Logo } from './logo';
export { UserInitials, initialsOf } from './UserInitials';
export type { UserInitialsProps } from './UserInitials';
export { useLayoutSettings, ColorModeSync, LAYOUT_SETTINGS_KEY, DEFAULT_LAYOUT_SETTINGS, FIXED_CONTENT_WIDTH } from './layoutSettings';
export type { LayoutSettings, LayoutSettingsState, ColorMode, ContentWidth } from './layoutSettings';
