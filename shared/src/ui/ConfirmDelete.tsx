/**
 * Delete confirmation: 'Bạn có chắc chắn muốn xóa?' with cancel and agree buttons; it
 * runs the deletion and shows the outcome as a 2-second toast (ConfirmDeleteDialog.tsx). A closed one
 * draws nothing and needs no code: the dialog, built with the kit, downloads once the page has settled
 * or when first opened (lazyDialog), not with a list's first screen.
 */
import type { ReactElement, ReactNode } from 'react';
import { lazyDialog, type LazyComponent } from './lazyParts';

export const CONFIRM_DELETE_TEXTS = {
  cancel: 'Huỷ',
  agree: 'Đồng ý',
} as const;

export interface ConfirmDeleteProps<R = unknown> {
  open: boolean;
  /** Called when the dialog closes (cancel, escape, or after the deletion settled). */
  onClose: () => void;
  /** The deletion. Its rejection is reported as a failure. */
  onConfirm: () => Promise<R>;
  /** Called after a successful deletion (after the toast), e.g. to refresh a list. */
  onDeleted?: () => void;
  /** The question; defaults to 'Bạn có chắc chắn muốn xóa?'. */
  message?: string;
  /** What the action does, under the question. */
  description?: ReactNode;
  /** The toasts; default to MESSAGES.deleted and MESSAGES.deleteFailed. The success may be told from the action's answer. */
  successMessage?: string | ((result: R) => string);
  failureMessage?: string;
  /** The agree button's text; defaults to 'Đồng ý'. */
  confirmLabel?: string;
  /** The cancel button's text; defaults to 'Huỷ' (give another where the agree button says 'Huỷ …'). */
  cancelLabel?: string;
}

export const ConfirmDelete = lazyDialog('ConfirmDelete', () =>
  import('./ConfirmDeleteDialog').then((m) => m.ConfirmDelete as (props: ConfirmDeleteProps) => ReactElement),
) as unknown as (<R = unknown>(props: ConfirmDeleteProps<R>) => ReactElement | null) & Pick<LazyComponent<never>, 'preload'>;
