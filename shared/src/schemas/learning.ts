/** Classes (read side), class enrolments and discounts: request and response schemas. */
import { Type } from 'typebox';
import { MESSAGES } from '../validation';
import { ClashSchema } from './schedules';
import { CLASS_TYPES, ENROLLMENT_TEXT, LEDGER_KINDS, LEDGER_TEXT, LESSON_ADJUSTMENT_LIMITS } from '../contracts/rules/learning';
import { BUILDER_TEXT, Id, IdFilter, INT_MAX, Int, Nullable, Text, listQueryProps, msgs } from './builders';
import { ROOM_LIMITS } from './settings';

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
  /** The most students the class takes; null: its room's capacity. */
  capacity: Nullable(Type.Integer()),
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
  /** The teacher's name, for whoever may see the class (a list row names its teacher without the accounts list). */
  teacher: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }))),
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

// ---------------------------------------------------------------- class writes and session generation

export const CLASS_TEXT = {
  nameRequired: 'Tên lớp học không được để trống',
  nameMax: 'Tên lớp học dài nhất là 255 kí tự',
  productRequired: 'Khoá học cần được chọn',
  itemRequired: 'Gói khoá học cần được chọn',
  teacherRequired: 'Giáo viên cần được chọn',
  centerRequired: 'Trung tâm cần được chọn',
  roomRequired: 'Phòng học cần được chọn',
  salary: 'Lương giáo viên là số nguyên từ 0 đến 100.000.000 đồng mỗi buổi',
  startDate: 'Ngày bắt đầu phải có dạng YYYY-MM-DD',
  pattern: 'Lịch trong tuần cần ít nhất một buổi: thứ, giờ bắt đầu và thời lượng',
  patternTooLong: 'Lịch trong tuần có nhiều nhất 14 buổi',
  patternOverlap: 'Hai buổi trong lịch tuần bị trùng giờ',
  patternPastMidnight: 'Buổi học phải kết thúc trong ngày',
  capacity: `Sĩ số tối đa từ 1 đến ${ROOM_LIMITS.capacityMax} học viên`,
} as const;

/** The most sessions of a weekly pattern, and the longest course a pattern generates. */
export const PATTERN_MAX_SLOTS = 14;

const dateText = (message: string) => Text(10, { pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', messages: { default: message } });

/** One slot of the weekly pattern (weekday 0 Sunday … 6 Saturday); class_schedule is the JSON text of an array of them. */
export const WeeklySlotSchema = Type.Object(
  {
    weekday: Int(0, 6, 'weekday: 0 (Chủ nhật) … 6 (Thứ bảy)'),
    hour: Int(0, 23, 'hour: 0..23'),
    minute: Int(0, 59, 'minute: 0..59'),
    duration: Int(15, 480, 'Thời lượng từ 15 đến 480 phút'),
  },
  { additionalProperties: false },
);
export const WeeklyPatternSchema = Type.Array(WeeklySlotSchema, { minItems: 1, maxItems: PATTERN_MAX_SLOTS });

/** A generated session, named by the slot the pattern gave it (date and start time). */
const SlotRef = Type.Object({ date: dateText(CLASS_TEXT.startDate), hour: Int(0, 23, 'hour: 0..23'), minute: Int(0, 59, 'minute: 0..59') });

export const RESOLUTION_ACTIONS = ['skip', 'move', 'keep', 'reassign'] as const;

/**
 * What staff chose for a clashing session: leave it out (the course runs one slot longer), move it (to `to`),
 * keep it as it is, or reassign it: same time, in another room of the centre (`room_id`) and / or taught by
 * another teacher (`teacher_id`, a substitute: the session names the class's teacher as the one replaced).
 */
export const ResolutionSchema = Type.Object({
  date: SlotRef.properties.date,
  hour: SlotRef.properties.hour,
  minute: SlotRef.properties.minute,
  action: Type.Enum([...RESOLUTION_ACTIONS], msgs({ default: 'action: skip | move | keep | reassign' })),
  to: Type.Optional(SlotRef),
  room_id: Type.Optional(id('room_id không hợp lệ')),
  teacher_id: Type.Optional(id('teacher_id không hợp lệ')),
});

/** What both the preview and the writes take to generate the sessions. */
const generationProps = {
  product_item_id: id(CLASS_TEXT.itemRequired),
  teacher_id: id(CLASS_TEXT.teacherRequired),
  center_id: id(CLASS_TEXT.centerRequired),
  room_id: id(CLASS_TEXT.roomRequired),
  start_date: dateText(CLASS_TEXT.startDate),
  /** JSON text of the weekly pattern: `[{"weekday":1,"hour":18,"minute":0,"duration":90}]`. */
  class_schedule: Text(2000, { minLength: 2, messages: { default: CLASS_TEXT.pattern } }),
  resolutions: Type.Optional(Type.Array(ResolutionSchema, { maxItems: 1000 })),
};

export const ClassWriteProps = {
  class_name: Text(255, { minLength: 1, pattern: '\\S', messages: { required: CLASS_TEXT.nameRequired, minLength: CLASS_TEXT.nameRequired, pattern: CLASS_TEXT.nameRequired, maxLength: CLASS_TEXT.nameMax } }),
  class_type: ClassTypeSchema,
  product_id: id(CLASS_TEXT.productRequired),
  academic_affair_id: Type.Optional(Nullable(IdFilter())),
  teacher_salary: Int(0, 100_000_000, CLASS_TEXT.salary),
  /** The most students the class takes (its fill in the operations overview); null or absent on create: its room's capacity; absent on update: unchanged. */
  capacity: Type.Optional(Nullable(Int(1, ROOM_LIMITS.capacityMax, CLASS_TEXT.capacity))),
  ...generationProps,
};

/** POST /learning/class/create. */
export const ClassCreateBody = Type.Object(ClassWriteProps);
/** PUT /learning/class/update: the same shape with the class id. */
export const ClassUpdateBody = Type.Object({ class_id: id('class_id không hợp lệ'), ...ClassWriteProps });
export const ClassIdParams = Type.Object({ class_id: id('class_id không hợp lệ') });

export const DROPPED_SUBSTITUTE_REASONS = ['slot_gone', 'clash', 'reassigned'] as const;

/**
 * A substitute a class edit could not keep, named by the session it was set for (its date and start time
 * before the edit): no new session starts then (slot_gone), the substitute is busy at the new session's time
 * (clash), or a choice gave the new session to another teacher (reassigned). `message` says it in Vietnamese.
 */
export const DroppedSubstituteSchema = Type.Object({
  schedule_date: Type.String(),
  schedule_hour: Type.Integer(),
  schedule_minute: Type.Integer(),
  teacher_id: Type.Integer(),
  teacher_name: Type.String(),
  reason: Type.Enum([...DROPPED_SUBSTITUTE_REASONS]),
  message: Type.String(),
});

/** PUT /learning/class/update answers the class and the substitutes its regenerated sessions could not keep. */
export const ClassUpdateResultSchema = Type.Object({ ...ClassSchema.properties, dropped_substitutes: Type.Array(DroppedSubstituteSchema) });

/** POST /learning/class/preview-schedule: writes nothing. */
export const ClassPreviewBody = Type.Object({ class_id: Type.Optional(id('class_id không hợp lệ')), ...generationProps });


export const PreviewSessionSchema = Type.Object({
  /** The slot the pattern gave (resolutions name it). */
  date: Type.String(),
  hour: Type.Integer(),
  minute: Type.Integer(),
  /** Where the session takes place (differs from the slot when moved). */
  schedule_date: Type.String(),
  schedule_date_text: Type.String(),
  schedule_hour: Type.Integer(),
  schedule_minute: Type.Integer(),
  duration: Type.Integer(),
  /** new: to be written; existing: an earlier session that stays (taken place or attendance taken); skipped. */
  state: Type.Union([Type.Literal('new'), Type.Literal('existing'), Type.Literal('skipped')]),
  resolution: Nullable(Type.Union([Type.Literal('skip'), Type.Literal('move'), Type.Literal('keep'), Type.Literal('reassign')])),
  clashes: Type.Array(ClashSchema),
  /** For a clash: the next free slot (same time on a following day). */
  proposal: Nullable(Type.Object({ date: Type.String(), hour: Type.Integer(), minute: Type.Integer() })),
  /**
   * For a clash of the room (and nothing a room cannot fix): a room of the centre, big enough and free then; for
   * a reassigned session, the room chosen.
   */
  room_proposal: Nullable(Type.Object({ room_id: Type.Integer(), name: Type.String() })),
  /** The same for a clash of the teacher: a teacher of the centre free then (a substitute), or the one chosen. */
  teacher_proposal: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

export const PreviewSchema = Type.Object({
  total_lesson: Type.Integer(),
  sessions: Type.Array(PreviewSessionSchema),
  /** Clashing sessions without a choice: create / update refuse them (409). */
  unresolved: Type.Integer(),
});

// ---------------------------------------------------------------- holidays

export const HOLIDAY_TEXT = {
  nameRequired: 'Tên ngày nghỉ không được để trống',
  date: 'Ngày nghỉ phải có dạng YYYY-MM-DD',
  duplicate: 'Ngày này đã là ngày nghỉ',
} as const;

/** A day off: of one centre, or of every centre (center_id null). */
export const HolidayRecord = Type.Object({
  holiday_id: Type.Integer(),
  center_id: Nullable(Type.Integer()),
  date: Type.String(),
  name: Type.String(),
});

export const HolidayWrite = {
  center_id: Type.Optional(Nullable(IdFilter())),
  date: dateText(HOLIDAY_TEXT.date),
  name: Text(255, { minLength: 1, pattern: '\\S', messages: { required: HOLIDAY_TEXT.nameRequired, minLength: HOLIDAY_TEXT.nameRequired, pattern: HOLIDAY_TEXT.nameRequired } }),
};
export const HolidayWriteBody = Type.Object(HolidayWrite);

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
  /** The operator's date from which the enrolment counts: the class's sessions from that day on are the student's. */
  start_date: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  /** The class, with its centre's low-balance threshold (the lessons left at or under which it is running out). */
  class: Type.Optional(Nullable(Type.Object({ class_id: Type.Integer(), class_name: Type.String(), low_balance_threshold: Type.Optional(Type.Integer()) }))),
  user: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() }))),
  /**
   * For staff who may see payments: the enrolment's order to pay next (the oldest that owes, else the
   * latest not cancelled) and what its orders owe in all; null when it has none.
   */
  order: Type.Optional(Nullable(Type.Object({ order_id: Type.Integer(), owed: Type.Integer() }))),
});

export const EnrollmentListQuery = Type.Object({
  ...listQueryProps,
  user_id: optionalId('user_id'),
  class_id: optionalId('class_id'),
  status: Type.Optional(Int(0, 3, 'status: 0..3')),
  /** Attendance of a session (YYYY-MM-DD): the enrolments that count that day (started by then, not removed before). */
  date: Type.Optional(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: 'date: YYYY-MM-DD' } })),
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
  /** From when it counts (default: today on the operator's clock); not after today, not before the class starts. */
  start_date: Type.Optional(dateText(ENROLLMENT_TEXT.startDate)),
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
  /** When sent, the create's bounds, and not after a session the student's attendance was taken on. */
  start_date: Type.Optional(dateText(ENROLLMENT_TEXT.startDate)),
  ...derived,
});

export const EnrollmentIdParams = Type.Object({ enrollment_id: Id('enrollment_id không hợp lệ') });

export const EnrollmentRemovalSchema = Type.Object({ enrollment_id: Type.Integer(), status: Type.Integer() });

// ---------------------------------------------------------------- the lesson ledger

export const LedgerLineSchema = Type.Object({
  line_id: Type.Integer(),
  kind: Type.Enum([...LEDGER_KINDS]),
  /** The signed change of the lessons left. */
  lessons: Type.Integer(),
  /** The lessons left after this line (lines in the order they were written). */
  balance_after: Type.Integer(),
  /** The operator's date the change belongs to (a session's date for a roll), YYYY-MM-DD. */
  occurred_on: Type.String(),
  schedule_id: Nullable(Type.Integer()),
  order_id: Nullable(Type.Integer()),
  reason: Nullable(Type.String()),
  /** Who wrote it; null for the system and for the history before the ledger. */
  actor: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  created_at: Type.String(),
});

/** GET /learning/class-enrollment/ledger/:enrollment_id: an enrolment's lines and the balances they add up to. */
export const EnrollmentLedgerSchema = Type.Object({
  enrollment_id: Type.Integer(),
  class: Nullable(Type.Object({ class_id: Type.Integer(), class_name: Type.String() })),
  user: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  total_lesson: Type.Integer(),
  total_lesson_learned: Type.Integer(),
  /** The sum of the lines. */
  remaining: Type.Integer(),
  lines: Type.Array(LedgerLineSchema),
});

/** POST /learning/class-enrollment/adjust-lessons: a staff adjustment, with its reason. */
export const LessonAdjustmentBody = Type.Object({
  enrollment_id: Id(),
  lessons: Int(-LESSON_ADJUSTMENT_LIMITS.maxLessons, LESSON_ADJUSTMENT_LIMITS.maxLessons, LEDGER_TEXT.adjustmentLessons),
  reason: Text(LESSON_ADJUSTMENT_LIMITS.reasonMax, { minLength: 1, pattern: '\\S', messages: { default: LEDGER_TEXT.adjustmentReason, maxLength: LEDGER_TEXT.adjustmentReasonLength } }),
});

/** GET /learning/class-enrollment/low-balance: the active enrolments at or below their centre's threshold ("Sắp hết buổi"). */
export const LowBalanceQuery = Type.Object({
  limit: listQueryProps.limit,
  page: listQueryProps.page,
  center_id: optionalId('center_id'),
  class_id: optionalId('class_id'),
});

export const LowBalanceRowSchema = Type.Object({
  enrollment_id: Type.Integer(),
  user: Type.Object({ id: Type.Integer(), name: Type.String(), phone_number: Nullable(Type.String()), email: Type.String() }),
  class: Type.Object({ class_id: Type.Integer(), class_name: Type.String() }),
  center: Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() })),
  total_lesson: Type.Integer(),
  total_lesson_learned: Type.Integer(),
  remaining: Type.Integer(),
  /** The centre's threshold the enrolment is at or below. */
  threshold: Type.Integer(),
});
