/**
 * The events families are told of, each written to the outbox in the transaction of the write that causes
 * it (family-messages.enqueueFamilyEvent). What each sends:
 * - absence: a roll saved with students absent (not excused); a correction when a later save marks them
 *   present or excused; the same roll saved again sends nothing (below);
 * - low balance: an enrolment's lessons left falling to its centre's threshold or below, once per crossing;
 * - schedule change: a session moved or cancelled, a make-up scheduled, a substitute teacher set (or the
 *   teacher back), to the families of its students;
 *   urgent (sent in the quiet window too) when it touches today;
 * - receipt: a payment taken, with its receipt (the PDF on e-mail).
 * Payment reminders and the day-before reminder come from the daily scan (family-scheduler.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { type MessageChannel } from '@trungtam/shared/contracts/familyMessages';
import { formatVnd } from '@trungtam/shared/format';
import { operatorToday } from '@trungtam/shared/operatorDate';
import type { Queryable } from '../db/client';
import { classes } from '../db/schema';
import { enqueueFamilyEvent, enqueueFamilyEvents } from './family-messages';
import type { Recipient } from './family-recipients';
import type { LowBalanceCrossing, RollStatus } from './lesson-ledger';

const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
export const dmy = (date: string) => date.split('-').reverse().join('/');

const STATUS_WORDS: Record<RollStatus, string> = { present: 'có mặt', excused: 'vắng có phép', absent: 'vắng' };

interface SessionRef {
  scheduleId: number;
  classId: number;
  scheduleDate: string;
  scheduleHour: number;
  scheduleMinute: number;
}

async function classNameOf(tx: Queryable, classId: number): Promise<string> {
  const [row] = await tx.select({ name: classes.className }).from(classes).where(eq(classes.classId, classId));
  return row?.name ?? '';
}

/**
 * In the roll's transaction: the absence notices and corrections the saved marks call for. What decides,
 * per student, is the latest absence message about them on that session:
 * - absent, and nothing sent yet (or the latest was a correction): a notice;
 * - present or excused, and the latest was a notice: a correction;
 * - anything else (the same roll saved again): nothing.
 * Siblings marked together get one message. Each message's key ends with the number of absence messages
 * the recipient had about that session before it: two saves at once write one, and absent → present →
 * absent → present writes notice, correction, notice, correction. The number of messages written.
 */
export async function enqueueAbsenceNotices(
  tx: Queryable,
  channels: readonly MessageChannel[],
  session: SessionRef,
  marks: Array<{ user_id: number; status: RollStatus }>,
): Promise<number> {
  if (!marks.length) return 0;
  // the session's earlier absence messages and its class's name, in one query; the messages read as the
  // partial index's own predicate (message_outbox_absence_session_idx), so that it is used
  const [{ className, history }] = (
    await tx.execute<{ className: string | null; history: Array<{ kind: string; guardianId: number | null; studentIds: number[] }> | null }>(sql`
      select (select ${classes.className} from ${classes} where ${classes.classId} = ${session.classId}) as "className",
        (select json_agg(json_build_object('kind', m.kind, 'guardianId', m.guardian_id, 'studentIds', m.student_ids) order by m.id)
         from message_outbox m
         where m.kind in ('absence', 'absence_correction') and (m.payload->>'schedule_id') = ${String(session.scheduleId)}) as history`)
  ).rows;
  const lastKind = new Map<number, string>();
  const sentTo = new Map<string, number>();
  for (const row of history ?? []) {
    for (const id of row.studentIds) lastKind.set(id, row.kind);
    const key = row.guardianId !== null ? `g${row.guardianId}` : `s${row.studentIds[0]}`;
    sentTo.set(key, (sentTo.get(key) ?? 0) + 1);
  }
  const absent = marks.filter((mark) => mark.status === 'absent' && lastKind.get(mark.user_id) !== 'absence');
  const corrected = marks.filter((mark) => mark.status !== 'absent' && lastKind.get(mark.user_id) === 'absence');
  if (!absent.length && !corrected.length) return 0;
  const statusOf = new Map(marks.map((mark) => [mark.user_id, mark.status]));
  const base = { lop: className ?? '', ngay: dmy(session.scheduleDate), gio: hhmm(session.scheduleHour, session.scheduleMinute) };
  const keyOf = (recipient: Recipient) => `${session.scheduleId}:${recipient.key}:${sentTo.get(recipient.key) ?? 0}`;
  let written = 0;
  if (absent.length) {
    written += await enqueueFamilyEvent(tx, channels, {
      kind: 'absence',
      eventKey: keyOf,
      studentIds: absent.map((mark) => mark.user_id),
      values: () => base,
      payload: { schedule_id: session.scheduleId },
    });
  }
  if (corrected.length) {
    written += await enqueueFamilyEvent(tx, channels, {
      kind: 'absence_correction',
      eventKey: keyOf,
      studentIds: corrected.map((mark) => mark.user_id),
      values: (recipient) => ({
        ...base,
        trang_thai: [...new Set(recipient.students.map((student) => STATUS_WORDS[statusOf.get(student.id) ?? 'present']))].join(', '),
      }),
      payload: { schedule_id: session.scheduleId },
    });
  }
  return written;
}

/**
 * Each enrolment that crossed its threshold: one message to its families. A correction back above the
 * threshold and down again reaches the same counts, so it sends nothing more; a renewal raises the total,
 * so the next crossing is a new one.
 */
export async function enqueueLowBalanceNotices(tx: Queryable, channels: readonly MessageChannel[], crossings: LowBalanceCrossing[]): Promise<number> {
  let written = 0;
  for (const crossing of crossings) {
    const className = await classNameOf(tx, crossing.classId);
    written += await enqueueFamilyEvent(tx, channels, {
      kind: 'low_balance',
      eventKey: `${crossing.enrollmentId}:${crossing.total}:${crossing.learned}`,
      studentIds: [crossing.studentId],
      values: () => ({ lop: className, so_buoi_con: String(Math.max(0, crossing.left)) }),
      payload: { enrollment_id: crossing.enrollmentId },
    });
  }
  return written;
}

/** A session's change as families are told it. */
export type ScheduleChange =
  | { kind: 'moved'; to: { date: string; hour: number; minute: number }; room: string | null }
  | { kind: 'cancelled' }
  | { kind: 'makeup' }
  /** Another teacher teaches it (a substitute), or its own teacher again; `stamp` tells one change from the next. */
  | { kind: 'teacher'; teacherName: string; substitute: boolean; stamp: string };

/**
 * A session moved, cancelled or a make-up scheduled: one message to the families of `studentIds`. Urgent
 * when the session was or is now today (operator date); held by the quiet window otherwise.
 */
export async function enqueueScheduleChange(
  tx: Queryable,
  channels: readonly MessageChannel[],
  session: SessionRef,
  change: ScheduleChange,
  studentIds: number[],
): Promise<number> {
  if (!studentIds.length) return 0;
  const today = operatorToday();
  const moved = change.kind === 'moved' ? change.to : null;
  const text =
    change.kind === 'moved'
      ? `được dời sang ${hhmm(change.to.hour, change.to.minute)} ngày ${dmy(change.to.date)}${change.room ? `, phòng ${change.room}` : ''}`
      : change.kind === 'cancelled'
        ? 'đã bị huỷ'
        : change.kind === 'teacher'
          ? change.substitute
            ? `sẽ do giáo viên ${change.teacherName} dạy thay`
            : `sẽ do giáo viên ${change.teacherName} dạy như lịch ban đầu`
          : 'là buổi học bù, mong học viên đến đúng giờ';
  const stamp = moved ? `${moved.date}T${hhmm(moved.hour, moved.minute)}` : change.kind === 'teacher' ? `teacher-${change.stamp}` : change.kind;
  const values = { lop: await classNameOf(tx, session.classId), ngay: dmy(session.scheduleDate), gio: hhmm(session.scheduleHour, session.scheduleMinute), thay_doi: text };
  return enqueueFamilyEvent(tx, channels, {
    kind: 'schedule_change',
    eventKey: `${session.scheduleId}:${stamp}`,
    studentIds,
    urgent: session.scheduleDate === today || moved?.date === today,
    values: () => values,
    payload: { schedule_id: session.scheduleId, change: change.kind },
  });
}

/** A payment taken: its receipt to the families of the student (the PDF attached on e-mail). */
export function enqueueReceipt(tx: Queryable, channels: readonly MessageChannel[], payment: ReceiptEvent): Promise<number> {
  return enqueueReceipts(tx, channels, [payment]);
}

export interface ReceiptEvent {
  paymentId: number;
  studentId: number;
  amount: number;
  receiptNo: string;
  paidOn: string;
}

/** Many payments' receipts at once (a bank statement's matched lines). */
export function enqueueReceipts(tx: Queryable, channels: readonly MessageChannel[], payments: ReceiptEvent[]): Promise<number> {
  return enqueueFamilyEvents(
    tx,
    channels,
    payments.map((payment) => ({
      kind: 'receipt',
      eventKey: String(payment.paymentId),
      studentIds: [payment.studentId],
      values: () => ({ so_tien: formatVnd(payment.amount), so_phieu: payment.receiptNo, ngay: dmy(payment.paidOn) }),
      payload: { payment_id: payment.paymentId },
    })),
  );
}
