/**
 * The texts of the messages to families: an administrator's template per kind and channel (table
 * message_template), or the built-in one; their placeholders checked against the kind's, a preview filled
 * for a real student; and the quiet window's settings. Behind the MessageTemplate permissions.
 */
import { and, eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import {
  DEFAULT_TEMPLATES,
  FAMILY_MESSAGE_KINDS,
  MESSAGE_CHANNELS,
  MESSAGE_PLACEHOLDERS,
  TEMPLATE_TEXT,
  renderTemplate,
  unknownPlaceholders,
  type FamilyMessageKind,
  type MessageTemplate,
} from '@trungtam/shared/contracts/familyMessages';
import type {
  FamilyMessageSettingsBody,
  MessageTemplatePreviewBody,
  MessageTemplateResetBody,
  MessageTemplateUpdateBody,
} from '@trungtam/shared/schemas/familyMessages';
import { operatorNow } from '@trungtam/shared/operatorDate';
import { familyMessageSettings, messageTemplates } from '../db/schema';
import type { Actor } from '../access/access';
import { auditedWrite, type AuditContext } from '../factory';
import { invalid, notFound } from '../lib/errors';
import type { AppContext } from '../types';
import { findActiveUser } from './accounts';
import { policy } from '../access/access';
import { recipientsOf } from './family-recipients';
import { forgetTemplates, quietWindow } from './message-texts';

/** GET /learning/message-template/list: every kind × channel, written or built in, with the kind's placeholders. */
export async function listTemplates(ctx: AppContext) {
  const rows = await ctx.database.db.select().from(messageTemplates);
  const written = new Map(rows.map((row) => [`${row.kind}:${row.channel}`, row]));
  const templates: MessageTemplate[] = FAMILY_MESSAGE_KINDS.flatMap((kind) =>
    MESSAGE_CHANNELS.map((channel) => {
      const row = written.get(`${kind}:${channel}`);
      return row
        ? { kind, channel, subject: row.subject, body: row.body, custom: true, updated_at: row.updatedAt.toISOString() }
        : { kind, channel, ...DEFAULT_TEMPLATES[kind], custom: false, updated_at: null };
    }),
  );
  return { templates, placeholders: MESSAGE_PLACEHOLDERS };
}

/** A template's placeholders must be the kind's: an unknown one is refused, naming it. */
function assertPlaceholders(kind: FamilyMessageKind, body: { subject: string; body: string }) {
  const fields: Record<string, string> = {};
  const inSubject = unknownPlaceholders(kind, body.subject);
  const inBody = unknownPlaceholders(kind, body.body);
  if (inSubject.length) fields.subject = TEMPLATE_TEXT.unknownPlaceholder(inSubject);
  if (inBody.length) fields.body = TEMPLATE_TEXT.unknownPlaceholder(inBody);
  if (Object.keys(fields).length) throw invalid(fields);
}

/** POST /learning/message-template/update: an administrator's text for a kind on a channel. */
export async function updateTemplate(ctx: AppContext, actor: Actor, body: Static<typeof MessageTemplateUpdateBody>, audit: AuditContext): Promise<MessageTemplate> {
  const { db } = ctx.database;
  assertPlaceholders(body.kind, body);
  const subject = body.subject.trim();
  const text = body.body.replace(/\s+$/, '');
  const [before] = await db.select().from(messageTemplates).where(and(eq(messageTemplates.kind, body.kind), eq(messageTemplates.channel, body.channel)));
  const row = await auditedWrite(db, audit, async (tx) => {
    const [saved] = await tx
      .insert(messageTemplates)
      .values({ kind: body.kind, channel: body.channel, subject, body: text, updatedBy: actor.id })
      .onConflictDoUpdate({ target: [messageTemplates.kind, messageTemplates.channel], set: { subject, body: text, updatedBy: actor.id, updatedAt: new Date() } })
      .returning();
    return {
      result: saved,
      audit: { action: before ? 'update' : 'create', resource: 'MessageTemplate', resourceId: `${body.kind}:${body.channel}`, before: before ? { subject: before.subject, body: before.body } : undefined, after: { subject, body: text } },
    };
  });
  forgetTemplates();
  return { kind: row.kind, channel: row.channel, subject: row.subject, body: row.body, custom: true, updated_at: row.updatedAt.toISOString() };
}

/** POST /learning/message-template/reset: the kind on the channel goes back to the built-in text. */
export async function resetTemplate(ctx: AppContext, body: Static<typeof MessageTemplateResetBody>, audit: AuditContext): Promise<MessageTemplate> {
  const { db } = ctx.database;
  await auditedWrite(db, audit, async (tx) => {
    const removed = await tx.delete(messageTemplates).where(and(eq(messageTemplates.kind, body.kind), eq(messageTemplates.channel, body.channel))).returning();
    if (!removed.length) throw notFound('Mẫu tin đang là mẫu mặc định');
    return { result: undefined, audit: { action: 'delete', resource: 'MessageTemplate', resourceId: `${body.kind}:${body.channel}`, before: { subject: removed[0].subject, body: removed[0].body } } };
  });
  forgetTemplates();
  return { kind: body.kind, channel: body.channel, ...DEFAULT_TEMPLATES[body.kind], custom: false, updated_at: null };
}

/** Sample values of the placeholders a preview cannot read from the student (the event's own). */
function sampleValues(kind: FamilyMessageKind): Record<string, string> {
  const tomorrow = operatorNow().add(1, 'day');
  const samples: Record<string, string> = {
    lop: 'Lớp mẫu',
    ngay: tomorrow.format('DD/MM/YYYY'),
    gio: '18:00',
    trang_thai: 'có mặt',
    so_buoi_con: '2',
    thay_doi: 'được dời sang 18:00 ngày ' + tomorrow.add(1, 'day').format('DD/MM/YYYY'),
    so_tien: '1.500.000 ₫',
    han_nop: tomorrow.format('DD/MM/YYYY'),
    noi_dung: kind === 'free' ? 'Nội dung tin của trung tâm.' : 'khoá học mẫu',
    so_phieu: 'PT-1-2026-00001',
    phong: 'P.101',
    tieu_de: 'Tiêu đề tin',
  };
  return Object.fromEntries(Object.keys(MESSAGE_PLACEHOLDERS[kind]).filter((name) => name in samples).map((name) => [name, samples[name]]));
}

/**
 * POST /learning/message-template/preview: a text (saved or not) filled for a real student in reach: the
 * student's and their first guardian's values, the event's own as samples.
 */
export async function previewTemplate(ctx: AppContext, actor: Actor, body: Static<typeof MessageTemplatePreviewBody>) {
  const { db } = ctx.database;
  assertPlaceholders(body.kind, body);
  const student = await findActiveUser(db, body.student_id);
  if (!student || student.type !== 'student') throw invalid({ student_id: 'Học viên không tồn tại' });
  policy(actor).assert('User', 'read', student);
  const [recipient] = await recipientsOf(db, [student.id], MESSAGE_CHANNELS);
  const first = recipient?.students[0];
  const values = {
    kinh_gui: recipient?.address ?? 'anh/chị',
    hoc_vien: student.name,
    trung_tam: first?.centerName ?? 'trung tâm',
    sdt_trung_tam: first?.centerPhone?.trim() || 'của trung tâm',
    ...sampleValues(body.kind),
  };
  return {
    subject: renderTemplate(body.subject, values),
    text: renderTemplate(body.body, values),
    recipient: recipient?.route[0]?.recipient ?? null,
  };
}

/** GET /learning/message-template/settings: the quiet window and the channels configured. */
export async function messageSettings(ctx: AppContext) {
  const window = await quietWindow(ctx.database.db);
  return { quiet_start: window.start, quiet_end: window.end, channels: [...ctx.outbox.channelNames] };
}

/** POST /learning/message-template/settings: the quiet window. */
export async function updateMessageSettings(ctx: AppContext, body: Static<typeof FamilyMessageSettingsBody>, audit: AuditContext) {
  const { db } = ctx.database;
  const before = await quietWindow(db);
  await auditedWrite(db, audit, async (tx) => {
    await tx
      .insert(familyMessageSettings)
      .values({ id: 1, quietStart: body.quiet_start, quietEnd: body.quiet_end })
      .onConflictDoUpdate({ target: familyMessageSettings.id, set: { quietStart: body.quiet_start, quietEnd: body.quiet_end, updatedAt: new Date() } });
    return { result: undefined, audit: { action: 'update', resource: 'MessageTemplate', resourceId: 'quiet_window', before, after: { start: body.quiet_start, end: body.quiet_end } } };
  });
  return messageSettings(ctx);
}
