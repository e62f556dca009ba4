/**
 * The one database schema (PostgreSQL dialect), shared by PGlite and a PostgreSQL server.
 * Every entity of the domain lives here; later features add routes, not tables.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { RegistryRoute } from '@trungtam/shared/routes';
import type { GuardDecisionRecord, GuardSettingsRecord } from '@trungtam/shared/schemas/telemetry';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

// ---------------------------------------------------------------- accounts and access

export const roles = pgTable('role', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  guardName: varchar('guard_name', { length: 32 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const permissions = pgTable(
  'permission',
  {
    id: integer('id').primaryKey(),
    resource: varchar('resource', { length: 64 }).notNull(),
    action: varchar('action', { length: 64 }).notNull(),
  },
  (t) => [uniqueIndex('permission_resource_action_unique').on(t.resource, t.action)],
);

export const rolePermissions = pgTable(
  'role_permission',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const centers = pgTable('center', {
  centerId: serial('center_id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  address: text('address'),
  phoneNumber: varchar('phone_number', { length: 20 }),
  status: smallint('status').notNull().default(1),
  /** The centre's rule for an absence without notice: whether it costs a lesson (an excused one never does). */
  absenceCostsLesson: boolean('absence_costs_lesson').notNull().default(false),
  /** An enrolment with this many lessons left or fewer is running out ("Sắp hết buổi"). */
  lowBalanceThreshold: smallint('low_balance_threshold').notNull().default(2),
  /** An order is due this many days after it is made. */
  paymentDueDays: smallint('payment_due_days').notNull().default(7),
  /** The bank account transfers are paid into (a VietQR code names it): the bank's NAPAS BIN, the account. */
  bankBin: varchar('bank_bin', { length: 6 }),
  bankAccountNumber: varchar('bank_account_number', { length: 19 }),
  bankAccountName: varchar('bank_account_name', { length: 100 }),
  /** When a renewal's lessons are added to the enrolment: 'order' (at once) or 'payment' (once it is paid). */
  renewalLessonsOn: varchar('renewal_lessons_on', { length: 8 }).notNull().default('payment'),
  /** Families are reminded of an unpaid order this many days before it is due (0: not reminded). */
  paymentReminderDays: smallint('payment_reminder_days').notNull().default(3),
  /** Families are told the day after an order's due date passes unpaid. */
  overdueNotice: boolean('overdue_notice').notNull().default(true),
  /** Families are reminded the day before each of their student's sessions. */
  sessionReminder: boolean('session_reminder').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'user',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: varchar('phone_number', { length: 20 }),
    status: smallint('status').notNull().default(1),
    type: varchar('type', { length: 32 }).notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    centerId: integer('center_id').references(() => centers.centerId),
    lastTimeLogin: ts('last_time_login'),
    // teacher extras
    bankingName: varchar('banking_name', { length: 255 }),
    bankingNumber: varchar('banking_number', { length: 64 }),
    about: text('about'),
    certificate: text('certificate'),
    information: text('information'),
    // student extras
    referenceName: varchar('reference_name', { length: 255 }),
    referencePhone: varchar('reference_phone', { length: 20 }),
    referenceEmail: varchar('reference_email', { length: 255 }),
    birthYear: smallint('birth_year'),
    birthMonth: smallint('birth_month'),
    birthDay: smallint('birth_day'),
    source: varchar('source', { length: 32 }),
    address: text('address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('user_email_active_unique')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('user_type_idx').on(t.type),
    index('user_center_idx').on(t.centerId),
    index('user_role_idx').on(t.roleId),
    // The lists' default order (newest first) within a type, live accounts only: a page and a count read
    // this index alone.
    index('user_type_live_id_idx')
      .on(t.type, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The lists' search is a contains-match (ILIKE '%…%') on name, email and phone: trigram indexes
    // (pg_trgm) answer it without reading every row.
    // The lists' sortable headers (name, created, last login) within a type, live accounts only: a sorted
    // page reads the index in order instead of sorting every account of the type (id: the tie-breaker).
    index('user_type_live_name_idx')
      .on(t.type, t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('user_type_live_created_idx')
      .on(t.type, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('user_type_live_login_idx')
      .on(t.type, t.lastTimeLogin, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('user_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('user_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('user_phone_trgm_idx').using('gin', sql`${t.phoneNumber} gin_trgm_ops`),
  ],
);

/**
 * A counter per guarded table, bumped by a statement trigger on every write to it (migration 0007), in the
 * writing transaction: `user` (accounts), `role` (roles, their permissions and the permission
 * catalogue) and `order` (orders and classes: what the debts' totals read, migration 0014). The API reads
 * the first two in the query that checks a request's session, and keeps what it derives
 * from those tables (roles with their permissions, list totals, page boundaries) only as long as the
 * counter it was read under is current, so every API instance sees a committed change from its next
 * request.
 */
export const tableRevisions = pgTable('table_revision', {
  name: varchar('name', { length: 64 }).primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

/**
 * One row per sign-in. An access token names its session (`sid`); the token is accepted only while the
 * session has not ended, has been used within the idle timeout and is within its absolute lifetime.
 * Ending a session (sign-out, lock, password change or reset, an administrator's 'end all sessions') is
 * for good: nothing brings an ended session back.
 */
export const sessions = pgTable(
  'session',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    /** logout, idle, locked, password, admin, deleted */
    endReason: varchar('end_reason', { length: 32 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const passwordResets = pgTable('password_reset', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: varchar('token_hash', { length: 128 }).notNull().unique(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
});

export const auditLogs = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    action: varchar('action', { length: 64 }).notNull(),
    resource: varchar('resource', { length: 64 }).notNull(),
    resourceId: varchar('resource_id', { length: 64 }),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Values the server keeps for itself (e.g. the token-signing secret when running on PostgreSQL). */
export const appSettings = pgTable('app_setting', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- places

export const rooms = pgTable('room', {
  roomId: serial('room_id').primaryKey(),
  centerId: integer('center_id')
    .notNull()
    .references(() => centers.centerId),
  name: varchar('name', { length: 255 }).notNull(),
  roomNumber: varchar('room_number', { length: 32 }),
  capacity: integer('capacity'),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Deleted (hidden everywhere, restorable for a minute: the resource factory's soft delete). */
  deletedAt: ts('deleted_at'),
});

// ---------------------------------------------------------------- courses

export const productTypes = pgTable('product_type', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Deleted (the resource factory's soft delete). */
  deletedAt: ts('deleted_at'),
});

/** Teaching method (offline, online, 1-1). */
export const teachingMethods = pgTable('vendor', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Deleted (the resource factory's soft delete). */
  deletedAt: ts('deleted_at'),
});

export const variantGroups = pgTable('variant_group', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Deleted (the resource factory's soft delete); its variants are deleted at the same moment. */
  deletedAt: ts('deleted_at'),
});

export const variants = pgTable('variant', {
  id: serial('id').primaryKey(),
  variantGroupId: integer('variant_group_id')
    .notNull()
    .references(() => variantGroups.id),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Deleted (the resource factory's soft delete), on its own or with its group (the group's moment). */
  deletedAt: ts('deleted_at'),
});

export const discounts = pgTable('discount', {
  discountId: serial('discount_id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  discountPercent: smallint('discount_percent').notNull(),
  status: smallint('status').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Deleted (the resource factory's soft delete): courses keep allowing it, so that a restore brings it back as it was. */
  deletedAt: ts('deleted_at'),
});

export const products = pgTable(
  'product',
  {
    productId: serial('product_id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    productTypeId: integer('product_type_id').references(() => productTypes.id),
    teachingMethodId: integer('vendor_id').references(() => teachingMethods.id),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // the courses list's sortable name header
  (t) => [index('product_name_idx').on(t.name, t.productId)],
);

/** The discounts a course allows (the product's discount_ids). */
export const productDiscounts = pgTable(
  'product_discount',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.discountId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.discountId] })],
);

export const productItems = pgTable('product_item', {
  productItemId: serial('product_item_id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.productId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 255 }),
  totalLesson: integer('total_lesson').notNull(),
  /** VND, integer. */
  price: bigint('price', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const productItemVariants = pgTable(
  'product_item_variant',
  {
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.productItemId, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productItemId, t.variantId] })],
);

// ---------------------------------------------------------------- learning

export const classes = pgTable(
  'class',
  {
    classId: serial('class_id').primaryKey(),
    className: varchar('class_name', { length: 255 }).notNull(),
    classType: varchar('class_type', { length: 16 }).notNull(),
    teacherId: integer('teacher_id').references(() => users.id),
    academicAffairId: integer('academic_affair_id').references(() => users.id),
    centerId: integer('center_id').references(() => centers.centerId),
    roomId: integer('room_id').references(() => rooms.roomId),
    productId: integer('product_id').references(() => products.productId),
    productItemId: integer('product_item_id').references(() => productItems.productItemId),
    /** VND per taught lesson. */
    teacherSalary: bigint('teacher_salary', { mode: 'number' }).notNull().default(0),
    startDate: varchar('start_date', { length: 10 }),
    /** JSON text of the weekly pattern: [{"weekday":1,"hour":18,"minute":0,"duration":90}]. */
    classSchedule: text('class_schedule').notNull().default('[]'),
    /** The most students the class takes; null: its room's capacity. */
    capacity: integer('capacity'),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('class_teacher_idx').on(t.teacherId),
    index('class_center_idx').on(t.centerId),
    // the classes list's sortable headers (name, start date), id the tie-breaker
    index('class_name_idx').on(t.className, t.classId),
    index('class_start_date_idx').on(t.startDate, t.classId),
  ],
);

export const classSchedules = pgTable(
  'class_schedule',
  {
    scheduleId: serial('schedule_id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.classId, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    scheduleDate: varchar('schedule_date', { length: 10 }).notNull(),
    scheduleDateText: varchar('schedule_date_text', { length: 16 }).notNull(),
    scheduleHour: smallint('schedule_hour').notNull(),
    scheduleMinute: smallint('schedule_minute').notNull(),
    duration: smallint('duration').notNull().default(90),
    teacherId: integer('teacher_id').references(() => users.id),
    academicAffairId: integer('academic_affair_id').references(() => users.id),
    roomId: integer('room_id').references(() => rooms.roomId),
    centerId: integer('center_id').references(() => centers.centerId),
    studentId: integer('student_id').references(() => users.id),
    isAttendance: smallint('is_attendance').notNull().default(0),
    /**
     * The session's marks (attendance rows) and those present, counted by the database (a trigger on
     * attendance, from its migration on): the insights sum sessions, not their millions of marks.
     */
    marksTotal: integer('marks_total').notNull().default(0),
    marksPresent: integer('marks_present').notNull().default(0),
    /** A make-up session: the session its students missed (their names in makeup_student). */
    makeupOf: integer('makeup_of').references((): AnyPgColumn => classSchedules.scheduleId, { onDelete: 'set null' }),
    /**
     * A substitute teaches this session: teacher_id is the substitute (who teaches it, is paid for it and has it
     * on their calendar), original_teacher_id the teacher they replace; who set it and when. Null: no substitute.
     */
    originalTeacherId: integer('original_teacher_id').references(() => users.id),
    substituteSetBy: integer('substitute_set_by').references(() => users.id),
    substituteSetAt: ts('substitute_set_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('class_schedule_date_idx').on(t.scheduleDate),
    index('class_schedule_class_idx').on(t.classId, t.scheduleDate),
    // the clash checks look up a teacher's and a room's sessions on given days
    index('class_schedule_teacher_idx').on(t.teacherId, t.scheduleDate),
    index('class_schedule_room_idx').on(t.roomId, t.scheduleDate),
    // the insights' sessions whose roll was taken, by date, with what they are grouped and filtered by and
    // their counts: a period's figures read this index alone
    index('class_schedule_taken_idx')
      .on(t.scheduleDate, t.centerId, t.teacherId, t.classId, t.marksTotal, t.marksPresent, t.scheduleId)
      .where(sql`${t.isAttendance} = 1`),
  ],
);

/** The students a make-up session is for (a regular session's are the class's active enrolments). */
export const makeupStudents = pgTable(
  'makeup_student',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => classSchedules.scheduleId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.userId] }), index('makeup_student_user_idx').on(t.userId)],
);

/** A day off: of one centre, or of every centre (center_id null). Generated sessions that fall on one clash. */
export const holidays = pgTable(
  'holiday',
  {
    holidayId: serial('holiday_id').primaryKey(),
    centerId: integer('center_id').references(() => centers.centerId, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    date: varchar('date', { length: 10 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('holiday_center_date_unique').on(sql`coalesce(${t.centerId}, 0)`, t.date)],
);

export const attendances = pgTable(
  'attendance',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => classSchedules.scheduleId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** present, absent, excused. */
    status: varchar('status', { length: 16 }).notNull(),
    /** The teacher's word on this student's attendance ("đến muộn 15 phút"), or null. */
    note: varchar('note', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.userId] }),
    // the insights' most absent students: the absences of a period's sessions, without the other marks
    index('attendance_absent_idx')
      .on(t.scheduleId, t.userId)
      .where(sql`${t.status} = 'absent'`),
  ],
);


/*
 * The attendance insight's roll-ups: sums of the sessions whose roll was taken (is_attendance = 1), so that a
 * year of an operator's sessions is read as a few thousand rows. Written only by the database: a trigger on
 * class_schedule notes the day and the class's month of every write to a taken session (the dirty tables
 * below; a write to its marks reaches the session through the marks' own trigger), and
 * refresh_attendance_rollups() sums those days and class-months again from the sessions before the
 * insights read (services/insight-rollups.ts). Migration 0027 holds the functions and triggers.
 */

/** Per day and centre of the session: the taken sessions, their marks and those present (the weekly chart). */
export const attendanceDayRollups = pgTable(
  'attendance_day_rollup',
  {
    day: varchar('day', { length: 10 }).notNull(),
    centerId: integer('center_id'),
    sessions: integer('sessions').notNull(),
    marked: integer('marked').notNull(),
    present: integer('present').notNull(),
  },
  (t) => [index('attendance_day_rollup_day_idx').on(t.day, t.centerId)],
);

/** Per month (YYYY-MM), class, teacher who taught and centre of the sessions: the same sums and minutes (the class and teacher tables, the teachers' hours). */
export const attendanceMonthRollups = pgTable(
  'attendance_month_rollup',
  {
    month: varchar('month', { length: 7 }).notNull(),
    classId: integer('class_id').notNull(),
    teacherId: integer('teacher_id'),
    centerId: integer('center_id'),
    sessions: integer('sessions').notNull(),
    /** The sessions' minutes (the capacity insight's taught hours). */
    minutes: integer('minutes').notNull(),
    marked: integer('marked').notNull(),
    present: integer('present').notNull(),
  },
  (t) => [index('attendance_month_rollup_month_idx').on(t.month, t.centerId), index('attendance_month_rollup_class_idx').on(t.classId, t.month)],
);

/** Per month, class, teacher, centre and student: the student's absences (not excused) on taken sessions (the most absent). */
export const absenceMonthRollups = pgTable(
  'absence_month_rollup',
  {
    month: varchar('month', { length: 7 }).notNull(),
    classId: integer('class_id').notNull(),
    teacherId: integer('teacher_id'),
    centerId: integer('center_id'),
    userId: integer('user_id').notNull(),
    absences: integer('absences').notNull(),
  },
  (t) => [index('absence_month_rollup_month_idx').on(t.month, t.centerId), index('absence_month_rollup_class_idx').on(t.classId, t.month)],
);

/**
 * The capacity insight's roll-up: per month, room and centre of the sessions (any roll), their weekday (ISO, 1
 * Monday), start (minutes after midnight) and length, how many sessions. Kept as the attendance roll-ups are
 * (room_dirty_month, refresh_room_rollups(), migration 0028).
 */
export const roomMonthRollups = pgTable(
  'room_month_rollup',
  {
    month: varchar('month', { length: 7 }).notNull(),
    roomId: integer('room_id').notNull(),
    centerId: integer('center_id'),
    weekday: smallint('weekday').notNull(),
    start: integer('start').notNull(),
    duration: integer('duration').notNull(),
    sessions: integer('sessions').notNull(),
  },
  (t) => [index('room_month_rollup_month_idx').on(t.month), index('room_month_rollup_room_idx').on(t.roomId, t.month)],
);

/** Room-months whose room_month_rollup rows are to be summed again. */
export const roomDirtyMonths = pgTable(
  'room_dirty_month',
  {
    roomId: integer('room_id').notNull(),
    month: varchar('month', { length: 7 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.month] })],
);

/** Days whose attendance_day_rollup rows are to be summed again. */
export const attendanceDirtyDays = pgTable('attendance_dirty_day', {
  day: varchar('day', { length: 10 }).primaryKey(),
});

/** Class-months whose attendance_month_rollup and absence_month_rollup rows are to be summed again. */
export const attendanceDirtyClassMonths = pgTable(
  'attendance_dirty_class_month',
  {
    classId: integer('class_id').notNull(),
    month: varchar('month', { length: 7 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.classId, t.month] })],
);
export const enrollments = pgTable(
  'enrollment',
  {
    enrollmentId: serial('enrollment_id').primaryKey(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.classId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 active, 2 completed, 3 removed. */
    status: smallint('status').notNull().default(1),
    totalLesson: integer('total_lesson').notNull(),
    /** The enrolment's counts, recounted from its lesson ledger lines in every write (db/ledger). */
    totalLessonLearned: integer('total_lesson_learned').notNull().default(0),
    /**
     * The operator's date (YYYY-MM-DD) from which the enrolment counts: the class's sessions from that day
     * on are the student's (their rolls, their lessons). The day it was made, or earlier when staff enter
     * a class that is already running.
     */
    startDate: varchar('start_date', { length: 10 }).notNull(),
    /**
     * The operator's date (YYYY-MM-DD) the enrolment left status 1 (completed or removed); null while it is
     * active. Every write that moves the status sets it (endedOnFor), and clears it when one is reactivated.
     */
    endedOn: varchar('ended_on', { length: 10 }),
    totalLessonPromote: integer('total_lesson_promote').notNull().default(0),
    totalDiscountPercent: smallint('total_discount_percent').notNull().default(0),
    discountId: integer('discount_id').references(() => discounts.discountId),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('enrollment_user_idx').on(t.userId),
    index('enrollment_class_idx').on(t.classId),
    // the enrolment insight's enrolments started and ended in a period
    index('enrollment_start_idx').on(t.startDate),
    index('enrollment_ended_idx').on(t.endedOn),
    // A student holds at most one active enrolment per class, even under concurrent requests.
    uniqueIndex('enrollment_active_unique').on(t.userId, t.classId).where(sql`${t.status} = 1`),
  ],
);

/** An enrolment's "transaction": what it costs (cancelled when the student is removed from the class). */
export const orders = pgTable(
  'order',
  {
    orderId: serial('order_id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.enrollmentId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.classId),
    productItemId: integer('product_item_id').references(() => productItems.productItemId),
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    discountPercent: smallint('discount_percent').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending, paid (its payments reach the amount), cancelled. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** The operator's date it is due by (YYYY-MM-DD): the centre's payment_due_days after it was made. */
    dueDate: varchar('due_date', { length: 10 }).notNull(),
    /** The sum of its payments not voided, recounted from them in every write (services/payments). */
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    /** enrollment (made with the enrolment) or renewal (more lessons for the same enrolment). */
    kind: varchar('kind', { length: 16 }).notNull().default('enrollment'),
    /** The lessons the order buys. */
    lessons: integer('lessons'),
    /** Whether its lessons are on the enrolment's ledger (a renewal waiting for its payment: not yet). */
    lessonsCredited: boolean('lessons_credited').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_created_idx').on(t.createdAt),
    index('order_enrollment_idx').on(t.enrollmentId),
    index('order_due_idx').on(t.status, t.dueDate),
    // a payment's order's class (the insights' money per course, a giáo vụ's reach) without the orders' rows
    index('order_class_of_idx').on(t.orderId, t.classId),
    // The orders that owe (the debts' condition, word for word), by due date: the debts list reads its page
    // in its order (overdue first) without sorting every order, and its totals, like what the revenue report
    // says is owed, from this index alone (their class and figures are in it).
    index('order_owing_idx')
      .on(t.dueDate, t.classId, t.amount, t.paidAmount)
      .where(sql`${t.status} <> 'cancelled' and (${t.amount} - ${t.paidAmount}) > 0`),
  ],
);

/**
 * A payment of an order: never changed or deleted, only voided (with who, when and why), so that every
 * receipt number stays listed. Receipt numbers are a series per centre and year without gaps: the counter
 * is taken in the payment's own transaction (receipt_counter).
 */
export const payments = pgTable(
  'payment',
  {
    paymentId: serial('payment_id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.orderId),
    /** Whole đồng, more than 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** cash, transfer, card. */
    method: varchar('method', { length: 16 }).notNull(),
    /** The operator's date it was paid on. */
    paidOn: varchar('paid_on', { length: 10 }).notNull(),
    /** The receipt series: the order's centre (0 for a class without one) and the year paid. */
    receiptCenterId: integer('receipt_center_id').notNull(),
    receiptYear: smallint('receipt_year').notNull(),
    receiptSeq: integer('receipt_seq').notNull(),
    receiptNo: varchar('receipt_no', { length: 32 }).notNull(),
    note: varchar('note', { length: 255 }),
    receivedBy: integer('received_by').references(() => users.id),
    /** The part of the amount beyond what the order owed, kept as the student's credit (an over-payment). */
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull().default(0),
    /** The bank statement line the payment was recorded from (reconciliation). */
    statementLineId: integer('statement_line_id'),
    voidedAt: ts('voided_at'),
    voidedBy: integer('voided_by').references(() => users.id),
    voidReason: varchar('void_reason', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_order_idx').on(t.orderId),
    uniqueIndex('payment_receipt_unique').on(t.receiptCenterId, t.receiptYear, t.receiptSeq),
    index('payment_paid_on_idx').on(t.paidOn),
    // the money collected in a period (the revenue report, the insights): its figures from this index alone
    index('payment_collected_idx')
      .on(t.paidOn, t.receiptCenterId, t.method, t.amount, t.orderId)
      .where(sql`${t.voidedAt} is null`),
  ],
);

/** The last receipt number of each centre's series in a year (taken and raised in a payment's transaction). */
export const receiptCounters = pgTable(
  'receipt_counter',
  {
    centerId: integer('center_id').notNull(),
    year: smallint('year').notNull(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.centerId, t.year] })],
);

/**
 * The lesson ledger: one line per change of an enrolment's lessons, with its signed change. An enrolment's
 * lessons left are the sum of its lines; its total and lessons learned (the enrolment's cached columns,
 * recounted from the lines in the transaction that writes them) are the sums of its credit and its
 * consumption lines (services/lesson-ledger). Lines are never changed: a corrected roll adds a line.
 */
export const lessonLedger = pgTable(
  'lesson_ledger',
  {
    lineId: serial('line_id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.enrollmentId),
    /** What changed the balance (LEDGER_KINDS in the shared contract). */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** The signed change: + lessons bought or given, − lessons learned or charged. */
    lessons: integer('lessons').notNull(),
    /** The session whose roll wrote the line. */
    scheduleId: integer('schedule_id').references(() => classSchedules.scheduleId),
    /** The order that bought the lessons. */
    orderId: integer('order_id').references(() => orders.orderId),
    reason: varchar('reason', { length: 255 }),
    /** Who wrote it (null: the system, or the history before the ledger). */
    actorId: integer('actor_id').references(() => users.id),
    /** The operator's date the change belongs to (a session's date for a roll). */
    occurredOn: varchar('occurred_on', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_ledger_enrollment_idx').on(t.enrollmentId, t.lineId), index('lesson_ledger_schedule_idx').on(t.scheduleId)],
);

/**
 * A student's credit: money the centre holds for them, one signed line per change (an over-payment kept,
 * a cancelled enrolment's unused lessons, credit used to pay an order, a line reversed by a void). The
 * balance is the sum of the lines; lines are never changed.
 */
export const studentCredits = pgTable(
  'student_credit',
  {
    lineId: serial('line_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What changed it (CREDIT_KINDS in the shared contract). */
    kind: varchar('kind', { length: 24 }).notNull(),
    /** Signed whole đồng: + held for the student, − used or given back. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: integer('order_id').references(() => orders.orderId),
    paymentId: integer('payment_id').references(() => payments.paymentId),
    refundId: integer('refund_id'),
    reason: varchar('reason', { length: 255 }),
    actorId: integer('actor_id').references(() => users.id),
    occurredOn: varchar('occurred_on', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('student_credit_user_idx').on(t.userId, t.lineId)],
);

/**
 * What a cancelled enrolment gave back for its unused lessons: money returned (refund) or kept as the
 * student's credit (credit), the amount proposed (pro rata of the lessons left) and the amount staff
 * confirmed, with their reason when they differ.
 */
export const refunds = pgTable(
  'refund',
  {
    refundId: serial('refund_id').primaryKey(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.enrollmentId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The centre whose money it is (0 for a class without one). */
    centerId: integer('center_id').notNull(),
    /** refund (money given back) or credit (kept for the student). */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** How a refund was given back: cash or transfer (null for a credit). */
    method: varchar('method', { length: 16 }),
    lessonsUnused: integer('lessons_unused').notNull(),
    proposedAmount: bigint('proposed_amount', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 255 }),
    refundedOn: varchar('refunded_on', { length: 10 }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('refund_enrollment_idx').on(t.enrollmentId), index('refund_on_idx').on(t.refundedOn)],
);

/** A bank statement uploaded for reconciliation: the file's hash, so that the same file twice is known. */
export const bankStatements = pgTable(
  'bank_statement',
  {
    statementId: serial('statement_id').primaryKey(),
    /** The centre whose account it is (null: an administrator's upload for every centre). */
    centerId: integer('center_id').references(() => centers.centerId),
    /** The bank's NAPAS BIN, or 'other': the column mapping it was read with is remembered by it. */
    bankKey: varchar('bank_key', { length: 8 }).notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    fileSha256: varchar('file_sha256', { length: 64 }).notNull(),
    lineCount: integer('line_count').notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statement_created_idx').on(t.createdAt)],
);

/**
 * A line of a bank statement: its date, amount and description, and what became of it: matched (a payment
 * recorded from it), assigned (staff chose the order), ignored, or unmatched (waiting for staff). Its key
 * (the bank, date, amount, description and how many times the same line came before it in its file) is
 * unique, so a statement uploaded twice records nothing twice.
 */
export const bankStatementLines = pgTable(
  'bank_statement_line',
  {
    lineId: serial('line_id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.statementId),
    lineKey: varchar('line_key', { length: 64 }).notNull(),
    rowNo: integer('row_no').notNull(),
    postedOn: varchar('posted_on', { length: 10 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    /** matched, assigned, ignored, unmatched. */
    status: varchar('status', { length: 12 }).notNull(),
    /** Why it was not matched (unknown reference, more than owed, …), for staff. */
    problem: varchar('problem', { length: 32 }),
    orderId: integer('order_id').references(() => orders.orderId),
    paymentId: integer('payment_id').references(() => payments.paymentId),
    decidedBy: integer('decided_by').references(() => users.id),
    /** Why staff ignored it. */
    ignoreReason: varchar('ignore_reason', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bank_statement_line_key_unique').on(t.lineKey), index('bank_statement_line_statement_idx').on(t.statementId, t.rowNo), index('bank_statement_line_status_idx').on(t.status)],
);

/** The columns a bank's statements are read with, remembered from the last upload of that bank. */
export const bankColumnMappings = pgTable('bank_column_mapping', {
  bankKey: varchar('bank_key', { length: 8 }).primaryKey(),
  dateColumn: varchar('date_column', { length: 100 }).notNull(),
  amountColumn: varchar('amount_column', { length: 100 }).notNull(),
  descriptionColumn: varchar('description_column', { length: 100 }).notNull(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- notifications

/**
 * Every notification, in one table, so that a message staff compose is itself a row of /notifications
 * with its own notification_id:
 * - a notification someone receives: `user_id` is the recipient, `parent_id` the staff message it was
 *   sent from (null for the system's own notices: an enrolment, a moved session), `is_send` 1;
 * - a message staff compose (the settings screen): `user_id` null, its target (`target_kind` user, type,
 *   center or all, with the user, type and/or centre), `is_send` 0 while it is a draft and 1 once sent
 *   (`sent_at`); sending adds one received row per recipient. A type or 'all' target with a centre
 *   reaches that centre only (a centre-bound giáo vụ's messages always have one).
 * The check keeps the two kinds apart: a row has a recipient or a target, never both, never neither.
 */
export const notifications = pgTable(
  'notification',
  {
    notificationId: serial('notification_id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    parentId: integer('parent_id').references((): AnyPgColumn => notifications.notificationId),
    name: varchar('name', { length: 255 }).notNull(),
    message: text('message').notNull(),
    /** 1 read, 2 unread (a composed message has no reader: 1). */
    isRead: smallint('is_read').notNull().default(2),
    /** user, type, center, all. */
    targetKind: varchar('target_kind', { length: 16 }),
    targetUserId: integer('target_user_id').references(() => users.id),
    targetType: varchar('target_type', { length: 32 }),
    targetCenterId: integer('target_center_id').references(() => centers.centerId),
    /** 0 a draft, 1 sent (every received row is 1). */
    isSend: smallint('is_send').notNull().default(1),
    sentAt: ts('sent_at'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notification_user_idx').on(t.userId),
    index('notification_parent_idx').on(t.parentId),
    // the notification settings list sorted by its created and sent headers (notification_id the tie-breaker)
    index('notification_created_idx').on(t.createdAt, t.notificationId),
    index('notification_sent_idx').on(t.sentAt, t.notificationId),
    check('notification_recipient_or_target', sql`(${t.userId} is null) = (${t.targetKind} is not null)`),
  ],
);

// ---------------------------------------------------------------- competitions

export const competitions = pgTable('competition', {
  competitionId: serial('competition_id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description'),
  startDate: varchar('start_date', { length: 10 }),
  endDate: varchar('end_date', { length: 10 }),
  /** 1 draft, 2 registration open, 3 running, 4 finished. */
  status: smallint('status').notNull().default(1),
  centerId: integer('center_id').references(() => centers.centerId),
  /** The last candidate number handed out in this event: numbers are taken by incrementing it, never reused. */
  candidateSeq: integer('candidate_seq').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Subject. */
export const topics = pgTable('topic', {
  topicId: serial('topic_id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Examinee group (by age or grade). */
export const examineeTypes = pgTable('type', {
  typeId: serial('type_id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A score or a pass mark: an exact decimal of at most two places, 0 … 10000.00 (competitions mark in steps
 * such as 0.25), so sums, comparisons and ranking ties are exact. Read as a JS number, written as its decimal text.
 */
const score = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

export const rounds = pgTable('round', {
  roundId: serial('round_id').primaryKey(),
  competitionId: integer('competition_id')
    .notNull()
    .references(() => competitions.competitionId, { onDelete: 'cascade' }),
  name: varchar('name', { length: 255 }).notNull(),
  order: smallint('order').notNull(),
  date: varchar('date', { length: 10 }),
  maxScore: integer('max_score').notNull(),
  passScore: score('pass_score').notNull(),
  /** The smallest difference between two scores of the round (0.25: 7, 7.25, 7.5 …); the maximum is a multiple of it. */
  scoreStep: numeric('score_step', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0.25),
  /** Set when the round is finalised: its scores are locked, those at or above the pass score go on. */
  finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('round_order_unique').on(t.competitionId, t.order)]);

/** A teacher assigned to grade one subject of an event (staff grade every subject without one). */
export const competitionGraders = pgTable(
  'competition_grader',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.competitionId, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.topicId),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.topicId, t.userId] }), index('competition_grader_user_idx').on(t.userId)],
);

export const examinees = pgTable(
  'examinee',
  {
    examineeId: serial('examinee_id').primaryKey(),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.competitionId, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    birthDate: varchar('birth_date', { length: 10 }),
    typeId: integer('type_id').references(() => examineeTypes.typeId),
    topicId: integer('topic_id').references(() => topics.topicId),
    candidateNumber: varchar('candidate_number', { length: 32 }).notNull(),
    school: varchar('school', { length: 255 }),
    contact: varchar('contact', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('examinee_candidate_unique').on(t.competitionId, t.candidateNumber),
    // a student enters a subject of an event once
    uniqueIndex('examinee_student_topic_unique').on(t.competitionId, t.userId, t.topicId).where(sql`${t.userId} is not null`),
  ],
);

export const examineePoints = pgTable(
  'examinee_point',
  {
    id: serial('id').primaryKey(),
    examineeId: integer('examinee_id')
      .notNull()
      .references(() => examinees.examineeId, { onDelete: 'cascade' }),
    roundId: integer('round_id')
      .notNull()
      .references(() => rounds.roundId, { onDelete: 'cascade' }),
    score: score('score').notNull(),
    graderId: integer('grader_id').references(() => users.id),
    comment: text('comment'),
    /** draft, final. */
    status: varchar('status', { length: 16 }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('examinee_point_unique').on(t.examineeId, t.roundId)],
);

// ---------------------------------------------------------------- micro-frontend registry

export interface RolloutRule {
  /** 0..100, sticky per user. */
  percent?: number;
  types?: string[];
  roleIds?: number[];
  centerIds?: number[];
  userIds?: number[];
}

export type { RegistryRoute };

export const remoteAreas = pgTable('remote_area', {
  name: varchar('name', { length: 64 }).primaryKey(),
  enabled: boolean('enabled').notNull().default(true),
  routes: jsonb('routes').$type<RegistryRoute[]>().notNull().default([]),
  stableVersion: varchar('stable_version', { length: 64 }).notNull(),
  stableEntry: text('stable_entry').notNull(),
  candidateVersion: varchar('candidate_version', { length: 64 }),
  candidateEntry: text('candidate_entry'),
  rollout: jsonb('rollout').$type<RolloutRule>(),
  /** The stable build before the last promotion: what a rollback without a candidate returns to. */
  previousStableVersion: varchar('previous_stable_version', { length: 64 }),
  previousStableEntry: text('previous_stable_entry'),
  /**
   * True while the stable build is the registry file's: start-up then keeps it in step with the file.
   * A promotion or a rollback makes the registry the source of the stable build, and a restart keeps it.
   */
  stableFromFile: boolean('stable_from_file').notNull().default(true),
  /** When the current candidate was first given to users (the guard never judges it on events before). */
  rolloutStartedAt: ts('rollout_started_at'),
  /** The rollout guard's settings (null: the defaults, GUARD_DEFAULTS). */
  guard: jsonb('guard').$type<GuardSettingsRecord>(),
  /** The guard's last decision (a rollback, or the last judgement that kept the candidate). */
  guardDecision: jsonb('guard_decision').$type<GuardDecisionRecord>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every build an area has had: the registry file's and each release. A version is immutable: it is
 * registered once, with one entry and one manifest (its digest), and never replaced.
 */
export const remoteBuilds = pgTable(
  'remote_build',
  {
    id: serial('id').primaryKey(),
    area: varchar('area', { length: 64 })
      .notNull()
      .references(() => remoteAreas.name, { onDelete: 'cascade' }),
    version: varchar('version', { length: 64 }).notNull(),
    entry: text('entry').notNull(),
    /** SHA-256 of the build's mf-manifest.json as registered (null for the registry file's builds). */
    manifestDigest: varchar('manifest_digest', { length: 64 }),
    releasedBy: integer('released_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    releasedAt: ts('released_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('remote_build_area_version_unique').on(t.area, t.version)],
);

// ---------------------------------------------------------------- area health

/**
 * The columns of an area health aggregate: one row per area × build version × cohort × window, whose
 * counts and vitals histograms (services/area-health: log-spaced buckets, element-wise sums) only grow,
 * so that upserts from several API instances add up exactly.
 */
const healthWindowColumns = () => ({
  area: varchar('area', { length: 64 }).notNull(),
  windowStart: ts('window_start').notNull(),
  cohort: varchar('cohort', { length: 16 }).notNull(),
  version: varchar('version', { length: 64 }).notNull(),
  pageViews: integer('page_views').notNull().default(0),
  loadFailures: integer('load_failures').notNull().default(0),
  renderErrors: integer('render_errors').notNull().default(0),
  unhandledErrors: integer('unhandled_errors').notNull().default(0),
  lcp: integer('lcp').array().notNull().default(sql`'{}'`),
  inp: integer('inp').array().notNull().default(sql`'{}'`),
  cls: integer('cls').array().notNull().default(sql`'{}'`),
  ttfr: integer('ttfr').array().notNull().default(sql`'{}'`),
});

/** 5-minute windows: what the guard reads, and the series of a period up to 2 days. */
export const areaHealthWindows = pgTable('area_health_window', healthWindowColumns(), (t) => [
  primaryKey({ columns: [t.area, t.windowStart, t.cohort, t.version] }),
  index('area_health_window_start_idx').on(t.windowStart),
]);

/** The same figures by the hour (written with the 5-minute windows): the series and totals of longer periods. */
export const areaHealthHours = pgTable('area_health_hour', healthWindowColumns(), (t) => [
  primaryKey({ columns: [t.area, t.windowStart, t.cohort, t.version] }),
  index('area_health_hour_start_idx').on(t.windowStart),
]);

/** The errors seen of each build: kind, type and first stack frame (no query string), how often, first and last seen. */
export const areaHealthErrors = pgTable(
  'area_health_error',
  {
    area: varchar('area', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    cohort: varchar('cohort', { length: 16 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    type: varchar('type', { length: 120 }).notNull(),
    frame: varchar('frame', { length: 300 }).notNull(),
    count: integer('count').notNull().default(0),
    firstSeen: ts('first_seen').notNull(),
    lastSeen: ts('last_seen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.area, t.version, t.cohort, t.kind, t.type, t.frame] }),
    index('area_health_error_last_seen_idx').on(t.area, t.lastSeen),
  ],
);

// ---------------------------------------------------------------- messages to families

/**
 * The durable outbox of messages to students' families (db/outbox, services/outbox-worker): a row is
 * written in the transaction of the event it tells of, and a worker sends it. The idempotency key names
 * the event (a student's absence on a session, its correction...): writing it twice is one message.
 * The subject and text are rendered when the message is written; the payload keeps what they were made
 * of (no secrets). Status: queued (waiting, or waiting for its retry at next_attempt_at), sending (claimed
 * by a worker until next_attempt_at, its lease), sent, failed (given up after its attempts), held.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    /** absence, absence_correction. */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** email (zalo, sms later). */
    channel: varchar('channel', { length: 16 }).notNull(),
    /** The address on the channel (an e-mail address). */
    recipient: varchar('recipient', { length: 255 }).notNull(),
    studentId: integer('student_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    text: text('text').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** The guardian it is addressed to (null: the student's own contacts). */
    guardianId: integer('guardian_id').references(() => guardians.id, { onDelete: 'set null' }),
    /** Every student the message is about (siblings share one message); student_id is the first. */
    studentIds: integer('student_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Sent at once even in the quiet window (absences, same-day schedule changes, staff's own messages). */
    urgent: boolean('urgent').notNull().default(true),
    /** The channels to try, in order, each with its address: [{ channel, recipient }]; channel/recipient are the one in use. */
    route: jsonb('route').$type<Array<{ channel: string; recipient: string }>>().notNull().default(sql`'[]'::jsonb`),
    /** The provider's id of the message once sent. */
    providerId: varchar('provider_id', { length: 100 }),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** The provider's reason of the latest failure, truncated. */
    lastError: varchar('last_error', { length: 500 }),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_outbox_idempotency_unique').on(t.idempotencyKey),
    // what a worker claims: the due messages, oldest first
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending', 'held')`),
    index('message_outbox_student_idx').on(t.studentId, t.id),
    // a student's messages ("Tin đã gửi"), siblings' shared ones included
    index('message_outbox_students_idx').using('gin', t.studentIds),
    // what a roll's save reads: the absence messages already written about that session
    index('message_outbox_absence_session_idx')
      .on(sql`(${t.payload}->>'schedule_id')`)
      .where(sql`${t.kind} in ('absence', 'absence_correction')`),
  ],
);

/**
 * A student's guardian: a contact that messages to the family go to. One guardian can be linked to several
 * students (siblings), who then get one message per event. A student's first guardian (position 1) is the
 * account's representative (user.reference_name / reference_phone / reference_email, kept equal both ways).
 */
export const guardians = pgTable(
  'guardian',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 255 }),
    /** email, zalo or sms: tried first; the others configured follow when it fails. */
    preferredChannel: varchar('preferred_channel', { length: 8 }).notNull().default('email'),
    /** How messages address them: 'anh', 'chị' or 'anh/chị'. */
    addressAs: varchar('address_as', { length: 8 }).notNull().default('anh/chị'),
    /** The groups of messages they asked not to receive (absence, balance, schedule, payment, reminder, free). */
    optedOut: jsonb('opted_out').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The centre of the student it was first made for: staff of that centre reach it. */
    centerId: integer('center_id').references(() => centers.centerId),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('guardian_phone_idx').on(t.phone), index('guardian_email_idx').on(sql`lower(${t.email})`)],
);

export const studentGuardians = pgTable(
  'student_guardian',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** 1 for the first guardian (the representative), then in the order they were added. */
    position: smallint('position').notNull().default(1),
    /** 'Mẹ', 'Bố', 'Ông', ... as staff type it. */
    relationship: varchar('relationship', { length: 50 }),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.guardianId] }), index('student_guardian_guardian_idx').on(t.guardianId)],
);

/** An administrator's text for one kind of message on one channel; a kind without one uses the built-in text. */
export const messageTemplates = pgTable(
  'message_template',
  {
    kind: varchar('kind', { length: 32 }).notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    body: text('body').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.channel] })],
);

/** The settings of messages to families: one row (id 1). */
export const familyMessageSettings = pgTable('family_message_setting', {
  id: smallint('id').primaryKey().default(1),
  /** Non-urgent messages written between quiet_start and quiet_end (operator time, HH:mm) wait for quiet_end. */
  quietStart: varchar('quiet_start', { length: 5 }).notNull().default('21:00'),
  quietEnd: varchar('quiet_end', { length: 5 }).notNull().default('07:00'),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- calendar feeds

/**
 * A calendar feed's version: its private URL carries a token made from the feed's owner and this version
 * (services/calendar-feeds), so raising it (a rotation) stops the old URL at once. No row: version 0.
 */
export const calendarFeeds = pgTable(
  'calendar_feed',
  {
    /** user (a teacher's or a student's own sessions), room or class. */
    kind: varchar('kind', { length: 8 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    version: integer('version').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ownerId] })],
);

/** A cancelled session as the calendar feeds still show it (STATUS:CANCELLED), for the weeks around it. */
export const cancelledSessions = pgTable(
  'cancelled_session',
  {
    scheduleId: integer('schedule_id').primaryKey(),
    classId: integer('class_id').notNull(),
    scheduleDate: varchar('schedule_date', { length: 10 }).notNull(),
    scheduleHour: smallint('schedule_hour').notNull(),
    scheduleMinute: smallint('schedule_minute').notNull(),
    duration: smallint('duration').notNull(),
    teacherId: integer('teacher_id'),
    roomId: integer('room_id'),
    /** A make-up session's students (a regular one's are its class's). */
    studentIds: integer('student_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: ts('created_at').notNull(),
    cancelledAt: ts('cancelled_at').notNull().defaultNow(),
  },
  (t) => [index('cancelled_session_date_idx').on(t.scheduleDate)],
);

/**
 * A saved view of a list: its filters and sort (the list's URL search text) under a name its owner chose,
 * for one list (the route's path), optionally shared with the members of one role.
 */
export const savedViews = pgTable(
  'saved_view',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list's route path ('/assets/students'). */
    listKey: varchar('list_key', { length: 120 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    /** The list's URL search text without '?' and without the page ('search=an&sort=name&order=ASC'). */
    query: varchar('query', { length: 1000 }).notNull(),
    /** The role whose members also see it (null: its owner only); a deleted role leaves it private. */
    sharedRoleId: integer('shared_role_id').references(() => roles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_view_owner_list_name_unique').on(t.ownerId, t.listKey, sql`lower(${t.name})`),
    index('saved_view_list_role_idx').on(t.listKey, t.sharedRoleId),
  ],
);
