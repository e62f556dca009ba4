/**
 * The enrolment form's rules:
 * - choosing a class sets total lessons from its product item and resets the discount (percent 0);
 * - choosing a discount sets the percent from it;
 * - on submit, total lessons = the class total + the bonus lessons;
 * - lessons already learned are open only on first entry; the class is locked while editing;
 * - "Tính từ ngày" is optional (today when empty): not after today, nor before the class starts (the API
 *   also keeps it from moving past a roll already taken).
 */
import type {
  Discount,
  Enrollment,
  EnrollmentCreateRequest,
  EnrollmentUpdateRequest,
  LearningClass,
} from '@trungtam/shared/contracts/learning';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { ENROLLMENT_TEXT } from '@trungtam/shared/contracts/learning';
import { MESSAGES } from '@trungtam/shared/validation';
import * as yup from 'yup';
import { yupFieldFromSchema } from '@trungtam/shared/forms';
import { EnrollmentCreateBody } from '@trungtam/shared/schemas/learning';
import type { EnrollmentFormValues } from './types';

export const EMPTY_ENROLLMENT_FORM: EnrollmentFormValues = {
  class_id: 0,
  discount_id: 0,
  total_lesson: 0,
  total_lesson_promote: 0,
  total_lesson_learned: 0,
  total_discount_percent: 0,
  start_date: '',
};

/** Class name, room and centre, and the class's academic-affairs contact (the class choices' label). */
export function classLabel(cls: LearningClass): string {
  const place = [cls.room?.name, cls.room?.center?.name].filter(Boolean).join(' – ');
  const label = place ? `${cls.class_name} (${place})` : cls.class_name;
  return cls.academic_affair?.name ? `${label} · Giáo vụ: ${cls.academic_affair.name}` : label;
}

export const classTotal = (cls: LearningClass | undefined) => cls?.product_item?.total_lesson ?? 0;

/** The form after choosing class `classId`. */
export function applyClass(values: EnrollmentFormValues, classId: number, classes: LearningClass[]): EnrollmentFormValues {
  const cls = classes.find((c) => c.class_id === classId);
  return { ...values, class_id: classId, total_lesson: classTotal(cls), discount_id: 0, total_discount_percent: 0 };
}

/** The form after choosing discount `discountId`. */
export function applyDiscount(values: EnrollmentFormValues, discountId: number, discounts: Discount[]): EnrollmentFormValues {
  const discount = discounts.find((d) => d.discount_id === discountId);
  return { ...values, discount_id: discountId, total_discount_percent: discount?.discount_percent ?? 0 };
}

/** The discounts a class's course allows (all of them when the class names no course). */
export function discountsForClass(cls: LearningClass | undefined, discounts: Discount[]): Discount[] {
  const allowed = cls?.product_item?.product?.discount_ids;
  return allowed ? discounts.filter((d) => allowed.includes(d.discount_id)) : discounts;
}

/** The form of an existing enrolment: the class total is the stored total less the bonus. */
export function toEnrollmentFormValues(enrollment: Enrollment): EnrollmentFormValues {
  return {
    class_id: enrollment.class_id,
    discount_id: enrollment.discount_id ?? 0,
    total_lesson: Math.max(0, enrollment.total_lesson - enrollment.total_lesson_promote),
    total_lesson_promote: enrollment.total_lesson_promote,
    total_lesson_learned: enrollment.total_lesson_learned,
    total_discount_percent: enrollment.total_discount_percent,
    start_date: enrollment.start_date,
  };
}

const int = (value: unknown) => Math.trunc(Number(value) || 0);

export function toEnrollmentCreateRequest(userId: number, values: EnrollmentFormValues): EnrollmentCreateRequest {
  const promote = int(values.total_lesson_promote);
  return {
    user_id: userId,
    class_id: int(values.class_id),
    discount_id: int(values.discount_id),
    total_lesson: int(values.total_lesson) + promote,
    total_lesson_promote: promote,
    total_lesson_learned: int(values.total_lesson_learned),
    total_discount_percent: int(values.total_discount_percent),
    ...(values.start_date ? { start_date: values.start_date } : {}),
  };
}

/** The update never sends a class change nor the learned lessons (both locked while editing); the start only when changed. */
export function toEnrollmentUpdateRequest(enrollment: Pick<Enrollment, 'enrollment_id' | 'start_date'>, values: EnrollmentFormValues): EnrollmentUpdateRequest {
  const promote = int(values.total_lesson_promote);
  return {
    enrollment_id: enrollment.enrollment_id,
    discount_id: int(values.discount_id),
    total_lesson: int(values.total_lesson) + promote,
    total_lesson_promote: promote,
    total_discount_percent: int(values.total_discount_percent),
    ...(values.start_date && values.start_date !== enrollment.start_date ? { start_date: values.start_date } : {}),
  };
}

/**
 * What is wrong with "Tính từ ngày" for a class starting `classStart`, or null: the API's own bounds (today
 * is always allowed, for a class that starts later; the date saved is the API's to judge when kept).
 */
export function startDateProblem(startDate: string, classStart: string | null | undefined, saved?: string): string | null {
  if (!startDate || startDate === saved) return null;
  const today = operatorToday();
  if (startDate > today) return ENROLLMENT_TEXT.startAfterToday;
  if (classStart && startDate < classStart && startDate < today) return ENROLLMENT_TEXT.startBeforeClass(classStart);
  return null;
}

/**
 * The API's enrolment rules (class, discount, lesson counts: EnrollmentCreateBody, with its messages); on
 * top, the form's own: the lesson counts are always filled in, learned within the total, the start within its bounds.
 */
const lessonCount = (field: 'total_lesson_promote' | 'total_lesson_learned') => yupFieldFromSchema(EnrollmentCreateBody.properties[field]);

export const enrollmentSchemaFor = (classes: LearningClass[], savedStart?: string) => yup.object({
  class_id: yupFieldFromSchema(EnrollmentCreateBody.properties.class_id),
  discount_id: yupFieldFromSchema(EnrollmentCreateBody.properties.discount_id),
  total_lesson_promote: lessonCount('total_lesson_promote'),
  total_lesson_learned: lessonCount('total_lesson_learned').test('within-total', MESSAGES.lessonsLearnedRange, function within(value) {
    const { total_lesson: total, total_lesson_promote: promote } = this.parent as EnrollmentFormValues;
    return (Number(value) || 0) <= (Number(total) || 0) + (Number(promote) || 0);
  }),
  start_date: yup.string().test('bounds', function bounds(value) {
    const { class_id: classId } = this.parent as EnrollmentFormValues;
    const problem = startDateProblem(value ?? '', classes.find((c) => c.class_id === classId)?.start_date, savedStart);
    return problem ? this.createError({ message: problem }) : true;
  }),
});
