/**
 * The enrolment form's rules (spec point 4):
 * - choosing a class sets total lessons from its product item and resets the discount (percent 0);
 * - choosing a discount sets the percent from it;
 * - on submit, total lessons = the class total + the bonus lessons;
 * - lessons already learned are open only on first entry; the class is locked while editing.
 */
import type {
  Discount,
  Enrollment,
  EnrollmentCreateRequest,
  EnrollmentUpdateRequest,
  LearningClass,
} from '@trungtam/shared/contracts/learning';
import { MESSAGES } from '@trungtam/shared/validation';
import * as yup from 'yup';
import type { EnrollmentFormValues } from '../types';

export const EMPTY_ENROLLMENT_FORM: EnrollmentFormValues = {
  class_id: 0,
  discount_id: 0,
  total_lesson: 0,
  total_lesson_promote: 0,
  total_lesson_learned: 0,
  total_discount_percent: 0,
};

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
  };
}

/** The update never sends a class change nor the learned lessons (both locked while editing). */
export function toEnrollmentUpdateRequest(enrollmentId: number, values: EnrollmentFormValues): EnrollmentUpdateRequest {
  const promote = int(values.total_lesson_promote);
  return {
    enrollment_id: enrollmentId,
    discount_id: int(values.discount_id),
    total_lesson: int(values.total_lesson) + promote,
    total_lesson_promote: promote,
    total_discount_percent: int(values.total_discount_percent),
  };
}

/** Spec point 5: class_id ≥ 1, discount_id ≥ 1; lesson counts are whole numbers, learned within the total. */
export const enrollmentSchema = yup.object({
  class_id: yup.number().typeError(MESSAGES.enrollmentClassRequired).min(1, MESSAGES.enrollmentClassRequired),
  discount_id: yup.number().typeError(MESSAGES.enrollmentDiscountRequired).min(1, MESSAGES.enrollmentDiscountRequired),
  total_lesson_promote: yup.number().typeError(MESSAGES.bonusLessonsRange).integer(MESSAGES.bonusLessonsRange).min(0, MESSAGES.bonusLessonsRange),
  total_lesson_learned: yup
    .number()
    .typeError(MESSAGES.lessonsLearnedRange)
    .integer(MESSAGES.lessonsLearnedRange)
    .min(0, MESSAGES.lessonsLearnedRange)
    .test('within-total', MESSAGES.lessonsLearnedRange, function within(value) {
      const { total_lesson: total, total_lesson_promote: promote } = this.parent as EnrollmentFormValues;
      return (Number(value) || 0) <= (Number(total) || 0) + (Number(promote) || 0);
    }),
});
