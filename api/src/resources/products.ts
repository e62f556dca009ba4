/**
 * Courses (Product): the resource factory's five routes under /product/…. A course has a product type, a
 * teaching method (vendor), the discounts an enrolment may take, and its items: the packages sold (a name,
 * variants such as the level and the length, a number of lessons and a price in VND). A write sends the
 * whole course with its items: an item with its product_item_id is updated, one without is added, and the
 * course's items the body leaves out are deleted, unless a class or an order uses them (409 naming how
 * many). The course, its items and its discounts are written in one transaction with the audit entry.
 * Names are unique; a course a class uses cannot be deleted (409).
 */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { PRODUCT_STATUS, PRODUCT_TEXT, type ProductItem } from '@trungtam/shared/contracts/products';
import { ProductListFilters, ProductRecord, ProductWriteProps } from '@trungtam/shared/schemas/products';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { classes, discounts, orders, productDiscounts, productItems, productItemVariants, products, productTypes, variants, teachingMethods } from '../db/schema';
import { invalid } from '../lib/errors';
import { assertNameFree, assertUnused, crudPaths, listFilter, declareResource, blankToNull } from '../factory';

type ProductRow = typeof products.$inferSelect;

/** What a course's record needs beyond its row. */
interface ProductRelated {
  items: ProductItem[];
  discountIds: number[];
  typeName: string | null;
  teachingMethodName: string | null;
}

const unique = (ids: readonly number[]) => [...new Set(ids)];
const ascending = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

/** The items, discounts and names of `rows`: five queries for any number of courses. */
async function loadProductRelated(db: Queryable, rows: ProductRow[]): Promise<ProductRelated[]> {
  const productIds = rows.map((row) => row.productId);
  const typeIds = unique(rows.flatMap((row) => (row.productTypeId ? [row.productTypeId] : [])));
  const teachingMethodIds = unique(rows.flatMap((row) => (row.teachingMethodId ? [row.teachingMethodId] : [])));
  const [items, allowed, typeRows, teachingMethodRows] = await Promise.all([
    db.select().from(productItems).where(inArray(productItems.productId, productIds)).orderBy(asc(productItems.productItemId)),
    // (a deleted discount keeps its links, for its undo, but no longer shows as allowed)
    db
      .select({ productId: productDiscounts.productId, discountId: productDiscounts.discountId })
      .from(productDiscounts)
      .innerJoin(discounts, and(eq(discounts.discountId, productDiscounts.discountId), isNull(discounts.deletedAt)))
      .where(inArray(productDiscounts.productId, productIds)),
    typeIds.length ? db.select({ id: productTypes.id, name: productTypes.name }).from(productTypes).where(inArray(productTypes.id, typeIds)) : [],
    teachingMethodIds.length ? db.select({ id: teachingMethods.id, name: teachingMethods.name }).from(teachingMethods).where(inArray(teachingMethods.id, teachingMethodIds)) : [],
  ]);
  const links = items.length
    ? await db.select().from(productItemVariants).where(inArray(productItemVariants.productItemId, items.map((item) => item.productItemId)))
    : [];
  const typeNames = new Map(typeRows.map((row) => [row.id, row.name]));
  const teachingMethodNames = new Map(teachingMethodRows.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    items: items
      .filter((item) => item.productId === row.productId)
      .map((item) => ({
        product_item_id: item.productItemId,
        name: item.name,
        variant_ids: ascending(links.filter((link) => link.productItemId === item.productItemId).map((link) => link.variantId)),
        total_lesson: item.totalLesson,
        price: item.price,
      })),
    discountIds: ascending(allowed.filter((link) => link.productId === row.productId).map((link) => link.discountId)),
    typeName: row.productTypeId ? (typeNames.get(row.productTypeId) ?? null) : null,
    teachingMethodName: row.teachingMethodId ? (teachingMethodNames.get(row.teachingMethodId) ?? null) : null,
  }));
}

/** The ids among `ids` that no row of the table of `column` (its primary key) holds. */
async function missingIds(db: Queryable, table: typeof discounts | typeof variants, column: PgColumn, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  // a deleted discount or variant is a missing one
  const found = await db.select({ id: column }).from(table).where(and(inArray(column, ids), isNull(table.deletedAt)));
  const present = new Set(found.map((row) => row.id as number));
  return new Set(ids.filter((id) => !present.has(id)));
}

export default declareResource({
  name: 'Product',
  tag: 'product',
  paths: crudPaths('/product'),
  permission: 'Product',
  table: products,
  primaryKey: products.productId,
  idField: 'product_id',
  schemas: { record: ProductRecord, write: ProductWriteProps },
  sort: {
    columns: {
      product_id: products.productId,
      id: products.productId,
      name: products.name,
      status: products.status,
      created_at: products.createdAt,
      product_type_id: products.productTypeId,
      vendor_id: products.teachingMethodId,
    },
    default: 'product_id',
  },
  search: [products.name],
  filters: {
    product_type_id: listFilter(ProductListFilters.product_type_id, (id) => (id ? eq(products.productTypeId, id) : undefined)),
    vendor_id: listFilter(ProductListFilters.vendor_id, (id) => (id ? eq(products.teachingMethodId, id) : undefined)),
    status: listFilter(ProductListFilters.status, (status) => (status ? eq(products.status, status) : undefined)),
  },
  updatedAt: products.updatedAt,
  loadRelated: loadProductRelated,
  toRecord: (row: ProductRow, related: ProductRelated) => ({
    product_id: row.productId,
    name: row.name,
    product_type_id: row.productTypeId,
    vendor_id: row.teachingMethodId,
    description: row.description,
    status: row.status,
    discount_ids: related.discountIds,
    items: related.items,
    product_type_name: related.typeName,
    vendor_name: related.teachingMethodName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  toValues: (body) => ({
    name: body.name.trim(),
    productTypeId: body.product_type_id,
    teachingMethodId: body.vendor_id,
    description: blankToNull(body.description),
    status: body.status ?? PRODUCT_STATUS.ACTIVE,
  }),
  async beforeWrite(db, _actor, body, existing) {
    const fields: Record<string, string> = {};
    const [type] = await db.select({ id: productTypes.id }).from(productTypes).where(and(eq(productTypes.id, body.product_type_id), isNull(productTypes.deletedAt))).limit(1);
    if (!type) fields.product_type_id = PRODUCT_TEXT.typeNotFound;
    const [teachingMethod] = await db.select({ id: teachingMethods.id }).from(teachingMethods).where(and(eq(teachingMethods.id, body.vendor_id), isNull(teachingMethods.deletedAt))).limit(1);
    if (!teachingMethod) fields.vendor_id = PRODUCT_TEXT.teachingMethodNotFound;
    if ((await missingIds(db, discounts, discounts.discountId, unique(body.discount_ids))).size) fields.discount_ids = PRODUCT_TEXT.discountNotFound;

    const missingVariants = await missingIds(db, variants, variants.id, unique(body.items.flatMap((item) => item.variant_ids ?? [])));
    const ownItems = existing
      ? new Set((await db.select({ id: productItems.productItemId }).from(productItems).where(eq(productItems.productId, existing.productId))).map((row) => row.id))
      : new Set<number>();
    const sentItems = new Set<number>();
    body.items.forEach((item, index) => {
      if ((item.variant_ids ?? []).some((id) => missingVariants.has(id))) fields[`items.${index}.variant_ids`] = PRODUCT_TEXT.variantNotFound;
      const id = item.product_item_id;
      if (id === undefined) return;
      if (!ownItems.has(id)) fields[`items.${index}.product_item_id`] = PRODUCT_TEXT.itemNotOfCourse;
      else if (sentItems.has(id)) fields[`items.${index}.product_item_id`] = PRODUCT_TEXT.itemTwice;
      sentItems.add(id);
    });
    if (Object.keys(fields).length) throw invalid(fields);

    await assertNameFree(db, { table: products, column: products.name, primaryKey: products.productId }, body.name, PRODUCT_TEXT.duplicate, { exceptId: existing?.productId });
  },
  async writeRelated(tx, body, row, existing) {
    const productId = row.productId;
    await tx.delete(productDiscounts).where(eq(productDiscounts.productId, productId));
    await tx.insert(productDiscounts).values(unique(body.discount_ids).map((discountId) => ({ productId, discountId })));

    const kept = body.items.flatMap((item) => (item.product_item_id === undefined ? [] : [item.product_item_id]));
    if (existing) {
      const leaving = and(eq(productItems.productId, productId), kept.length ? notInArray(productItems.productItemId, kept) : undefined);
      const removed = (await tx.select({ id: productItems.productItemId }).from(productItems).where(leaving)).map((item) => item.id);
      if (removed.length) {
        await assertUnused(tx, 'Gói khoá học', [
          { table: classes, where: and(inArray(classes.productItemId, removed), isNull(classes.deletedAt)), what: 'lớp học' },
          { table: orders, where: inArray(orders.productItemId, removed), what: 'đơn hàng' },
        ]);
        await tx.delete(productItems).where(inArray(productItems.productItemId, removed));
      }
    }

    const itemIds: number[] = [];
    for (const item of body.items) {
      const values = { name: item.name.trim(), totalLesson: item.total_lesson, price: item.price };
      if (item.product_item_id !== undefined) {
        await tx.update(productItems).set({ ...values, updatedAt: new Date() }).where(eq(productItems.productItemId, item.product_item_id));
        itemIds.push(item.product_item_id);
      } else {
        const [created] = await tx.insert(productItems).values({ productId, ...values }).returning({ id: productItems.productItemId });
        itemIds.push(created.id);
      }
    }
    await tx.delete(productItemVariants).where(inArray(productItemVariants.productItemId, itemIds));
    const links = body.items.flatMap((item, index) => unique(item.variant_ids ?? []).map((variantId) => ({ productItemId: itemIds[index], variantId })));
    if (links.length) await tx.insert(productItemVariants).values(links);
  },
  beforeDelete: (db, _actor, course) =>
    assertUnused(db, 'Khoá học', [
      { table: classes, where: and(eq(classes.productId, course.productId), isNull(classes.deletedAt)), what: 'lớp học' },
      {
        table: orders,
        where: sql`${orders.productItemId} in (select ${productItems.productItemId} from ${productItems} where ${productItems.productId} = ${course.productId})`,
        what: 'đơn hàng',
      },
    ]),
  messages: {
    duplicate: PRODUCT_TEXT.duplicate,
    // a deleted class still points at the course or at one of its items
    inUse: 'Khoá học đã có lớp học hoặc đơn hàng trong lịch sử: không thể xoá',
  },
});
