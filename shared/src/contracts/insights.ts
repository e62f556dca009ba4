/** HTTP contract of the operator's insights (/learning/insights/…). Change with the API's schemas. */
import type { Static } from 'typebox';
import type { AbsentStudentSchema, AttendanceClassSchema, AttendanceInsightSchema, AttendanceTeacherSchema, AttendanceWeekSchema, InsightQuery } from '../schemas/insights';

export * from './rules/insights';

/** GET /learning/insights/…: from, to (YYYY-MM-DD), center_id, product_id, teacher_id. */
export type InsightFilters = Static<typeof InsightQuery>;
export type AttendanceWeek = Static<typeof AttendanceWeekSchema>;
export type AttendanceClass = Static<typeof AttendanceClassSchema>;
export type AttendanceTeacher = Static<typeof AttendanceTeacherSchema>;
export type AbsentStudent = Static<typeof AbsentStudentSchema>;
export type AttendanceInsight = Static<typeof AttendanceInsightSchema>;
