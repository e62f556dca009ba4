import { Type } from 'typebox';
import { ATTENDANCE_STATUSES } from '../contracts/rules/schedules';

/** The longest note on one student's attendance (the column's length). */
export const ATTENDANCE_NOTE_MAX = 255;
import { Id, IdFilter, Int, Nullable, Text, listQueryProps, msgs } from './builders';

const id = (name: string) => Type.Optional(IdFilter(`${name} phải là số`));

export const ScheduleListQuery = Type.Object({
  ...listQueryProps,
  schedule_date: Type.Optional(
    Type.Array(Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: 'schedule_date: YYYY-MM-DD' } }), {
      maxItems: 2,
      ...msgs({ default: 'schedule_date: ngày bắt đầu và ngày kết thúc' }),
    }),
  ),
  class_id: id('class_id'),
  teacher_id: id('teacher_id'),
  academic_affair_id: id('academic_affair_id'),
  center_id: id('center_id'),
  room_id: id('room_id'),
  student_id: id('student_id'),
  product_id: Type.Optional({ ...IdFilter('product_id phải là số'), description: "Only the sessions of the classes of this course (the class's product)." }),
  attendance_taken: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(1)], {
      description: 'Only the sessions whose roll was taken (1) or not yet (0).',
      ...msgs({ default: 'attendance_taken: 0 | 1 (1: đã điểm danh, 0: chưa điểm danh)' }),
    }),
  ),
  absent_student_id: Type.Optional({
    ...IdFilter('absent_student_id phải là số'),
    description: 'Only the sessions in which this student was marked absent (an excused absence is not one).',
  }),
});

export const ScheduleSchema = Type.Object({
  schedule_id: Type.Integer(),
  class_id: Type.Integer(),
  schedule_date: Type.String(),
  schedule_date_text: Type.String(),
  schedule_hour: Type.Integer(),
  schedule_minute: Type.Integer(),
  duration: Type.Integer(),
  teacher_id: Nullable(Type.Integer()),
  academic_affair_id: Nullable(Type.Integer()),
  room_id: Nullable(Type.Integer()),
  center_id: Nullable(Type.Integer()),
  student_id: Nullable(Type.Integer()),
  is_attendance: Type.Integer(),
  /** The session this one makes up for (a make-up session for absent students), or null. */
  makeup_of: Nullable(Type.Integer()),
  class: Type.Optional(Nullable(Type.Object({ class_id: Type.Integer(), class_name: Type.String(), class_type: Type.String() }))),
  center: Type.Optional(Nullable(Type.Object({ center_id: Type.Integer(), name: Type.String() }))),
  room: Type.Optional(Nullable(Type.Object({ room_id: Type.Integer(), name: Type.String() }))),
  teacher: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }))),
  /** A substitute teaches it (teacher_id): the teacher they replace, or null. */
  original_teacher_id: Nullable(Type.Integer()),
  /** With the teacher relation: the replaced teacher's name. */
  original_teacher: Type.Optional(Nullable(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});

// ---------------------------------------------------------------- session writes

export const SCHEDULE_TEXT = {
  date: 'Ngày học phải có dạng YYYY-MM-DD',
  hour: 'Giờ bắt đầu từ 0 đến 23',
  minute: 'Phút bắt đầu từ 0 đến 59',
  duration: 'Thời lượng từ 15 đến 480 phút',
  classRequired: 'Lớp học cần được chọn',
  studentsRequired: 'Cần chọn ít nhất một học viên học bù',
  attendanceStatus: 'Trạng thái điểm danh: có mặt, vắng hoặc có phép',
  attendanceNote: 'Ghi chú điểm danh tối đa 255 ký tự',
} as const;

export const ScheduleDate = Text(10, { pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', messages: { default: SCHEDULE_TEXT.date } });
export const ScheduleHour = Int(0, 23, SCHEDULE_TEXT.hour);
export const ScheduleMinute = Int(0, 59, SCHEDULE_TEXT.minute);
export const ScheduleDuration = Int(15, 480, SCHEDULE_TEXT.duration);

/**
 * POST /learning/class-schedule: one extra session of a class (clash-checked), or a make-up session
 * (`makeup_of`: the session missed, `student_ids`: the absent students it is for).
 */
export const ScheduleCreateBody = Type.Object({
  class_id: Id(SCHEDULE_TEXT.classRequired),
  schedule_date: ScheduleDate,
  schedule_hour: ScheduleHour,
  schedule_minute: ScheduleMinute,
  duration: Type.Optional(ScheduleDuration),
  /** Another room of the class's centre; the class's room when absent. */
  room_id: Type.Optional(Id()),
  makeup_of: Type.Optional(Id()),
  student_ids: Type.Optional(Type.Array(Id(), { minItems: 1, maxItems: 200, ...msgs({ minItems: SCHEDULE_TEXT.studentsRequired, default: SCHEDULE_TEXT.studentsRequired }) })),
});

/** PUT /learning/class-schedule: move one session (date, time, duration, room); clash-checked. */
export const ScheduleMoveBody = Type.Object({
  schedule_id: Id(),
  schedule_date: ScheduleDate,
  schedule_hour: ScheduleHour,
  schedule_minute: ScheduleMinute,
  duration: Type.Optional(ScheduleDuration),
  room_id: Type.Optional(Id()),
});

/** PUT /learning/class-schedule/is-attendance. */
export const AttendanceBody = Type.Object({
  schedule_id: Id(),
  attendance: Type.Array(
    Type.Object({
      user_id: Id(),
      status: Type.Enum([...ATTENDANCE_STATUSES], msgs({ default: SCHEDULE_TEXT.attendanceStatus })),
      /** The teacher's word on it ("đến muộn 15 phút"); null clears it, absent keeps what was saved. */
      note: Type.Optional(Nullable(Text(ATTENDANCE_NOTE_MAX, { messages: { maxLength: SCHEDULE_TEXT.attendanceNote } }))),
    }),
    { maxItems: 500 },
  ),
});

export const ScheduleIdParams = Type.Object({ schedule_id: Id('schedule_id không hợp lệ') });

/** A clash found for a session: the teacher, the room or an enrolled student busy then, or a holiday. */
export const ClashSchema = Type.Object({
  kind: Type.Union([Type.Literal('teacher'), Type.Literal('room'), Type.Literal('student'), Type.Literal('holiday')]),
  /** Vietnamese, names the other session or the holiday ("Giáo viên đã dạy lớp X 18:00–19:30"). */
  message: Type.String(),
  schedule_id: Nullable(Type.Integer()),
  class_id: Nullable(Type.Integer()),
  user_id: Nullable(Type.Integer()),
});

/**
 * GET /learning/class-schedule/{schedule_id}: one session (with its class, centre, room and teacher) and who
 * takes part, the attendance taken, its make-ups, and what the caller may do with it.
 */
export const ScheduleDetailSchema = Type.Intersect([
  ScheduleSchema,
  Type.Object({
    /** The make-up sessions of this one. */
    makeups: Type.Array(Type.Object({ schedule_id: Type.Integer(), schedule_date: Type.String(), schedule_hour: Type.Integer(), schedule_minute: Type.Integer() })),
    /** Who takes part: the class's active enrolments (a make-up session: its students). */
    participants: Type.Array(Type.Object({ user_id: Type.Integer(), name: Type.String(), enrollment_id: Nullable(Type.Integer()) })),
    attendance: Type.Array(Type.Object({ user_id: Type.Integer(), status: Type.String(), note: Type.Optional(Nullable(Type.String())) })),
    /** Whether the caller may take attendance, move or cancel it. */
    can_take_attendance: Type.Boolean(),
    can_edit: Type.Boolean(),
  }),
]);

// ---------------------------------------------------------------- substitute teachers

export const SUBSTITUTE_TEXT = {
  teacherRequired: 'Cần chọn giáo viên dạy thay',
  sameTeacher: 'Giáo viên này đang dạy buổi học',
  attended: 'Buổi học đã điểm danh: không thể đổi giáo viên',
  noSessions: 'Không có buổi học nào của lớp trong khoảng ngày này',
  range: 'Ngày bắt đầu phải trước hoặc bằng ngày kết thúc',
  rangeTooLong: 'Khoảng ngày tối đa 366 ngày',
  clash: 'Giáo viên dạy thay bị trùng lịch',
  title: 'Dạy thay',
  /** Why a class edit dropped a substitute (the regenerated sessions). */
  slotGone: 'Lịch mới không còn buổi học vào ngày giờ này',
  reassigned: 'Buổi học mới được giao cho giáo viên khác',
} as const;

/**
 * POST /learning/class-schedule/substitute: `teacher_id` teaches the session instead of its teacher (clash-checked
 * on the substitute's calendar). Naming the replaced teacher gives the session back to them.
 */
export const SubstituteBody = Type.Object({
  schedule_id: Id('schedule_id không hợp lệ'),
  teacher_id: Id(SUBSTITUTE_TEXT.teacherRequired),
});

/** POST /learning/class-schedule/substitute-range: the same for every session of a class from `from` to `to` (both included). */
export const SubstituteRangeBody = Type.Object({
  class_id: Id(SCHEDULE_TEXT.classRequired),
  teacher_id: Id(SUBSTITUTE_TEXT.teacherRequired),
  from: ScheduleDate,
  to: ScheduleDate,
});

/** What became of one session of a range: set, or refused with the reason. */
export const SubstituteResultSchema = Type.Object({
  schedule_id: Type.Integer(),
  schedule_date: Type.String(),
  schedule_hour: Type.Integer(),
  schedule_minute: Type.Integer(),
  status: Type.Union([Type.Literal('set'), Type.Literal('refused')]),
  /** Why it was refused (the clash, the roll taken), or null. */
  reason: Nullable(Type.String()),
});

export const SubstituteRangeResultSchema = Type.Object({
  set: Type.Integer(),
  refused: Type.Integer(),
  sessions: Type.Array(SubstituteResultSchema),
});

