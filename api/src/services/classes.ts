/** Classes (read side): the list and one class, with the relations the enrolment form needs. */
import { and, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { LearningClass } from '@trungtam/shared/contracts/learning';
import { CLASS_RELATIONSHIPS } from '@trungtam/shared/contracts/learning';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { centers, classes, enrollments, productDiscounts, productItems, products, rooms, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { notFound, TEXT } from '../lib/errors';
import { containsPattern, listResult, paging, relationships, sortBy } from '../lib/list';
import { distinctIds, loadById } from '../lib/relations';
import type { ClassListQuery } from '@trungtam/shared/schemas/learning';

export type ClassRow = typeof classes.$inferSelect;

export const CLASS_SORT_COLUMNS = {
  class_id: classes.classId,
  id: classes.classId,
  class_name: classes.className,
  created_at: classes.createdAt,
  start_date: classes.startDate,
};

function toClassDto(row: ClassRow): LearningClass {
  return {
    class_id: row.classId,
    class_name: row.className,
    class_type: row.classType as LearningClass['class_type'],
    teacher_id: row.teacherId,
    academic_affair_id: row.academicAffairId,
    center_id: row.centerId,
    room_id: row.roomId,
    product_id: row.productId,
    product_item_id: row.productItemId,
    teacher_salary: row.teacherSalary,
    start_date: row.startDate,
    class_schedule: row.classSchedule,
    capacity: row.capacity,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Accounts' names by id, in one query. */
function namesById(db: Queryable, ids: number[]) {
  return loadById(ids, (some) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, some)), (u) => u.id);
}

/** Attaches the requested relations with one query per relation (no N+1). */
async function withRelations(db: Queryable, rows: ClassRow[], wanted: Set<string>): Promise<LearningClass[]> {
  const dtos = rows.map(toClassDto);
  if (rows.length === 0) return dtos;

  if (wanted.has('room')) {
    const byId = await loadById(
      distinctIds(rows, (r) => r.roomId),
      (ids) =>
        db
          .select({ roomId: rooms.roomId, name: rooms.name, roomNumber: rooms.roomNumber, centerId: centers.centerId, centerName: centers.name })
          .from(rooms)
          .leftJoin(centers, eq(centers.centerId, rooms.centerId))
          .where(inArray(rooms.roomId, ids)),
      (r) => r.roomId,
    );
    dtos.forEach((dto) => {
      const r = dto.room_id ? byId.get(dto.room_id) : undefined;
      dto.room = r
        ? { room_id: r.roomId, name: r.name, room_number: r.roomNumber, center: r.centerId ? { center_id: r.centerId, name: r.centerName ?? '' } : null }
        : null;
    });
  }
  // the class's staff by name: whoever may see the class sees who teaches it and who looks after it
  if (wanted.has('academic_affair')) {
    const byId = await namesById(db, distinctIds(rows, (r) => r.academicAffairId));
    dtos.forEach((dto) => {
      dto.academic_affair = (dto.academic_affair_id && byId.get(dto.academic_affair_id)) || null;
    });
  }
  if (wanted.has('teacher')) {
    const byId = await namesById(db, distinctIds(rows, (r) => r.teacherId));
    dtos.forEach((dto) => {
      dto.teacher = (dto.teacher_id && byId.get(dto.teacher_id)) || null;
    });
  }
  if (wanted.has('product_item')) {
    const itemIds = distinctIds(rows, (r) => r.productItemId);
    const items = itemIds.length
      ? await db
          .select({ item: productItems, productName: products.name })
          .from(productItems)
          .innerJoin(products, eq(products.productId, productItems.productId))
          .where(inArray(productItems.productItemId, itemIds))
      : [];
    const productIds = distinctIds(items, (i) => i.item.productId);
    const allowed = productIds.length
      ? await db.select().from(productDiscounts).where(inArray(productDiscounts.productId, productIds))
      : [];
    const byId = new Map(items.map((i) => [i.item.productItemId, i]));
    dtos.forEach((dto) => {
      const found = dto.product_item_id ? byId.get(dto.product_item_id) : undefined;
      dto.product_item = found
        ? {
            product_item_id: found.item.productItemId,
            name: found.item.name,
            total_lesson: found.item.totalLesson,
            price: found.item.price,
            product: {
              product_id: found.item.productId,
              name: found.productName,
              discount_ids: allowed.filter((a) => a.productId === found.item.productId).map((a) => a.discountId).sort((a, b) => a - b),
            },
          }
        : null;
    });
  }
  return dtos;
}

export async function listClasses(ctx: AppContext, actor: Actor, query: Static<typeof ClassListQuery>) {
  const { db } = ctx.database;
  const wanted = relationships(query.relationships, CLASS_RELATIONSHIPS);
  const order = sortBy(query, CLASS_SORT_COLUMNS, 'class_id', classes.classId);
  const p = paging(query);
  const conditions: (SQL | undefined)[] = [isNull(classes.deletedAt), policy(actor).where('LearningClass')];
  if (query.class_type) conditions.push(eq(classes.classType, query.class_type));
  if (query.teacher_id) conditions.push(eq(classes.teacherId, query.teacher_id));
  if (query.product_id) conditions.push(eq(classes.productId, query.product_id));
  if (query.academic_affair_id) conditions.push(eq(classes.academicAffairId, query.academic_affair_id));
  if (query.center_id) conditions.push(eq(classes.centerId, query.center_id));
  const search = query.search?.trim();
  if (search) conditions.push(ilike(classes.className, containsPattern(search)));
  const where = and(...conditions);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(classes).where(where);
  const rows = await db.select().from(classes).where(where).orderBy(...order).limit(p.limit).offset(p.offset);
  return listResult(await withRelations(db, rows, wanted), Number(count), p);
}

/** A non-deleted class by id (no access check). */
export async function findClass(db: Queryable, id: number): Promise<ClassRow | undefined> {
  const [row] = await db.select().from(classes).where(and(eq(classes.classId, id), isNull(classes.deletedAt)));
  return row;
}

/** Whether `userId` holds a (not removed) enrolment in class `classId`. */
export async function isEnrolled(db: Queryable, userId: number, classId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.enrollmentId })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.classId, classId), sql`${enrollments.status} <> 3`))
    .limit(1);
  return !!row;
}

export async function showClass(ctx: AppContext, actor: Actor, id: number, rels: string[] | undefined): Promise<LearningClass> {
  const { db } = ctx.database;
  const wanted = relationships(rels, CLASS_RELATIONSHIPS);
  const row = await findClass(db, id);
  if (!row) throw notFound(TEXT.classNotFound);
  policy(actor).assert('LearningClass', 'read', { ...row, actorEnrolled: await isEnrolled(db, actor.id, id) });
  return (await withRelations(db, [row], wanted))[0];
}
