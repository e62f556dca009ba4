/**
 * The UI kit's core: the only module of the suite, with base.ts and its forms (forms.ts), that imports
 * @chakra-ui/react. The kit's base (the design system, the layout primitives, the deferred components,
 * the toaster, the layout settings: base.ts), and the form inputs, the list's pagination, filter and
 * states, the record, delete, lesson-ledger and payments dialogs, the QR code, a calendar feed's link, the line chart over time (its code and
 * its chart library downloaded when first drawn), the export button and the standalone frame, without the form
 * library. The remotes import the whole kit, `@trungtam/shared/ui` (index.ts: this and the forms); the
 * shell's signed-in frame takes only the base. A list screen's first render takes the list parts alone
 * (`@trungtam/shared/ui/list`, list.ts, none of them built on Chakra), which this module re-exports.
 * Add a component to this list when a screen needs it; never import @chakra-ui/react elsewhere.
 */
// (the theme, which hands the design system to the kit's provider, and the inputs' recipes, added to
// the system with this module: coreRecipes.ts; the package marks this module as having side effects)
import './theme';
import './coreRecipes';

export * from './base';
// the list parts (list.ts), whose Portal is the deferred one: the kit's own is the base's
export * from './list';
export { Portal } from './base';
export { Field, Input, Link, NativeSelect, Textarea, VStack, useMediaQuery } from '@chakra-ui/react';
export { FullscreenModal } from './FullscreenModal';
export type { FullscreenModalProps } from './FullscreenModal';
export { RecordDialog, Fact } from './RecordDialog';
export type { RecordDialogProps } from './RecordDialog';
export { LessonLedgerDialog, adjustLessons } from './LessonLedgerDialog';
export type { LessonLedgerDialogProps } from './LessonLedgerDialog';
export { OrderPaymentsDialog, createPayment, renewEnrollment, voidPayment } from './OrderPaymentsDialog';
export type { OrderPaymentsDialogProps } from './OrderPaymentsDialog';
export { QrCodeSvg } from './QrCodeSvg';
export type { QrCodeSvgProps } from './QrCodeSvg';
export { CalendarFeedLink } from './CalendarFeedLinkPart';
export type { CalendarFeedLinkProps } from './CalendarFeedLinkPart';
export { TimeSeriesChart } from './TimeSeriesChartPart';
export type { TimeSeriesChartProps, ChartLine, ChartRow, ChartPalette } from './TimeSeriesChartPart';
export { TableStateRow } from './TableState';
export type { TableStateRowProps } from './TableState';
export { DateInput, DATE_INPUT_PLACEHOLDER, isoToDisplay, displayToIso } from './DateInput';
export type { DateInputProps } from './DateInput';
export { StandaloneFrame, STANDALONE_TEXTS, mountStandalone } from './standalone';
export type { StandaloneFrameProps, StandaloneRoute, StandaloneEntry } from './standalone';
export { defineArea } from './area';
