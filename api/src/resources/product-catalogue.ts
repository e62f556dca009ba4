/**
 * The course catalogue's settings, each the resource factory's five routes under /product/…:
 * product types (ProductType), teaching methods (Vendor), variant groups (VariantGroup) and variants
 * (Variant, each in a group). Names are unique (a variant's within its group). All four delete softly
 * (restorable for a minute; a deleted one's name is free again). One that a course uses cannot be deleted
 * (409 naming how many use it); a group one of whose variants a course item carries neither. Deleting a group
 * deletes its variants at the same moment, and restoring it brings back exactly those; a variant whose group
 * is deleted is not restored on its own (409: restore the group first).
 */
import { and, eq, exists, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuditResource } from '@trungtam/shared/contracts';
import type { PermissionResource } from '@trungtam/shared/permissions';
import { NamedItemRecord, VariantGroupRecord, VariantRecord } from '@trungtam/shared/schemas/records';
import { ProductTypeWrite, VariantGroupWrite, VariantWrite, TeachingMethodWrite } from '@trungtam/shared/schemas/settings';
import { productItems, productItemVariants, products, productTypes, variantGroups, variants, teachingMethods } from '../db/schema';
import { invalid } from '../lib/errors';
import { assertNameFree, assertUnused, crudPaths, listFilter, namedEntryRoutes, declareResource, blankToNull } from '../factory';
import type { AuditEntry } from '../factory/audit';
import type { Queryable } from '../db/client';
import { conflict } from '../lib/errors';
import { IdFilter } from '@trungtam/shared/schemas/builders';

// ---------------------------------------------------------------- product types and teaching methods

/** A named entry with a description that courses point at through `courseColumn`. */
function describedEntryRoutes(options: {
  name: AuditResource;
  permission: PermissionResource;
  path: string;
  table: typeof productTypes | typeof teachingMethods;
  courseColumn: PgColumn;
  /** The write schema: a name and a description (shared/src/schemas/settings). */
  write: typeof ProductTypeWrite;
  /** 'Loại sản phẩm', 'Hình thức học'. */
  subject: string;
}) {
  const { table } = options;
  return namedEntryRoutes({
    name: options.name,
    tag: 'product',
    permission: options.permission,
    path: options.path,
    table,
    primaryKey: table.id,
    idField: 'id',
    idOf: (row: typeof productTypes.$inferSelect) => row.id,
    schemas: { record: NamedItemRecord, write: options.write },
    search: [table.name, table.description],
    toRecord: (row) => ({ id: row.id, name: row.name, description: row.description }),
    toValues: (body) => ({ name: body.name.trim(), description: blankToNull(body.description) }),
    subject: options.subject,
    duplicate: `${options.subject} tên này đã tồn tại`,
    usages: (id) => [{ table: products, where: eq(options.courseColumn, id), what: 'khoá học' }],
    softDelete: true,
  });
}

const productTypeRoutes = describedEntryRoutes({
  name: 'ProductType',
  permission: 'ProductType',
  path: '/product/product-type',
  table: productTypes,
  courseColumn: products.productTypeId,
  write: ProductTypeWrite,
  subject: 'Loại sản phẩm',
});

const teachingMethodRoutes = describedEntryRoutes({
  name: 'Vendor',
  permission: 'Vendor',
  path: '/product/vendor',
  table: teachingMethods,
  courseColumn: products.teachingMethodId,
  write: TeachingMethodWrite,
  subject: 'Hình thức học',
});

// ---------------------------------------------------------------- variants

const GROUP_DUPLICATE = 'Nhóm thuộc tính tên này đã tồn tại';
export const VARIANT_TEXT = {
  groupMissing: 'Nhóm thuộc tính không tồn tại',
  groupDeleted: 'Nhóm thuộc tính của thuộc tính này đã bị xoá: hãy khôi phục nhóm trước',
} as const;

type VariantRow = typeof variants.$inferSelect;
const variantRecord = (row: VariantRow) => ({ id: row.id, variant_group_id: row.variantGroupId, name: row.name });

/** Stamps `deletedAt` (a delete) or clears it (a restore) on the variants `where` picks; their audit entries. */
async function stampVariants(tx: Queryable, where: ReturnType<typeof and>, deletedAt: Date | null): Promise<AuditEntry[]> {
  const rows = await tx.update(variants).set({ deletedAt }).where(where).returning();
  return rows.map((row) =>
    deletedAt
      ? { action: 'delete' as const, resource: 'Variant' as const, resourceId: row.id, before: variantRecord(row) }
      : { action: 'restore' as const, resource: 'Variant' as const, resourceId: row.id, after: variantRecord(row) },
  );
}

const variantGroupRoutes = declareResource({
  name: 'VariantGroup',
  tag: 'product',
  paths: crudPaths('/product/variant-group'),
  permission: 'VariantGroup',
  table: variantGroups,
  primaryKey: variantGroups.id,
  idField: 'id',
  schemas: { record: VariantGroupRecord, write: VariantGroupWrite },
  sort: { columns: { id: variantGroups.id, name: variantGroups.name, created_at: variantGroups.createdAt }, default: 'id' },
  search: [variantGroups.name],
  updatedAt: variantGroups.updatedAt,
  softDelete: variantGroups.deletedAt,
  toRecord: (row: typeof variantGroups.$inferSelect) => ({ id: row.id, name: row.name }),
  toValues: (body) => ({ name: body.name.trim() }),
  beforeWrite: (db, _actor, body, existing) =>
    assertNameFree(db, { table: variantGroups, column: variantGroups.name, primaryKey: variantGroups.id }, body.name, GROUP_DUPLICATE, {
      exceptId: existing?.id,
      within: isNull(variantGroups.deletedAt),
    }),
  beforeDelete: (db, _actor, group) =>
    assertUnused(db, 'Nhóm thuộc tính', [
      {
        table: productItems,
        where: exists(
          db
            .select({ one: productItemVariants.variantId })
            .from(productItemVariants)
            .innerJoin(variants, eq(variants.id, productItemVariants.variantId))
            .where(and(eq(productItemVariants.productItemId, productItems.productItemId), eq(variants.variantGroupId, group.id))),
        ),
        what: 'gói khoá học',
      },
    ]),
  // its variants go with it, at its moment; its restore brings back those, not one deleted before on its own
  onSoftDelete: (tx, group, at) => stampVariants(tx, and(eq(variants.variantGroupId, group.id), isNull(variants.deletedAt)), at),
  onRestore: (tx, group, deletedAt) => stampVariants(tx, and(eq(variants.variantGroupId, group.id), eq(variants.deletedAt, deletedAt)), null),
  messages: { duplicate: GROUP_DUPLICATE, inUse: 'Nhóm thuộc tính đang được sử dụng: không thể xoá' },
});

const VARIANT_DUPLICATE = 'Nhóm này đã có thuộc tính tên này';

const variantRoutes = declareResource({
  name: 'Variant',
  tag: 'product',
  paths: crudPaths('/product/variant'),
  permission: 'Variant',
  table: variants,
  primaryKey: variants.id,
  idField: 'id',
  schemas: {
    record: VariantRecord,
    write: VariantWrite,
  },
  sort: { columns: { id: variants.id, name: variants.name, variant_group_id: variants.variantGroupId, created_at: variants.createdAt }, default: 'id' },
  search: [variants.name],
  filters: {
    variant_group_id: listFilter(IdFilter('variant_group_id phải là số'), (groupId) => (groupId ? eq(variants.variantGroupId, groupId) : undefined)),
  },
  updatedAt: variants.updatedAt,
  softDelete: variants.deletedAt,
  toRecord: variantRecord,
  toValues: (body) => ({ variantGroupId: body.variant_group_id, name: body.name.trim() }),
  async beforeWrite(db, _actor, body, existing) {
    // a deleted group is a missing one
    const [group] = await db
      .select({ id: variantGroups.id })
      .from(variantGroups)
      .where(and(eq(variantGroups.id, body.variant_group_id), isNull(variantGroups.deletedAt)))
      .limit(1);
    if (!group) throw invalid({ variant_group_id: VARIANT_TEXT.groupMissing });
    await assertNameFree(db, { table: variants, column: variants.name, primaryKey: variants.id }, body.name, VARIANT_DUPLICATE, {
      exceptId: existing?.id,
      within: and(eq(variants.variantGroupId, body.variant_group_id), isNull(variants.deletedAt)),
    });
  },
  async beforeRestore(db, _actor, variant) {
    const [group] = await db.select({ deletedAt: variantGroups.deletedAt }).from(variantGroups).where(eq(variantGroups.id, variant.variantGroupId));
    if (group?.deletedAt) throw conflict(VARIANT_TEXT.groupDeleted);
  },
  // a variant a course item carries stays
  beforeDelete: (db, _actor, variant) =>
    assertUnused(db, 'Thuộc tính', [{ table: productItemVariants, where: eq(productItemVariants.variantId, variant.id), what: 'gói khoá học' }]),
  messages: { duplicate: VARIANT_DUPLICATE, inUse: 'Thuộc tính đang được sử dụng: không thể xoá' },
});

export default [productTypeRoutes, teachingMethodRoutes, variantGroupRoutes, variantRoutes];
