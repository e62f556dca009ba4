/**
 * The UI kit's base: the design system (its provider, theme and toaster), the layout primitives, the
 * large components that download on first use, the logo, the layout settings. What the shell's
 * signed-in frame (its layout, the dashboard) renders, and nothing it does not: the list and record
 * components, the form inputs and the standalone frame are in `@trungtam/shared/ui/core`, which
 * re-exports all of this, and which the shell's dashboard therefore does not download. A screen of an
 * area imports the kit from `ui/core` (or `ui`); a component joins this list only when the shell's
 * frame needs it. A list screen's first render takes `ui/list` instead (list.ts), built on no Chakra
 * component; @chakra-ui/react is imported only by the kit's modules under shared/src/ui.
 * It loads the theme, which hands the design system to the kit's provider (systemProvider.tsx), before
 * any of its styled components can render (the package marks it as having side effects, so that an
 * import of one component through it still runs it).
 */
import './theme';

export {
  Alert,
  Badge,
  Box,
  Breadcrumb,
  Button,
  Card,
  Center,
  CloseButton,
  Flex,
  Heading,
  HStack,
  IconButton,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  chakra,
} from '@chakra-ui/react';
export type { BoxProps, ButtonProps, FlexProps, StackProps } from '@chakra-ui/react';
export { ChakraProvider } from '@chakra-ui/react';
// the large components download on first use (see deferred.tsx)
export { Avatar, Checkbox, Dialog, Drawer, Menu, NumberInput, Popover, RadioGroup, Switch, Tabs, preloadDeferredUi, DEFERRED_UI_NAMES } from './deferred';
export type { DeferredUiName } from './deferred';
export { OnDemand } from './OnDemand';
export { whenSettled } from './whenSettled';
export type { SettledWork } from './whenSettled';
export type { StandInProps } from './OnDemand';

export { UiProvider } from './provider';
export { system, uiSystem } from './theme';
export { toaster, notifySuccess, notifyError, notifyUndoable, notifyWarning, UNDO_TEXT, Toaster } from './toaster';
export { Logo } from './logo';
export { UserInitials, initialsOf } from './UserInitials';
export type { UserInitialsProps } from './UserInitials';
export { useLayoutSettings, ColorModeSync, LAYOUT_SETTINGS_KEY, DEFAULT_LAYOUT_SETTINGS } from './layoutSettings';
export type { LayoutSettings, LayoutSettingsState, ColorMode, ContentWidth } from './layoutSettings';
