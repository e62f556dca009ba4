/**
 * HTTP contract of the learning data the users area works with: classes (as enrolment choices),
 * class enrolments, discounts and the orders an enrolment creates. Change with the API's schemas.
 */
import type { Static } from 'typebox';
import type { ClassPreviewBody, HolidayRecord, PreviewSchema, PreviewSessionSchema, ResolutionSchema, WeeklySlotSchema, ClassSchema, ClassUpdateResultSchema, DroppedSubstituteSchema, DiscountSchema, EnrollmentCreateBody, EnrollmentRemovalSchema, EnrollmentSchema, EnrollmentUpdateBody, EnrollmentLedgerSchema, LedgerLineSchema, LessonAdjustmentBody, LowBalanceQuery, LowBalanceRowSchema } from '../schemas/learning';
import type { ListQuery } from '../contracts';

export * from './rules/learning';
import type { ClassType, OrderStatus } from './rules/learning';

// ---------------------------------------------------------------- discounts

export type Discount = Static<typeof DiscountSchema>;

// ---------------------------------------------------------------- classes (as enrolment choices)

export type LearningClass = Static<typeof ClassSchema>;
/** PUT /learning/class/update: the class, and the substitutes the regenerated sessions could not keep. */
export type ClassUpdateResult = Static<typeof ClassUpdateResultSchema>;
export type DroppedSubstitute = Static<typeof DroppedSubstituteSchema>;

export const CLASS_RELATIONSHIPS = ['room', 'academic_affair', 'product_item', 'teacher'] as const;

/** GET /learning/class/list. */
export interface ClassListQuery extends ListQuery {
  class_type?: ClassType;
  teacher_id?: number;
  product_id?: number;
  academic_affair_id?: number;
  center_id?: number;
}

/** One slot of a class's weekly pattern (weekday 0 Sunday … 6 Saturday). `class_schedule` is JSON text of WeeklySlot[]. */
export type WeeklySlot = Static<typeof WeeklySlotSchema>;

/** POST /learning/class/preview-schedule: the sessions the pattern gives and their clashes; writes nothing. */
export type ClassPreviewRequest = Static<typeof ClassPreviewBody>;
export type SchedulePreview = Static<typeof PreviewSchema>;
export type PreviewSession = Static<typeof PreviewSessionSchema>;
export type ClashResolution = Static<typeof ResolutionSchema>;

/** A centre's day off (center_id null: every centre). /learning/holiday/list|create|show|update|delete. */
export type Holiday = Static<typeof HolidayRecord>;

// ---------------------------------------------------------------- enrolments

export type Enrollment = Static<typeof EnrollmentSchema>;

export const ENROLLMENT_RELATIONSHIPS = ['class', 'user'] as const;

/** GET /learning/class-enrollment/list: user_id or class_id, limit 10, sort enrollment_id DESC. */
export interface EnrollmentListQuery extends ListQuery {
  user_id?: number;
  class_id?: number;
  status?: number;
  /** Attendance of a session (YYYY-MM-DD): the enrolments still in the class that day (made later included). */
  date?: string;
}

/** POST /learning/class-enrollment/create. */
export type EnrollmentCreateRequest = Static<typeof EnrollmentCreateBody>;

/** PUT /learning/class-enrollment/update: the class never changes. */
export type EnrollmentUpdateRequest = Static<typeof EnrollmentUpdateBody>;

/** What DELETE /learning/class-enrollment/{id} answers: the new status (3). */
export type EnrollmentRemoval = Static<typeof EnrollmentRemovalSchema>;

/** GET /learning/class-enrollment/ledger/:enrollment_id: the lines of an enrolment's lessons, their balances. */
export type EnrollmentLedger = Static<typeof EnrollmentLedgerSchema>;
export type LedgerLine = Static<typeof LedgerLineSchema>;
/** POST /learning/class-enrollment/adjust-lessons. */
export type LessonAdjustmentRequest = Static<typeof LessonAdjustmentBody>;
/** GET /learning/class-enrollment/low-balance ("Sắp hết buổi"): its filters and rows. */
export type LowBalanceFilters = Static<typeof LowBalanceQuery>;
export type LowBalanceRow = Static<typeof LowBalanceRowSchema>;

// ---------------------------------------------------------------- orders

export interface Order {
  order_id: number;
  enrollment_id: number;
  user_id: number;
  class_id: number;
  product_item_id: number | null;
  /** VND. */
  list_price: number;
  discount_percent: number;
  /** The list price less the discount (bonus lessons are free). */
  amount: number;
  status: OrderStatus;
  created_at: string;
}

/** Status labels of the enrolment list (1 active, 2 completed, anything else on hold). */
export function enrollmentStatusLabel(status: number): 'active' | 'completed' | 'on hold' {
  if (status === 1) return 'active';
  if (status === 2) return 'completed';
  return 'on hold';
}
