/**
 * "Thu tiền": an order's payments in a dialog (its student, class and course; Số tiền, Đã thu, Còn nợ and
 * the due date; the transfer reference and VietQR code; each payment with its receipt) and, for staff who
 * may, a form that takes a payment and a "Huỷ phiếu" per payment that voids it with a reason. A closed one
 * draws nothing and needs no code: the dialog, built with the kit and the form library, downloads once
 * the page has settled or when first opened (lazyDialog, OrderPaymentsDialogContent.tsx), not with a
 * screen's first page; the QR code's encoder with the first code drawn (QrCodeSvg.tsx).
 */
import type { ReactElement } from 'react';
import type { OrderDetail, PaymentCreateRequest, PaymentVoidRequest } from '../contracts/payments';
import { lazyDialog } from './lazyParts';

export { createPayment, renewEnrollment, voidPayment } from '../payments';

export interface OrderPaymentsDialogProps {
  /** The order whose payments are shown; null closes the dialog. */
  orderId: number | null;
  onClose: () => void;
  /** Sends a payment (the kit's `createPayment`, for one with Payment/Create): without it no form is shown. */
  onPay?: (body: PaymentCreateRequest) => Promise<OrderDetail>;
  /** Voids a payment (the kit's `voidPayment`, for one with Payment/Delete): without it no "Huỷ phiếu". */
  onVoid?: (body: PaymentVoidRequest) => Promise<OrderDetail>;
  /** After a payment is taken or voided: the caller's lists, whose paid amounts and statuses it changed, refresh. */
  onChanged?: (order: OrderDetail) => void;
  /** The waiting time before a form is sent (default: every form's 1 second). */
  delayMs?: number;
}

export const OrderPaymentsDialog = lazyDialog<OrderPaymentsDialogProps>(
  'OrderPaymentsDialog',
  () => import('./OrderPaymentsDialogContent').then((m) => m.OrderPaymentsDialog as (props: OrderPaymentsDialogProps) => ReactElement),
  (props) => props.orderId !== null,
);
