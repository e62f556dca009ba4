/** Discounts (read side): the choices of the enrolment form. */
import { eq, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Discount } from '@trungtam/shared/contracts/learning';
import type { AppContext } from '../types';
import { discounts } from '../db/schema';
import { notFound, TEXT } from '../lib/errors';
import { listResult, paging, sortBy } from '../lib/list';
import type { DiscountListQuery } from '../schemas/learning';

export const DISCOUNT_SORT_COLUMNS = {
  discount_id: discounts.discountId,
  discount_percent: discounts.discountPercent,
  name: discounts.name,
};

type DiscountRow = typeof discounts.$inferSelect;

export function toDiscountDto(row: DiscountRow): Discount {
  return {
    discount_id: row.discountId,
    name: row.name,
    discount_percent: row.discountPercent,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listDiscounts(ctx: AppContext, query: Static<typeof DiscountListQuery>) {
  const { db } = ctx.database;
  const order = sortBy(query, DISCOUNT_SORT_COLUMNS, 'discount_id', discounts.discountId);
  const p = paging(query);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(discounts);
  const rows = await db.select().from(discounts).orderBy(...order).limit(p.limit).offset(p.offset);
  return listResult(rows.map(toDiscountDto), Number(count), p);
}

export async function showDiscount(ctx: AppContext, id: number): Promise<Discount> {
  const [row] = await ctx.database.db.select().from(discounts).where(eq(discounts.discountId, id));
  if (!row) throw notFound(TEXT.discountNotFound);
  return toDiscountDto(row);
}
