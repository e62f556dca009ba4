/** HTTP contract of orders' payments and receipts (/learning/order/*). Change with the API's schemas. */
import type { Static } from 'typebox';
import type { DebtListSchema, DebtQuery, DebtRowSchema, OrderDetailSchema, PaymentCreateBody, PaymentSchema, PaymentVoidBody } from '../schemas/payments';

export * from './rules/payments';

export type OrderDetail = Static<typeof OrderDetailSchema>;
export type Payment = Static<typeof PaymentSchema>;
export type PaymentCreateRequest = Static<typeof PaymentCreateBody>;
export type PaymentVoidRequest = Static<typeof PaymentVoidBody>;
/** GET /learning/order/debts: its filters, rows and totals. */
export type DebtFilters = Static<typeof DebtQuery>;
export type DebtRow = Static<typeof DebtRowSchema>;
export type DebtList = Static<typeof DebtListSchema>;
