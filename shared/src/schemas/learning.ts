/** Classes (read side), class enrolments and discounts: request and response schemas. */
import { Type } from 'typebox';
import { MESSAGES } from '../validation';
import { CLASS_TYPES } from '../contracts/learning';
import { BUILDER_TEXT, Id, IdFilter, INT_MAX, Int, Nullable, Text, listQueryProps, msgs } from './builders';

const id = (message: string) => Id({ required: message, default: message });

// ---------------------------------------------------------------- discounts

export const DiscountSchema = Type.Object({
  discount_id: Type.Integer(),
  name: Type.String(),
  discount_percent: Type.Integer(),
  status: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

// ---------------------------------------------------------------- classes

const ClassTypeSchema = Type.Enum([...CLASS_TYPES], msgs({ default: `class_type: ${CLASS_TYPES.join(' | ')}` }));

export const ClassSchema = Type.Object({
  class_id: Type.Integer(),
  class_name: Type.String(),
  class_type: Type.String(),
  teacher_id: Nullable(Type.Integer()),
  academic_affair_id: Nullable(Type.Integer()),
  center_id: Nullable(Type.Integer()),
  room_id: Nullable(Type.Integer()),
  product_id: Nullable(Type.Integer()),
  product_item_id: Nullable(Type.Integer()),
  teacher_salary: Type.Number(),
  start_date: Nullable(Type.String()),
  class_schedule: Type.String(),
  status: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  room: Type.Optional(
    Nullable(
      Type.Object({
        room_id: Type.Integer(),
        name: Type.String(),
        room_number: Nullable(Type.String()),
        center: Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() })),
      }),
    ),
  ),
  academic_affair: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }))),
  product_item: Type.Optional(
    Nullable(
      Type.Object({
        product_item_id: Type.Integer(),
        name: Nullable(Type.String()),
        total_lesson: Type.Integer(),
        price: Type.Number(),
        product: Nullable(Type.Object({ product_id: Type.Integer(), name: Type.String(), discount_ids: Type.Array(Type.Integer()) })),
      }),
    ),
  ),
});

const optionalId = (name: string) => Type.Optional(IdFilter(`${name} phải là số`));

export const ClassListQuery = Type.Object({
  ...listQueryProps,
  class_type: Type.Optional(ClassTypeSchema),
  search: Type.Optional(Text(100)),
  teacher_id: optionalId('teacher_id'),
  product_id: optionalId('product_id'),
  academic_affair_id: optionalId('academic_affair_id'),
  center_id: optionalId('center_id'),
});

export const ClassShowQuery = Type.Object({ relationships: listQueryProps.relationships });

// ---------------------------------------------------------------- enrolments

export const EnrollmentSchema = Type.Object({
  enrollment_id: Type.Integer(),
  class_id: Type.Integer(),
  user_id: Type.Integer(),
  status: Type.Integer(),
  total_lesson: Type.Integer(),
  total_lesson_learned: Type.Integer(),
  total_lesson_promote: Type.Integer(),
  total_discount_percent: Type.Integer(),
  discount_id: Nullable(Type.Integer()),
  created_at: Type.String(),
  updated_at: Type.String(),
  class: Type.Optional(Nullable(Type.Object({ class_id: Type.Integer(), class_name: Type.String() }))),
  user: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }))),
});

export const EnrollmentListQuery = Type.Object({
  ...listQueryProps,
  user_id: optionalId('user_id'),
  class_id: optionalId('class_id'),
  status: Type.Optional(Int(0, 3, 'status: 0..3')),
});

const lessons = (message: string) => Int(0, 10000, message);
/** total_lesson is recomputed by the server (class total + bonus); percent comes from the discount. */
const derived = {
  total_lesson: Type.Optional(Int(0, INT_MAX, BUILDER_TEXT.invalidValue)),
  total_discount_percent: Type.Optional(Int(0, 100, 'total_discount_percent: 0..100')),
};

export const EnrollmentCreateBody = Type.Object({
  user_id: id('Học viên cần được chọn'),
  class_id: id(MESSAGES.enrollmentClassRequired),
  discount_id: id(MESSAGES.enrollmentDiscountRequired),
  total_lesson_promote: Type.Optional(lessons(MESSAGES.bonusLessonsRange)),
  total_lesson_learned: Type.Optional(lessons(MESSAGES.lessonsLearnedRange)),
  ...derived,
});

export const EnrollmentUpdateBody = Type.Object({
  enrollment_id: id('enrollment_id không hợp lệ'),
  /** When sent, it must be the enrolment's own class: the class is locked while editing. */
  class_id: Type.Optional(IdFilter()),
  user_id: Type.Optional(IdFilter()),
  discount_id: id(MESSAGES.enrollmentDiscountRequired),
  total_lesson_promote: Type.Optional(lessons(MESSAGES.bonusLessonsRange)),
  total_lesson_learned: Type.Optional(lessons(MESSAGES.lessonsLearnedRange)),
  ...derived,
});

export const EnrollmentIdParams = Type.Object({ enrollment_id: Id('enrollment_id không hợp lệ') });

export const EnrollmentRemovalSchema = Type.Object({ enrollment_id: Type.Integer(), status: Type.Integer() });
