/** HTTP contract of the operator's insights (/learning/insights/…). Change with the API's schemas. */
import type { Static } from 'typebox';
import type {
  AbsentStudentSchema,
  AttendanceClassSchema,
  AttendanceInsightSchema,
  AttendanceTeacherSchema,
  AttendanceWeekSchema,
  CapacityCellSchema,
  CapacityCentreSchema,
  CapacityInsightSchema,
  CapacityRoomSchema,
  EnrolmentClassSchema,
  EnrolmentInsightSchema,
  EnrolmentMonthSchema,
  InsightQuery,
  MoneyCourseSchema,
  MoneyInsightSchema,
  MoneyMonthSchema,
  TeacherHoursSchema,
} from '../schemas/insights';

import { dayjs, operatorIsoWeek } from '../operatorDate';
import { INSIGHT_LIMITS, INSIGHT_TEXT } from './rules/insights';

export * from './rules/insights';

/** GET /learning/insights/…: from, to (YYYY-MM-DD), center_id, product_id, teacher_id. */
export type InsightFilters = Static<typeof InsightQuery>;
export type AttendanceWeek = Static<typeof AttendanceWeekSchema>;
export type AttendanceClass = Static<typeof AttendanceClassSchema>;
export type AttendanceTeacher = Static<typeof AttendanceTeacherSchema>;
export type AbsentStudent = Static<typeof AbsentStudentSchema>;
export type AttendanceInsight = Static<typeof AttendanceInsightSchema>;
export type MoneyMonth = Static<typeof MoneyMonthSchema>;
export type MoneyCourse = Static<typeof MoneyCourseSchema>;
export type MoneyInsight = Static<typeof MoneyInsightSchema>;

/** The first day of the default period ending on `to`: the Monday of the week 7 weeks before `to`'s (8 weeks in all). */
export function defaultInsightFrom(to: string): string {
  return dayjs(operatorIsoWeek(to).start, 'YYYY-MM-DD', true)
    .subtract(INSIGHT_LIMITS.defaultWeeks - 1, 'week')
    .format('YYYY-MM-DD');
}

/** Why a period cannot be asked for (the API's own rules, checked by the screen before asking), or null. */
export function insightPeriodProblem(from: string, to: string): string | null {
  if (to < from) return INSIGHT_TEXT.order;
  if (dayjs(to, 'YYYY-MM-DD', true).diff(dayjs(from, 'YYYY-MM-DD', true), 'day') + 1 > INSIGHT_LIMITS.maxDays) return INSIGHT_TEXT.tooLong;
  return null;
}

export type CapacityCell = Static<typeof CapacityCellSchema>;
export type CapacityRoom = Static<typeof CapacityRoomSchema>;
export type CapacityCentre = Static<typeof CapacityCentreSchema>;
export type TeacherHours = Static<typeof TeacherHoursSchema>;
export type CapacityInsight = Static<typeof CapacityInsightSchema>;

/** Capacity: the opening hours (a room's occupancy is measured against them, the heat map shows at least them) and the months of a teacher's usual hours. */
export const CAPACITY_RULES = {
  /** 06:00 … 22:00: [openHour, closeHour). */
  openHour: 6,
  closeHour: 22,
  usualMonths: 3,
} as const;
export type EnrolmentMonth = Static<typeof EnrolmentMonthSchema>;
export type EnrolmentClass = Static<typeof EnrolmentClassSchema>;
export type EnrolmentInsight = Static<typeof EnrolmentInsightSchema>;
