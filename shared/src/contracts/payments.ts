/** HTTP contract of orders' payments and receipts (/learning/order/*). Change with the API's schemas. */
import type { Static } from 'typebox';
import type {
  CancelPreviewSchema,
  CreditLineSchema,
  DebtListSchema,
  DebtQuery,
  DebtRowSchema,
  EnrollmentCancelBody,
  EnrollmentCancelResultSchema,
  OrderDetailSchema,
  PaymentCreateBody,
  PaymentSchema,
  PaymentVoidBody,
  RefundSchema,
  StudentCreditSchema,
  TransferPreviewSchema,
  TransferResultSchema,
} from '../schemas/payments';

export * from './rules/payments';

export type OrderDetail = Static<typeof OrderDetailSchema>;
export type Payment = Static<typeof PaymentSchema>;
export type PaymentCreateRequest = Static<typeof PaymentCreateBody>;
export type PaymentVoidRequest = Static<typeof PaymentVoidBody>;
/** GET /learning/order/debts: its filters, rows and totals. */
export type DebtFilters = Static<typeof DebtQuery>;
export type DebtRow = Static<typeof DebtRowSchema>;
export type DebtList = Static<typeof DebtListSchema>;
/** A student's credit and its lines. */
export type StudentCredit = Static<typeof StudentCreditSchema>;
export type CreditLine = Static<typeof CreditLineSchema>;
/** Cancelling an enrolment with what it gives back. */
export type CancelPreview = Static<typeof CancelPreviewSchema>;
export type EnrollmentCancelRequest = Static<typeof EnrollmentCancelBody>;
export type EnrollmentCancelResult = Static<typeof EnrollmentCancelResultSchema>;
export type Refund = Static<typeof RefundSchema>;
/** Moving an enrolment to another class. */
export type TransferPreview = Static<typeof TransferPreviewSchema>;
export type TransferResult = Static<typeof TransferResultSchema>;
