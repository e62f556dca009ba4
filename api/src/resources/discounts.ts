/**
 * Discounts (ProductDiscount) at their own paths: GET /discounts (page, limit=100, sort discount_id
 * DESC), GET /discounts/{id}, POST /discounts, PUT /discounts (a client may send only discount_id and
 * discount_percent: fields not sent keep their values), DELETE /discounts/{discount_id}, POST /discounts/bulk-delete and /discounts/restore.
 * A discount an enrolment used cannot be deleted (409); an unused one is deleted softly: it no longer shows
 * nor can be chosen, and the courses that allowed it keep their link, so that its undo brings it back as it was.
 */
import { eq, isNull } from 'drizzle-orm';
import { DiscountSchema } from '@trungtam/shared/schemas/learning';
import { DISCOUNT_STATUS, DISCOUNT_TEXT, DiscountWrite } from '@trungtam/shared/schemas/settings';
import { discounts, enrollments } from '../db/schema';
import { assertNameFree, assertUnused, listFilter, declareResource } from '../factory';
import { Int, SMALLINT_MAX } from '@trungtam/shared/schemas/builders';

export default declareResource({
  name: 'Discount',
  tag: 'discounts',
  paths: { list: '/discounts', show: '/discounts/:id', create: '/discounts', update: '/discounts', remove: '/discounts/:id', bulkRemove: '/discounts/bulk-delete', restore: '/discounts/restore' },
  permission: 'ProductDiscount',
  table: discounts,
  primaryKey: discounts.discountId,
  idField: 'discount_id',
  partialUpdate: true,
  schemas: { record: DiscountSchema, write: DiscountWrite },
  sort: { columns: { discount_id: discounts.discountId, discount_percent: discounts.discountPercent, name: discounts.name }, default: 'discount_id' },
  search: [discounts.name],
  filters: {
    status: listFilter(Int(0, SMALLINT_MAX, 'status không hợp lệ'), (status) => (status ? eq(discounts.status, status) : undefined)),
  },
  updatedAt: discounts.updatedAt,
  softDelete: discounts.deletedAt,
  toRecord: (row: typeof discounts.$inferSelect) => ({
    discount_id: row.discountId,
    name: row.name,
    discount_percent: row.discountPercent,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  toValues: (body) => ({ name: body.name.trim(), discountPercent: body.discount_percent, status: body.status ?? DISCOUNT_STATUS.ACTIVE }),
  beforeWrite: (db, _actor, body, existing) =>
    assertNameFree(db, { table: discounts, column: discounts.name, primaryKey: discounts.discountId }, body.name, DISCOUNT_TEXT.duplicate, {
      exceptId: existing?.discountId,
      within: isNull(discounts.deletedAt),
    }),
  beforeDelete: (db, _actor, discount) =>
    assertUnused(db, 'Khuyến mại', [
      { table: enrollments, where: eq(enrollments.discountId, discount.discountId), what: 'lượt xếp lớp' },
    ]),
  messages: { duplicate: DISCOUNT_TEXT.duplicate, inUse: 'Khuyến mại đang được sử dụng: không thể xoá' },
});
