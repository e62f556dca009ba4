/**
 * Messages to students' families: who gets a message about an event and how, written to the outbox in the
 * event's own transaction (db/outbox; the worker sends them), and the staff's delivery log.
 *
 * - Recipients: each guardian of the students concerned gets one message, about all of their students the
 *   event concerns (siblings on one roll: one message naming both). A student without a guardian is reached
 *   at their own e-mail or phone.
 * - Route: the guardian's preferred channel, then the other configured channels they have an address for
 *   (e-mail: an address; Zalo and SMS: a phone). The worker moves down the route when a channel fails.
 * - Text: the administrators' template of the kind on the first channel, or the built-in one, with its
 *   placeholders filled (message-templates.ts); the values are kept so that another channel's template can
 *   be filled when the worker falls back.
 * - Quiet window: a non-urgent message (balance, payments, reminders, a schedule change not touching today)
 *   written inside it is held until its end.
 * - Idempotency: each message's key is `<kind>:<event>:<recipient>`: the same event written twice (a roll
 *   saved again, two instances running the same daily scan) is one message.
 */
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import {
  NON_URGENT_KINDS,
  type FamilyMessageKind,
  type MessageChannel,
} from '@trungtam/shared/contracts/familyMessages';
import type { FamilyMessage } from '@trungtam/shared/contracts/familyMessages';
import type { FreeMessageBody, MessageListQuery, MessageResendBody } from '@trungtam/shared/schemas/familyMessages';
import { operatorInstant } from '@trungtam/shared/operatorDate';
import type { Queryable } from '../db/client';
import { enqueueMessages, requeueFailed, type NewMessage } from '../db/outbox';
import { enrollments, guardians, messageOutbox, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { centreReference, classReference, REFERENCE_TEXT } from '../access/references';
import { writeAudit, type AuditContext } from '../factory/audit';
import { conflict, invalid, notFound } from '../lib/errors';
import { listResult, paging } from '../lib/list';
import type { AppContext } from '../types';
import { contactsOf, recipientsAmong, recipientsOf, type Recipient } from './family-recipients';
import { heldUntil, quietWindow, renderMessage, templatesFor, type KindTemplates } from './message-texts';

export const FAMILY_MESSAGE_TEXT = {
  notFound: 'Tin nhắn không tồn tại',
  notFailed: 'Chỉ gửi lại được tin gửi thất bại',
  targetClass: 'Chọn lớp nhận tin',
  targetCenter: 'Chọn trung tâm nhận tin',
  targetStudents: 'Chọn học viên nhận tin',
  noStudents: 'Không có học viên nào trong phạm vi đã chọn',
} as const;

/** The placeholders every kind offers, for a recipient. */
function commonValues(recipient: Pick<Recipient, 'address' | 'students'>): Record<string, string> {
  const first = recipient.students[0];
  return {
    kinh_gui: recipient.address,
    hoc_vien: recipient.students.map((student) => student.name).join(', '),
    trung_tam: first?.centerName ?? 'trung tâm',
    sdt_trung_tam: first?.centerPhone?.trim() || 'của trung tâm',
  };
}

/** An event to tell families of. */
export interface FamilyEvent {
  kind: FamilyMessageKind;
  /** Identifies the event; with each recipient's key, the message's idempotency key (or the whole key after the kind, per recipient). */
  eventKey: string | ((recipient: Recipient) => string);
  studentIds: number[];
  /** Sent even in the quiet window (default: the kind's rule). */
  urgent?: boolean;
  /** The kind's own placeholders for a recipient (the common ones are added). */
  values(recipient: Recipient): Record<string, string>;
  /** Kept with the message (ids the event is about), never secrets. */
  payload?: Record<string, unknown>;
}

/**
 * Writes the event's messages in the caller's transaction, one per recipient; a key already written is
 * left as it is. The number written now (the caller nudges the worker after the commit when it is > 0).
 */
export function enqueueFamilyEvent(tx: Queryable, channels: readonly MessageChannel[], event: FamilyEvent): Promise<number> {
  return enqueueFamilyEvents(tx, channels, [event]);
}

/** Messages inserted per statement. */
const INSERT_BATCH = 500;

/**
 * Writes the messages of several events (a bank statement's payments' receipts) as enqueueFamilyEvent does,
 * with the contacts, templates and quiet window read once and the messages inserted in batches.
 */
export async function enqueueFamilyEvents(tx: Queryable, channels: readonly MessageChannel[], events: FamilyEvent[]): Promise<number> {
  if (!events.length) return 0;
  const contacts = await contactsOf(tx, events.flatMap((event) => event.studentIds));
  const templates = new Map<string, KindTemplates>();
  let window: { start: string; end: string } | undefined;
  const messages: NewMessage[] = [];
  for (const event of events) {
    const recipients = recipientsAmong(contacts, event.studentIds, channels);
    if (!recipients.length) continue;
    const urgent = event.urgent ?? !NON_URGENT_KINDS.includes(event.kind);
    window = urgent ? window : (window ?? (await quietWindow(tx)));
    const held = urgent ? null : heldUntil(window!);
    if (!templates.has(event.kind)) templates.set(event.kind, await templatesFor(tx, event.kind));
    for (const recipient of recipients) {
      const values = { ...commonValues(recipient), ...event.values(recipient) };
      const { subject, text } = renderMessage(templates.get(event.kind)!, event.kind, recipient.route[0].channel, values);
      messages.push({
        idempotencyKey: (typeof event.eventKey === 'string' ? `${event.kind}:${event.eventKey}:${recipient.key}` : `${event.kind}:${event.eventKey(recipient)}`).slice(0, 200),
        kind: event.kind,
        route: recipient.route,
        guardianId: recipient.guardianId,
        studentIds: recipient.students.map((student) => student.id),
        urgent,
        heldUntil: held,
        payload: { ...event.payload, values },
        subject,
        text,
      });
    }
  }
  let written = 0;
  for (let start = 0; start < messages.length; start += INSERT_BATCH) written += await enqueueMessages(tx, messages.slice(start, start + INSERT_BATCH));
  return written;
}

// ---------------------------------------------------------------- the staff's delivery log

type MessageRow = typeof messageOutbox.$inferSelect;

function toDto(row: MessageRow, names: Map<number, string>, guardianName: string | null): FamilyMessage {
  const students = row.studentIds.map((id) => ({ id, name: names.get(id) ?? '' }));
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    guardian: row.guardianId !== null ? { id: row.guardianId, name: guardianName ?? '' } : null,
    student: students[0] ?? null,
    students,
    subject: row.subject,
    text: row.text,
    status: row.status,
    urgent: row.urgent,
    attempts: row.attempts,
    next_attempt_at: row.status === 'queued' || row.status === 'held' ? row.nextAttemptAt.toISOString() : null,
    last_error: row.lastError,
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The students' names of `rows`. */
async function namesOf(db: Queryable, rows: MessageRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.studentIds))];
  if (!ids.length) return new Map();
  const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((row) => [row.id, row.name]));
}

/** GET /learning/messages: the messages about the students in the actor's reach, newest first. */
export async function listMessages(ctx: AppContext, actor: Actor, query: Static<typeof MessageListQuery>) {
  const { db } = ctx.database;
  const p = paging(query);
  const from = query.from ? operatorInstant(query.from) : null;
  const to = query.to ? operatorInstant(query.to, true) : null;
  const where = and(
    policy(actor).where('FamilyMessage'),
    query.status ? eq(messageOutbox.status, query.status) : undefined,
    query.kind ? eq(messageOutbox.kind, query.kind) : undefined,
    query.channel ? eq(messageOutbox.channel, query.channel) : undefined,
    query.student_id ? sql`${messageOutbox.studentIds} @> array[${query.student_id}]::integer[]` : undefined,
    from ? gte(messageOutbox.createdAt, from) : undefined,
    to ? lt(messageOutbox.createdAt, to) : undefined,
  ) as SQL | undefined;
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .leftJoin(users, eq(users.id, messageOutbox.studentId))
    .where(where);
  const rows = await db
    .select({ message: messageOutbox, guardianName: guardians.name })
    .from(messageOutbox)
    .leftJoin(users, eq(users.id, messageOutbox.studentId))
    .leftJoin(guardians, eq(guardians.id, messageOutbox.guardianId))
    .where(where)
    .orderBy(desc(messageOutbox.id))
    .limit(p.limit)
    .offset(p.offset);
  const names = await namesOf(db, rows.map((row) => row.message));
  return listResult(
    rows.map((row) => toDto(row.message, names, row.guardianName)),
    Number(count),
    p,
  );
}

/** POST /learning/messages/resend: a failed message in reach queued again (audited without its content). */
export async function resendMessage(ctx: AppContext, actor: Actor, body: Static<typeof MessageResendBody>, audit: AuditContext) {
  const { db } = ctx.database;
  const [found] = await db
    .select({ message: messageOutbox, centerId: users.centerId })
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
      resource: 'FamilyMessage',
      resourceId: found.message.id,
      before: { status: found.message.status, attempts: found.message.attempts },
      after: { status: 'queued', attempts: 0, resent: true },
    });
  });
  ctx.outbox.nudge();
  const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, found.message.id));
  const [guardian] = row.guardianId ? await db.select({ name: guardians.name }).from(guardians).where(eq(guardians.id, row.guardianId)) : [];
  return toDto(row, await namesOf(db, [row]), guardian?.name ?? null);
}

/**
 * POST /learning/messages/send: a staff's own message to the guardians of a class's active students, a
 * centre's students, or chosen students, each in the actor's reach; each guardian once. Audited with the
 * subject and the count, not the text's recipients.
 */
export async function sendFreeMessage(ctx: AppContext, actor: Actor, body: Static<typeof FreeMessageBody>, audit: AuditContext) {
  const { db } = ctx.database;
  const inReach = policy(actor).where('User');
  let studentIds: number[];
  if (body.target === 'class') {
    if (!body.class_id) throw invalid({ class_id: FAMILY_MESSAGE_TEXT.targetClass });
    await classReference(db, actor, 'class_id', body.class_id);
    const rows = await db
      .selectDistinct({ id: users.id })
      .from(enrollments)
      .innerJoin(users, and(eq(users.id, enrollments.userId), isNull(users.deletedAt)))
      .where(and(eq(enrollments.classId, body.class_id), eq(enrollments.status, 1), inReach));
    studentIds = rows.map((row) => row.id);
  } else if (body.target === 'center') {
    if (!body.center_id) throw invalid({ center_id: FAMILY_MESSAGE_TEXT.targetCenter });
    await centreReference(db, actor, 'center_id', body.center_id);
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.centerId, body.center_id), eq(users.type, 'student'), isNull(users.deletedAt), inReach));
    studentIds = rows.map((row) => row.id);
  } else {
    if (!body.student_ids?.length) throw invalid({ student_ids: FAMILY_MESSAGE_TEXT.targetStudents });
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, body.student_ids), eq(users.type, 'student'), isNull(users.deletedAt), inReach));
    // another centre's student is answered as a missing one (access/references)
    if (rows.length !== body.student_ids.length) throw invalid({ student_ids: REFERENCE_TEXT.student });
    studentIds = rows.map((row) => row.id);
  }
  if (!studentIds.length) throw invalid({ target: FAMILY_MESSAGE_TEXT.noStudents });
  const channels = ctx.outbox.channelNames;
  const eventKey = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const { queued, reached } = await db.transaction(async (tx) => {
    const recipients = await recipientsOf(tx, studentIds, channels);
    const count = await enqueueFamilyEvent(tx, channels, {
      kind: 'free',
      eventKey,
      studentIds,
      urgent: true,
      values: () => ({ tieu_de: body.subject.trim(), noi_dung: body.text.trim() }),
      payload: { target: body.target, class_id: body.class_id ?? null, center_id: body.center_id ?? null },
    });
    await writeAudit(tx, audit, {
      action: 'create',
      resource: 'FamilyMessage',
      resourceId: eventKey,
      after: { target: body.target, class_id: body.class_id ?? null, center_id: body.center_id ?? null, students: studentIds.length, messages: count, subject: body.subject.trim() },
    });
    return { queued: count, reached: new Set(recipients.flatMap((recipient) => recipient.students.map((student) => student.id))) };
  });
  if (queued) ctx.outbox.nudge();
  return { queued, students: studentIds.length, without_contact: studentIds.filter((id) => !reached.has(id)).length };
}
