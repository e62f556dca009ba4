/** The audit step: one entry per write, appended inside the write's own transaction. */
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditResource } from '@trungtam/shared/contracts';
import type { Queryable } from '../db/client';
import { auditLogs } from '../db/schema';

/** Who did it and from where, for the audit log. */
export interface AuditContext {
  actorId: number | null;
  ip: string | null;
}

/** The audit context of a request: its signed-in user (none before sign-in) and address. */
export function auditCtx(request: FastifyRequest): AuditContext {
  return { actorId: request.user?.id ?? null, ip: request.ip ?? null };
}

/** One audit entry: the catalogue's actions and resources only (the audit-log screen has a label for each). */
export interface AuditEntry {
  action: AuditAction;
  resource: AuditResource;
  resourceId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Keys never kept in an entry (passwords, their hashes, tokens and secrets), whatever object holds them. */
const SECRET_KEYS = new Set([
  'password',
  'passwordHash',
  'password_hash',
  'new_password',
  'confirm_password',
  'token',
  'tokenHash',
  'token_hash',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'secret',
]);
/** A password hash under any other key (argon2 PHC strings, the older scrypt$… ones). */
const PASSWORD_HASH = /^(\$argon2(id|i|d)\$|scrypt\$)/;
const REDACTED = '[đã ẩn]';

/**
 * The value without secrets: secret keys are dropped at any depth, a password hash found under another
 * key is masked, dates become ISO text. Applied when an entry is written and again when it is read, so
 * that an entry written before a key was listed here never shows one either.
 */
export function redactSecrets(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return PASSWORD_HASH.test(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (!SECRET_KEYS.has(k)) out[k] = redactSecrets(v);
    }
    return out;
  }
  return value;
}

/** Appends `entry` (secrets redacted) through `db`: the write's transaction, so that both land or neither. */
export async function writeAudit(db: Queryable, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  await writeAudits(db, ctx, [entry]);
}

/** Appends `entries` in one statement (a write of many records: an import), as writeAudit appends one. */
export async function writeAudits(db: Queryable, ctx: AuditContext, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditLogs).values(
    entries.map((entry) => ({
      actorId: ctx.actorId,
      action: entry.action,
      resource: entry.resource,
      resourceId: entry.resourceId === undefined || entry.resourceId === null ? null : String(entry.resourceId),
      before: redactSecrets(entry.before),
      after: redactSecrets(entry.after),
      ip: ctx.ip,
    })),
  );
}
