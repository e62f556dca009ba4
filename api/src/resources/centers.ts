/**
 * Centres (LearningCenter): the five routes of the resource factory under /learning/center/…, with the
 * centre's rules for lessons (whether an absence without notice costs one, the low-balance threshold). Writes
 * need the Create, Update and Delete permissions (the administrator by default); the access policy
 * keeps a giáo vụ of a centre to that centre. A centre that classes, future sessions, rooms or accounts
 * use cannot be deleted (409 naming them).
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { CenterRecord } from '@trungtam/shared/schemas/records';
import { CENTER_TEXT, CenterWrite } from '@trungtam/shared/schemas/settings';
import { centers, classes, classSchedules, rooms, users } from '../db/schema';
import { assertNameFree, assertUnused, listFilter, crudPaths, declareResource, blankToNull } from '../factory';
import { Int, SMALLINT_MAX } from '@trungtam/shared/schemas/builders';
import { bankByBin } from '@trungtam/shared/contracts/banks';
import { invalid } from '../lib/errors';

/** A bank of the NAPAS list, and a bank with its account number (both, or neither, once the write is applied). */
function assertBankAccount(
  body: { bank_bin?: string | null; bank_account_number?: string | null },
  existing: { bankBin: string | null; bankAccountNumber: string | null } | null | undefined,
) {
  const bin = body.bank_bin !== undefined ? body.bank_bin || null : (existing?.bankBin ?? null);
  const account = body.bank_account_number !== undefined ? body.bank_account_number || null : (existing?.bankAccountNumber ?? null);
  if (bin && !bankByBin(bin)) throw invalid({ bank_bin: CENTER_TEXT.bank });
  if (!bin !== !account) throw invalid({ [bin ? 'bank_account_number' : 'bank_bin']: CENTER_TEXT.bankIncomplete });
}

export default declareResource({
  name: 'Center',
  tag: 'learning',
  paths: crudPaths('/learning/center'),
  permission: 'LearningCenter',
  table: centers,
  primaryKey: centers.centerId,
  idField: 'center_id',
  schemas: { record: CenterRecord, write: CenterWrite },
  sort: { columns: { center_id: centers.centerId, id: centers.centerId, name: centers.name, created_at: centers.createdAt }, default: 'center_id' },
  search: [centers.name, centers.address],
  filters: {
    status: listFilter(Int(0, SMALLINT_MAX, 'status không hợp lệ'), (status) => (status ? eq(centers.status, status) : undefined)),
  },
  policy: 'LearningCenter',
  updatedAt: centers.updatedAt,
  toRecord: (row: typeof centers.$inferSelect) => ({
    center_id: row.centerId,
    name: row.name,
    address: row.address,
    phone_number: row.phoneNumber,
    status: row.status,
    absence_costs_lesson: row.absenceCostsLesson,
    low_balance_threshold: row.lowBalanceThreshold,
    payment_due_days: row.paymentDueDays,
    renewal_lessons_on: row.renewalLessonsOn === 'order' ? ('order' as const) : ('payment' as const),
    payment_reminder_days: row.paymentReminderDays,
    overdue_notice: row.overdueNotice,
    session_reminder: row.sessionReminder,
    bank_bin: row.bankBin,
    bank_account_number: row.bankAccountNumber,
    bank_account_name: row.bankAccountName,
  }),
  toValues: (body) => ({
    name: body.name.trim(),
    address: blankToNull(body.address),
    phoneNumber: blankToNull(body.phone_number),
    status: body.status,
    // rules a request leaves out stay as they are (a new centre takes the defaults)
    ...(body.absence_costs_lesson !== undefined ? { absenceCostsLesson: body.absence_costs_lesson } : {}),
    ...(body.low_balance_threshold !== undefined ? { lowBalanceThreshold: body.low_balance_threshold } : {}),
    ...(body.payment_due_days !== undefined ? { paymentDueDays: body.payment_due_days } : {}),
    ...(body.renewal_lessons_on !== undefined ? { renewalLessonsOn: body.renewal_lessons_on } : {}),
    ...(body.payment_reminder_days !== undefined ? { paymentReminderDays: body.payment_reminder_days } : {}),
    ...(body.overdue_notice !== undefined ? { overdueNotice: body.overdue_notice } : {}),
    ...(body.session_reminder !== undefined ? { sessionReminder: body.session_reminder } : {}),
    ...(body.bank_bin !== undefined ? { bankBin: blankToNull(body.bank_bin) } : {}),
    ...(body.bank_account_number !== undefined ? { bankAccountNumber: blankToNull(body.bank_account_number) } : {}),
    ...(body.bank_account_name !== undefined ? { bankAccountName: blankToNull(body.bank_account_name) } : {}),
  }),
  beforeWrite: async (db, _actor, body, existing) => {
    assertBankAccount(body, existing);
    await assertNameFree(db, { table: centers, column: centers.name, primaryKey: centers.centerId }, body.name, CENTER_TEXT.duplicate, { exceptId: existing?.centerId });
  },
  beforeDelete: (db, _actor, centre) =>
    assertUnused(db, 'Trung tâm', [
      { table: classes, where: and(eq(classes.centerId, centre.centerId), isNull(classes.deletedAt)), what: 'lớp học' },
      { table: classSchedules, where: and(eq(classSchedules.centerId, centre.centerId), gte(classSchedules.scheduleDate, operatorToday())), what: 'buổi học sắp tới' },
      { table: rooms, where: eq(rooms.centerId, centre.centerId), what: 'phòng học' },
      { table: users, where: and(eq(users.centerId, centre.centerId), isNull(users.deletedAt)), what: 'tài khoản' },
    ]),
  messages: {
    duplicate: CENTER_TEXT.duplicate,
    // past sessions, deleted classes or accounts still point at it
    inUse: 'Trung tâm đã có lịch sử học tập hoặc tài khoản đã xoá gắn với nó: không thể xoá',
  },
});
