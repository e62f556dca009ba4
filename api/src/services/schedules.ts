/**
 * Class sessions as a list (the dashboard's week, the schedules screen's calendar and search), scoped by
 * the caller's type (the access policy's LearningClassSchedule scope), whatever the filters say. The
 * writes on one session (add, move, cancel, attendance) are in session-writes.ts.
 */
import { and, count, eq, exists, gte, inArray, lte, ne, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { ClassSchedule, ScheduleList } from '@trungtam/shared/contracts/schedules';
import { SCHEDULE_RELATIONSHIPS } from '@trungtam/shared/contracts/schedules';
import { attendances, centers, classes, classSchedules, rooms, users } from '../db/schema';
import type { Queryable } from '../db/client';
import type { AppContext } from '../types';
import { policy, type Actor } from '../access/access';
import { invalid } from '../lib/errors';
import { listResult, paging, relationships, sortBy } from '../lib/list';
import { distinctIds, loadById } from '../lib/relations';
import type { ScheduleListQuery } from '@trungtam/shared/schemas/schedules';

export const SCHEDULE_SORT_COLUMNS = {
  schedule_date: classSchedules.scheduleDate,
  schedule_id: classSchedules.scheduleId,
};

export type Row = typeof classSchedules.$inferSelect;

export function toDto(row: Row): ClassSchedule {
  return {
    schedule_id: row.scheduleId,
    class_id: row.classId,
    schedule_date: row.scheduleDate,
    schedule_date_text: row.scheduleDateText,
    schedule_hour: row.scheduleHour,
    schedule_minute: row.scheduleMinute,
    duration: row.duration,
    teacher_id: row.teacherId,
    academic_affair_id: row.academicAffairId,
    room_id: row.roomId,
    center_id: row.centerId,
    student_id: row.studentId,
    is_attendance: row.isAttendance === 1 ? 1 : 0,
    makeup_of: row.makeupOf,
    original_teacher_id: row.originalTeacherId,
  };
}

export async function listSchedules(
  ctx: AppContext,
  actor: Actor,
  query: Static<typeof ScheduleListQuery>,
): Promise<ScheduleList> {
  const { db } = ctx.database;
  const wanted = relationships(query.relationships, SCHEDULE_RELATIONSHIPS);
  const order = sortBy(query, SCHEDULE_SORT_COLUMNS, 'schedule_date', classSchedules.scheduleId);
  const p = paging(query);

  const conditions: SQL[] = [];
  const scope = policy(actor).where('LearningClassSchedule');
  if (scope) conditions.push(scope);
  const [start, end] = query.schedule_date ?? [];
  if (start && end && start > end) invalidRange();
  if (start) conditions.push(gte(classSchedules.scheduleDate, start));
  if (end) conditions.push(lte(classSchedules.scheduleDate, end));
  // Filters given as 0 mean "all".
  const filters: Array<[number | undefined, AnyColumn]> = [
    [query.class_id, classSchedules.classId],
    [query.teacher_id, classSchedules.teacherId],
    [query.academic_affair_id, classSchedules.academicAffairId],
    [query.center_id, classSchedules.centerId],
    [query.room_id, classSchedules.roomId],
    [query.student_id, classSchedules.studentId],
  ];
  for (const [value, column] of filters) if (value) conditions.push(eq(column, value));
  for (const condition of drillDownConditions(db, query)) conditions.push(condition);
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [total]] = await Promise.all([
    db.select().from(classSchedules).where(where).orderBy(...order).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(classSchedules).where(where),
  ]);
  return listResult(await withRelations(db, rows, wanted), Number(total?.n ?? 0), p);
}

/**
 * The filters the operations overview's figures open the list with: the class's course, whether the roll
 * was taken, and the sessions a student was marked absent in (not excused: the overview's "Số buổi vắng").
 * Within the caller's scope like every other filter.
 */
function drillDownConditions(db: Queryable, query: Static<typeof ScheduleListQuery>): SQL[] {
  const conditions: SQL[] = [];
  if (query.product_id) {
    conditions.push(inArray(classSchedules.classId, db.select({ id: classes.classId }).from(classes).where(eq(classes.productId, query.product_id))));
  }
  // the roll taken is 1; anything else is not taken
  if (query.attendance_taken !== undefined) conditions.push(query.attendance_taken === 1 ? eq(classSchedules.isAttendance, 1) : ne(classSchedules.isAttendance, 1));
  if (query.absent_student_id) {
    conditions.push(
      exists(
        db
          .select({ one: attendances.scheduleId })
          .from(attendances)
          .where(and(eq(attendances.scheduleId, classSchedules.scheduleId), eq(attendances.userId, query.absent_student_id), eq(attendances.status, 'absent'))),
      ),
    );
  }
  return conditions;
}

/** The sessions as the API answers them, with the relations asked for (one query per relation). */
export async function withRelations(db: Queryable, rows: Row[], wanted: Set<string>): Promise<ClassSchedule[]> {
  const dtos = rows.map(toDto);
  if (rows.length === 0) return dtos;
  if (wanted.has('class')) {
    const byId = await loadById(
      distinctIds(rows, (r) => r.classId),
      (ids) =>
        db
          .select({ class_id: classes.classId, class_name: classes.className, class_type: classes.classType })
          .from(classes)
          .where(inArray(classes.classId, ids)),
      (c) => c.class_id,
    );
    for (const dto of dtos) dto.class = byId.get(dto.class_id) ?? null;
  }
  if (wanted.has('center')) {
    const byId = await loadById(
      distinctIds(rows, (r) => r.centerId),
      (ids) => db.select({ center_id: centers.centerId, name: centers.name }).from(centers).where(inArray(centers.centerId, ids)),
      (c) => c.center_id,
    );
    for (const dto of dtos) dto.center = dto.center_id === null ? null : (byId.get(dto.center_id) ?? null);
  }
  if (wanted.has('room')) {
    const byId = await loadById(
      distinctIds(rows, (r) => r.roomId),
      (ids) => db.select({ room_id: rooms.roomId, name: rooms.name }).from(rooms).where(inArray(rooms.roomId, ids)),
      (r) => r.room_id,
    );
    for (const dto of dtos) dto.room = dto.room_id === null ? null : (byId.get(dto.room_id) ?? null);
  }
  if (wanted.has('teacher')) {
    const byId = await loadById(
      // a substitute's session names the teacher replaced too
      [...new Set([...distinctIds(rows, (r) => r.teacherId), ...distinctIds(rows, (r) => r.originalTeacherId)])],
      (ids) => db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
      (u) => u.id,
    );
    for (const dto of dtos) {
      dto.teacher = dto.teacher_id === null ? null : (byId.get(dto.teacher_id) ?? null);
      dto.original_teacher = dto.original_teacher_id === null ? null : (byId.get(dto.original_teacher_id) ?? null);
    }
  }
  return dtos;
}

function invalidRange(): never {
  throw invalid({ schedule_date: 'Ngày bắt đầu phải trước ngày kết thúc' });
}
