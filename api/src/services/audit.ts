/** The audit log: one entry per write, appended inside the write's own transaction. */
import type { Queryable } from '../db/client';
import { auditLogs } from '../db/schema';

export interface AuditContext {
  actorId: number | null;
  ip: string | null;
}

const SECRET_KEYS = new Set(['password', 'passwordHash', 'password_hash', 'new_password', 'confirm_password', 'tokenHash', 'token_hash']);

function strip(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(strip);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!SECRET_KEYS.has(k)) out[k] = strip(v);
    }
    return out;
  }
  return value;
}

export async function writeAudit(
  db: Queryable,
  ctx: AuditContext,
  entry: { action: string; resource: string; resourceId?: string | number | null; before?: unknown; after?: unknown },
): Promise<void> {
  await db.insert(auditLogs).values({
    actorId: ctx.actorId,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
    before: strip(entry.before),
    after: strip(entry.after),
    ip: ctx.ip,
  });
}
