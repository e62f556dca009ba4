/** HTTP contract of the revenue report (/learning/order/revenue and /export). Change with the API's schemas. */
import type { Static } from 'typebox';
import type { RevenueAmountsSchema, RevenueCenterSchema, RevenueQuery, RevenueReportSchema, RevenueRowSchema } from '../schemas/revenue';

export * from './rules/revenue';

/** GET /learning/order/revenue: from, to (YYYY-MM-DD), group (day | month), center_id. */
export type RevenueFilters = Static<typeof RevenueQuery>;
export type RevenueAmounts = Static<typeof RevenueAmountsSchema>;
export type RevenueRow = Static<typeof RevenueRowSchema>;
export type RevenueCenter = Static<typeof RevenueCenterSchema>;
export type RevenueReport = Static<typeof RevenueReportSchema>;
