/**
 * The texts of messages to families as the outbox writes and sends them: a kind's templates by channel
 * (an administrator's, or the built-in one) filled with the event's values, and the quiet window that
 * holds non-urgent messages. No access checks here: message-templates.ts serves the administrators' screen.
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_TEMPLATES, inQuietWindow, minutesOf, renderTemplate, type FamilyMessageKind } from '@trungtam/shared/contracts/familyMessages';
import { operatorNow } from '@trungtam/shared/operatorDate';
import type { Queryable } from '../db/client';
import { familyMessageSettings, messageTemplates } from '../db/schema';

type TemplateText = { subject: string; body: string };
/** A kind's templates as written, by channel. */
export type KindTemplates = Map<string, TemplateText>;

/**
 * The templates administrators wrote, read at most every TEMPLATES_FOR_MS in this process (an event's
 * message reads them in its write's transaction); a template written through this process is seen at once
 * (forgetTemplates), one written through another instance within that time.
 */
const TEMPLATES_FOR_MS = 30_000;
let kept: { at: number; byKind: Map<string, KindTemplates> } | undefined;

/** The templates administrators wrote for `kind`, by channel. */
export async function templatesFor(db: Queryable, kind: string): Promise<KindTemplates> {
  if (!kept || Date.now() - kept.at > TEMPLATES_FOR_MS) {
    const rows = await db.select().from(messageTemplates);
    const byKind = new Map<string, KindTemplates>();
    for (const row of rows) byKind.set(row.kind, (byKind.get(row.kind) ?? new Map()).set(row.channel, { subject: row.subject, body: row.body }));
    kept = { at: Date.now(), byKind };
  }
  return kept.byKind.get(kind) ?? new Map();
}

/** The templates are read again at their next use (one was just written). */
export function forgetTemplates(): void {
  kept = undefined;
}

/** The subject and text of `kind` on `channel`, filled with `values`. */
export function renderMessage(templates: KindTemplates, kind: string, channel: string, values: Record<string, string>): { subject: string; text: string } {
  const template = templates.get(channel) ?? DEFAULT_TEMPLATES[kind as FamilyMessageKind] ?? { subject: kind, body: '' };
  return { subject: renderTemplate(template.subject, values).slice(0, 255), text: renderTemplate(template.body, values) };
}

/** The quiet window's settings. */
export async function quietWindow(db: Queryable): Promise<{ start: string; end: string }> {
  const [row] = await db.select().from(familyMessageSettings).where(eq(familyMessageSettings.id, 1));
  return { start: row?.quietStart ?? '21:00', end: row?.quietEnd ?? '07:00' };
}


/** When a non-urgent message written now may go: null now, or the quiet window's end. */
export function heldUntil(window: { start: string; end: string }, now = operatorNow()): Date | null {
  const minute = now.hour() * 60 + now.minute();
  if (!inQuietWindow(minute, window.start, window.end)) return null;
  const endMinute = minutesOf(window.end);
  let end = now.startOf('day').add(endMinute, 'minute');
  if (!end.isAfter(now)) end = end.add(1, 'day');
  return end.toDate();
}

