/**
 * Messages to students' families (first part: absence notices by e-mail), and the staff's delivery log.
 *
 * Absence: a roll saved with a student absent (not excused) writes, in the roll's transaction, one e-mail
 * to the student's representative (reference_email; without one, the student's own address) naming the
 * class, the session's date and time and the centre's phone. What decides is what the family was last told
 * about that session: the student's latest absence message on it.
 * - absent, and nothing sent yet (or the latest was a correction): one absence notice;
 * - present or excused, and the latest was an absence notice: one correction;
 * - anything else (the same roll saved again): nothing.
 * Each message's idempotency key is `<kind>:<schedule>:<student>:<n>`, n the number of absence messages
 * written before it for that student and session: two saves at once write one, and absent → present →
 * absent → present writes notice, correction, notice, correction.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Queryable } from '../db/client';
import { enqueueMessage, MESSAGE_STATUSES, requeueFailed, type MessageKind } from '../db/outbox';
import { centers, classes, messageOutbox, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { writeAudit, type AuditContext } from '../factory/audit';
import { conflict, notFound } from '../lib/errors';
import { listResult, paging } from '../lib/list';
import type { MessageListQuery, MessageResendBody } from '../schemas/messages';
import type { AppContext } from '../types';
import type { RollStatus } from './lesson-ledger';

export const FAMILY_MESSAGE_TEXT = {
  absenceSubject: 'Thông báo vắng học',
  correctionSubject: 'Điều chỉnh thông báo vắng học',
  notFound: 'Tin nhắn không tồn tại',
  notFailed: 'Chỉ gửi lại được tin gửi thất bại',
  statusPresent: 'có mặt',
  statusExcused: 'vắng có phép',
} as const;

const ABSENCE_KINDS: MessageKind[] = ['absence', 'absence_correction'];

const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
const dmy = (date: string) => date.split('-').reverse().join('/');

interface AbsencePayload {
  student_name: string;
  representative_name: string | null;
  class_name: string;
  date: string;
  time: string;
  center_name: string | null;
  center_phone: string | null;
  status: RollStatus;
}

function contactLine(p: AbsencePayload): string {
  const centre = p.center_name ?? 'trung tâm';
  return p.center_phone ? `Mọi thắc mắc xin anh/chị liên hệ ${centre} qua số điện thoại ${p.center_phone}.` : `Mọi thắc mắc xin anh/chị liên hệ ${centre}.`;
}

function absenceText(p: AbsencePayload): { subject: string; text: string } {
  const greeting = p.representative_name ? `Kính gửi anh/chị ${p.representative_name},` : 'Kính gửi anh/chị,';
  return {
    subject: `${FAMILY_MESSAGE_TEXT.absenceSubject}: ${p.student_name}`,
    text: [
      greeting,
      '',
      `Trung tâm xin thông báo: học viên ${p.student_name} vắng mặt buổi học lớp ${p.class_name} lúc ${p.time} ngày ${p.date}.`,
      contactLine(p),
      '',
      'Trân trọng.',
    ].join('\n'),
  };
}

function correctionText(p: AbsencePayload): { subject: string; text: string } {
  const greeting = p.representative_name ? `Kính gửi anh/chị ${p.representative_name},` : 'Kính gửi anh/chị,';
  const status = p.status === 'excused' ? FAMILY_MESSAGE_TEXT.statusExcused : FAMILY_MESSAGE_TEXT.statusPresent;
  return {
    subject: `${FAMILY_MESSAGE_TEXT.correctionSubject}: ${p.student_name}`,
    text: [
      greeting,
      '',
      `Trung tâm xin đính chính: học viên ${p.student_name} được ghi nhận ${status} ở buổi học lớp ${p.class_name} lúc ${p.time} ngày ${p.date}. Thông báo vắng học trước đó không còn đúng, mong anh/chị thông cảm.`,
      contactLine(p),
      '',
      'Trân trọng.',
    ].join('\n'),
  };
}

/**
 * In the roll's transaction: the absence notices and corrections the saved marks call for (see the head
 * of this file). True when a message was written (the caller nudges the worker after the commit).
 */
export async function enqueueAbsenceNotices(
  tx: Queryable,
  session: { scheduleId: number; classId: number; scheduleDate: string; scheduleHour: number; scheduleMinute: number },
  marks: Array<{ user_id: number; status: RollStatus }>,
): Promise<boolean> {
  if (!marks.length) return false;
  const ids = marks.map((mark) => mark.user_id);
  const told = new Map<number, { count: number; lastKind: string | null }>();
  const history = await tx
    .select({ studentId: messageOutbox.studentId, kind: messageOutbox.kind })
    .from(messageOutbox)
    .where(
      and(
        inArray(messageOutbox.kind, ABSENCE_KINDS),
        inArray(messageOutbox.studentId, ids),
        sql`${messageOutbox.payload}->>'schedule_id' = ${String(session.scheduleId)}`,
      ),
    )
    .orderBy(messageOutbox.id);
  for (const row of history) {
    const entry = told.get(row.studentId!) ?? { count: 0, lastKind: null };
    told.set(row.studentId!, { count: entry.count + 1, lastKind: row.kind });
  }
  const due = marks.flatMap((mark): Array<{ mark: (typeof marks)[number]; kind: MessageKind; n: number }> => {
    const { count, lastKind } = told.get(mark.user_id) ?? { count: 0, lastKind: null };
    if (mark.status === 'absent' && lastKind !== 'absence') return [{ mark, kind: 'absence', n: count }];
    if (mark.status !== 'absent' && lastKind === 'absence') return [{ mark, kind: 'absence_correction', n: count }];
    return [];
  });
  if (!due.length) return false;

  const [place] = await tx
    .select({ className: classes.className, centerName: centers.name, centerPhone: centers.phoneNumber })
    .from(classes)
    .leftJoin(centers, eq(centers.centerId, classes.centerId))
    .where(eq(classes.classId, session.classId));
  const students = new Map(
    (
      await tx
        .select({ id: users.id, name: users.name, email: users.email, referenceName: users.referenceName, referenceEmail: users.referenceEmail })
        .from(users)
        .where(inArray(users.id, due.map((d) => d.mark.user_id)))
    ).map((row) => [row.id, row]),
  );
  let written = false;
  for (const { mark, kind, n } of due) {
    const student = students.get(mark.user_id);
    const recipient = (student?.referenceEmail?.trim() || student?.email?.trim() || '').slice(0, 255);
    if (!student || !recipient) continue;
    const payload: AbsencePayload & { schedule_id: number } = {
      schedule_id: session.scheduleId,
      student_name: student.name,
      representative_name: student.referenceEmail?.trim() ? student.referenceName?.trim() || null : null,
      class_name: place?.className ?? '',
      date: dmy(session.scheduleDate),
      time: hhmm(session.scheduleHour, session.scheduleMinute),
      center_name: place?.centerName ?? null,
      center_phone: place?.centerPhone ?? null,
      status: mark.status,
    };
    const { subject, text } = kind === 'absence' ? absenceText(payload) : correctionText(payload);
    written =
      (await enqueueMessage(tx, {
        idempotencyKey: `${kind}:${session.scheduleId}:${mark.user_id}:${n}`,
        kind,
        channel: 'email',
        recipient,
        studentId: mark.user_id,
        payload: { ...payload },
        subject,
        text,
      })) || written;
  }
  return written;
}

// ---------------------------------------------------------------- the staff's delivery log

type MessageRow = typeof messageOutbox.$inferSelect;

function toDto(row: MessageRow, studentName: string | null) {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    student: row.studentId !== null ? { id: row.studentId, name: studentName ?? '' } : null,
    subject: row.subject,
    text: row.text,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /learning/messages: the messages of the students in the actor's reach, newest first. */
export async function listMessages(ctx: AppContext, actor: Actor, query: Static<typeof MessageListQuery>) {
  const { db } = ctx.database;
  const p = paging(query);
  const where = and(
    policy(actor).where('FamilyMessage'),
    query.status ? eq(messageOutbox.status, query.status) : undefined,
    query.student_id ? eq(messageOutbox.studentId, query.student_id) : undefined,
  ) as SQL | undefined;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .leftJoin(users, eq(users.id, messageOutbox.studentId))
    .where(where);
  const rows = await db
    .select({ message: messageOutbox, studentName: users.name })
    .from(messageOutbox)
    .leftJoin(users, eq(users.id, messageOutbox.studentId))
    .where(where)
    .orderBy(desc(messageOutbox.id))
    .limit(p.limit)
    .offset(p.offset);
  return listResult(
    rows.map((row) => toDto(row.message, row.studentName)),
    Number(count),
    p,
  );
}

/** POST /learning/messages/resend: a failed message in reach queued again (audited without its content). */
export async function resendMessage(ctx: AppContext, actor: Actor, body: Static<typeof MessageResendBody>, audit: AuditContext) {
  const { db } = ctx.database;
  const [found] = await db
    .select({ message: messageOutbox, studentName: users.name, centerId: users.centerId })
    .from(messageOutbox)
    .leftJoin(users, eq(users.id, messageOutbox.studentId))
    .where(eq(messageOutbox.id, body.message_id));
  if (!found) throw notFound(FAMILY_MESSAGE_TEXT.notFound);
  const access = policy(actor);
  access.assert('FamilyMessage', 'read', { centerId: found.centerId });
  access.assert('FamilyMessage', 'update', { centerId: found.centerId });
  await db.transaction(async (tx) => {
    if (!(await requeueFailed(tx, found.message.id))) throw conflict(FAMILY_MESSAGE_TEXT.notFailed);
    await writeAudit(tx, audit, {
      action: 'update',
      // the permission's resource (the audit names no table of its own for the outbox); no content, no address
      resource: 'NotificationSetting',
      resourceId: `message_outbox:${found.message.id}`,
      before: { status: found.message.status, attempts: found.message.attempts },
      after: { status: 'queued', attempts: 0, resent: true },
    });
  });
  ctx.outbox.nudge();
  const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, found.message.id));
  return toDto(row, found.studentName);
}
