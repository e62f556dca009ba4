/**
 * "Lịch sử buổi học": an enrolment's lesson ledger in a dialog (each line's date, what it was, its ± and
 * the lessons left after it, who wrote it) under its totals; given `onAdjust`, staff add or take lessons
 * with a reason in a form under the lines. A closed one draws nothing and needs no code: the dialog, built
 * with the kit and the form library, downloads once the page has settled or when first opened
 * (lazyDialog, LessonLedgerDialogContent.tsx), not with a screen's first page.
 */
import type { ReactElement } from 'react';
import type { EnrollmentLedger, LessonAdjustmentRequest } from '../contracts/learning';
import { lazyDialog } from './lazyParts';

export { adjustLessons } from '../ledger';

export interface LessonLedgerDialogProps {
  /** The enrolment whose ledger is shown; null closes the dialog. */
  enrollmentId: number | null;
  onClose: () => void;
  /**
   * Sends a staff adjustment (the kit's `adjustLessons`, for one who may): given, a form under the lines
   * adds or takes lessons with a reason; without it the dialog only reads.
   */
  onAdjust?: (body: LessonAdjustmentRequest) => Promise<EnrollmentLedger>;
  /** The waiting time before an adjustment is sent (default: every form's 1 second). */
  delayMs?: number;
}

export const LessonLedgerDialog = lazyDialog<LessonLedgerDialogProps>(
  'LessonLedgerDialog',
  () => import('./LessonLedgerDialogContent').then((m) => m.LessonLedgerDialog as (props: LessonLedgerDialogProps) => ReactElement),
  (props) => props.enrollmentId !== null,
);
