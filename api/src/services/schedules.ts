/**
 * Class sessions as a list (the dashboard's week, the schedules screen's search). Reading only: the
 * session writes (create, move, attendance) belong to the learning area.
 *
 * Scoping by the caller's type, enforced here whatever the filters say (scheduleScope):
 * - administrator: every session;
 * - teacher: sessions whose teacher_id is theirs;
 * - student: sessions of the classes they are actively enrolled in (enrolment status 1), or whose
 *   student_id is theirs (solo classes);
 * - academic_affair: sessions of their centre when they have one (all otherwise, as for accounts).
 */
import { and, count, eq, exists, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import type { ClassSchedule, ScheduleList } from '@trungtam/shared/contracts/schedules';
import { SCHEDULE_RELATIONSHIPS } from '@trungtam/shared/contracts/schedules';
import { centers, classes, classSchedules, enrollments } from '../db/schema';
import type { AppContext } from '../types';
import { isAdmin, type Actor } from '../access/access';
import { invalid } from '../lib/errors';
import { listResult, paging, relationships, sortBy } from '../lib/list';
import { distinctIds, loadById } from '../lib/relations';
import type { ScheduleListQuery } from '../schemas/schedules';

export const SCHEDULE_SORT_COLUMNS = {
  schedule_date: classSchedules.scheduleDate,
  schedule_id: classSchedules.scheduleId,
};

/** The condition limiting the sessions `actor` may see (undefined: all). */
export function scheduleScope(actor: Actor): SQL | undefined {
  if (isAdmin(actor)) return undefined;
  switch (actor.type) {
    case 'teacher':
      return eq(classSchedules.teacherId, actor.id);
    case 'student':
      return or(
        eq(classSchedules.studentId, actor.id),
        exists(
          sql`(select 1 from ${enrollments} where ${enrollments.classId} = ${classSchedules.classId} and ${enrollments.userId} = ${actor.id} and ${enrollments.status} = ${ENROLLMENT_STATUS.ACTIVE})`,
        ),
      );
    case 'academic_affair':
      return actor.center_id ? eq(classSchedules.centerId, actor.center_id) : undefined;
    default:
      // an unknown type sees nothing
      return sql`false`;
  }
}

type Row = typeof classSchedules.$inferSelect;

function toDto(row: Row): ClassSchedule {
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
  const scope = scheduleScope(actor);
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
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [total]] = await Promise.all([
    db.select().from(classSchedules).where(where).orderBy(...order).limit(p.limit).offset(p.offset),
    db.select({ n: count() }).from(classSchedules).where(where),
  ]);
  const dtos = rows.map(toDto);

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
  return listResult(dtos, Number(total?.n ?? 0), p);
}

function invalidRange(): never {
  throw invalid({ schedule_date: 'Ngày bắt đầu phải trước ngày kết thúc' });
}
