/**
 * Class sessions as a list (the dashboard's week, the schedules screen's search). Reading only: the
 * session writes (create, move, attendance) belong to the learning area. Scoped by the caller's type
 * (the access policy's LearningClassSchedule scope), whatever the filters say.
 */
import { and, count, eq, gte, inArray, lte, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { ClassSchedule, ScheduleList } from '@trungtam/shared/contracts/schedules';
import { SCHEDULE_RELATIONSHIPS } from '@trungtam/shared/contracts/schedules';
import { centers, classes, classSchedules } from '../db/schema';
import type { AppContext } from '../types';
import { policy, type Actor } from '../access/access';
import { invalid } from '../lib/errors';
import { listResult, paging, relationships, sortBy } from '../lib/list';
import { distinctIds, loadById } from '../lib/relations';
import type { ScheduleListQuery } from '../schemas/schedules';

export const SCHEDULE_SORT_COLUMNS = {
  schedule_date: classSchedules.scheduleDate,
  schedule_id: classSchedules.scheduleId,
};

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
