/** Orders for the money tests: a fresh unpaid one, copied from a seeded order of a centre's class. */
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../src/db/client';
import { classes, orders } from '../../src/db/schema';

/** A fresh unpaid order of `amount` đ (4,800,000 by default), due far ahead, of an enrolment in a class of `centerId`, made now. */
export async function unpaidOrder(db: Queryable, centerId: number, amount = 4_800_000) {
  const [template] = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(classes, eq(classes.classId, orders.classId))
    .where(eq(classes.centerId, centerId))
    .orderBy(asc(orders.orderId))
    .limit(1);
  const { orderId: _id, createdAt: _created, updatedAt: _updated, ...copy } = template.order;
  const [order] = await db
    .insert(orders)
    .values({ ...copy, listPrice: amount, discountPercent: 0, amount, paidAmount: 0, status: 'pending', dueDate: '2099-01-01' })
    .returning();
  return order;
}
