/** Audit-log reading. */
import { and, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { AuditLogEntry, Center } from '@trungtam/shared/contracts';
import type { AppContext } from '../types';
import { auditLogs, centers, users } from '../db/schema';
import { listResult, paging, sortBy } from '../lib/list';

const AUDIT_SORT = { id: auditLogs.id, created_at: auditLogs.createdAt, action: auditLogs.action, resource: auditLogs.resource };

export async function listAuditLog(
  ctx: AppContext,
  query: { limit?: number; page?: number; sort_column?: string; sort_type?: string; resource?: string; action?: string; actor_id?: number },
) {
  const { db } = ctx.database;
  const order = sortBy(query, AUDIT_SORT, 'id', auditLogs.id);
  const p = paging(query);
  const conditions: SQL[] = [];
  if (query.resource) conditions.push(eq(auditLogs.resource, query.resource));
  if (query.action) conditions.push(eq(auditLogs.action, query.action));
  if (query.actor_id) conditions.push(eq(auditLogs.actorId, query.actor_id));
  const where = and(...conditions);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(auditLogs).where(where);
  const rows = await db
    .select({ log: auditLogs, actorName: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset);
  const out: AuditLogEntry[] = rows.map(({ log, actorName }) => ({
    id: log.id,
    actor_id: log.actorId,
    actor_name: actorName,
    action: log.action,
    resource: log.resource,
    resource_id: log.resourceId,
    before: log.before,
    after: log.after,
    ip: log.ip,
    created_at: log.createdAt.toISOString(),
  }));
  return listResult(out, Number(count), p);
}
