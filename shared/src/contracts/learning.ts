/**
 * HTTP contract of the learning data the users area works with: classes (as enrolment choices),
 * class enrolments, discounts and the orders an enrolment creates. Change with the API's schemas.
 */
import type { ListQuery } from '../contracts';

export const CLASS_TYPES = ['solo', 'collective', 'group'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** Enrolment status: 1 active, 2 course completed, 3 removed/cancelled. */
export type EnrollmentStatus = 1 | 2 | 3;

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// ---------------------------------------------------------------- discounts

export interface Discount {
  discount_id: number;
  name: string;
  /** 0..100. */
  discount_percent: number;
  status: number;
  created_at: string;
  updated_at: string;
}

/** GET /discounts: page, limit (100), sort_column (discount_id), sort_type. */
export interface DiscountListQuery {
  page?: number;
  limit?: number;
  sort_column?: 'discount_id' | 'discount_percent' | 'name';
  sort_type?: 'ASC' | 'DESC';
}

// ---------------------------------------------------------------- classes (as enrolment choices)

export interface ClassRoom {
  room_id: number;
  name: string;
  room_number: string | null;
  center: { center_id: number; name: string } | null;
}

export interface ClassProductItem {
  product_item_id: number;
  name: string | null;
  total_lesson: number;
  /** VND. */
  price: number;
  product: { product_id: number; name: string; discount_ids: number[] } | null;
}

export interface LearningClass {
  class_id: number;
  class_name: string;
  class_type: ClassType;
  teacher_id: number | null;
  academic_affair_id: number | null;
  center_id: number | null;
  room_id: number | null;
  product_id: number | null;
  product_item_id: number | null;
  teacher_salary: number;
  start_date: string | null;
  /** JSON text of the weekly pattern. */
  class_schedule: string;
  status: number;
  created_at: string;
  updated_at: string;
  /** relationships=room */
  room?: ClassRoom | null;
  /** relationships=academic_affair */
  academic_affair?: { id: number; name: string } | null;
  /** relationships=product_item */
  product_item?: ClassProductItem | null;
}

export const CLASS_RELATIONSHIPS = ['room', 'academic_affair', 'product_item'] as const;
export type ClassRelationship = (typeof CLASS_RELATIONSHIPS)[number];

/** GET /learning/class/list. */
export interface ClassListQuery extends ListQuery {
  class_type?: ClassType;
  teacher_id?: number;
  product_id?: number;
  academic_affair_id?: number;
  center_id?: number;
}

// ---------------------------------------------------------------- enrolments

export interface Enrollment {
  enrollment_id: number;
  class_id: number;
  user_id: number;
  status: EnrollmentStatus;
  /** Lessons of the course plus the bonus lessons. */
  total_lesson: number;
  total_lesson_learned: number;
  /** Bonus (free) lessons. */
  total_lesson_promote: number;
  total_discount_percent: number;
  discount_id: number | null;
  created_at: string;
  updated_at: string;
  /** relationships=class */
  class?: { class_id: number; class_name: string } | null;
  /** relationships=user */
  user?: { id: number; name: string; email: string } | null;
}

export const ENROLLMENT_RELATIONSHIPS = ['class', 'user'] as const;

/** GET /learning/class-enrollment/list: user_id or class_id, limit 10, sort enrollment_id DESC. */
export interface EnrollmentListQuery extends ListQuery {
  user_id?: number;
  class_id?: number;
  status?: number;
}

/** POST /learning/class-enrollment/create. */
export interface EnrollmentCreateRequest {
  user_id: number;
  class_id: number;
  discount_id: number;
  /** The class total plus the bonus lessons (the server recomputes it). */
  total_lesson: number;
  total_lesson_promote: number;
  total_lesson_learned: number;
  total_discount_percent: number;
}

/** PUT /learning/class-enrollment/update: the class never changes. */
export interface EnrollmentUpdateRequest {
  enrollment_id: number;
  discount_id: number;
  total_lesson: number;
  total_lesson_promote: number;
  total_lesson_learned?: number;
  total_discount_percent: number;
}

/** What DELETE /learning/class-enrollment/{id} answers: the new status (3). */
export interface EnrollmentRemoval {
  enrollment_id: number;
  status: EnrollmentStatus;
}

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

/** Status labels of the enrolment list (spec: 1 active, 2 completed, anything else on hold). */
export function enrollmentStatusLabel(status: number): 'active' | 'completed' | 'on hold' {
  if (status === 1) return 'active';
  if (status === 2) return 'completed';
  return 'on hold';
}
