/** Audit-log reading (System GetAuditLog): newest first by default, filtered by who, what and when. */
import { and, count, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { AuditLogEntry } from '@trungtam/shared/contracts';
import type { AppContext } from '../types';
import { auditLogs, users } from '../db/schema';
import { containsPattern, listResult, paging, parseLocalDateTime, relationships, sortBy } from '../lib/list';
import type { AuditLogQuery } from '../schemas/audit';
import { redactSecrets } from '../factory/audit';

const AUDIT_SORT = { id: auditLogs.id, created_at: auditLogs.createdAt, action: auditLogs.action, resource: auditLogs.resource };

/** The WHERE of the list. The created_at range is read like /user/list's: operator-local, either end optional. */
function auditFilters(query: Static<typeof AuditLogQuery>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (query.resource) conditions.push(eq(auditLogs.resource, query.resource));
  if (query.action) conditions.push(eq(auditLogs.action, query.action));
  if (query.actor_id) conditions.push(eq(auditLogs.actorId, query.actor_id));
  const [start, end] = query.created_at ?? [];
  if (start) conditions.push(gte(auditLogs.createdAt, parseLocalDateTime(start, false, 'created_at')));
  if (end) conditions.push(lte(auditLogs.createdAt, parseLocalDateTime(end, true, 'created_at')));
  const search = query.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(auditLogs.resourceId, pattern), ilike(auditLogs.ip, pattern)));
  }
  return and(...conditions);
}

export async function listAuditLog(ctx: AppContext, query: Static<typeof AuditLogQuery>) {
  const { db } = ctx.database;
  // the log has no relationships: any name asked for is a 400, as on every other list
  relationships(query.relationships, []);
  const order = sortBy(query, AUDIT_SORT, 'id', auditLogs.id);
  const p = paging(query);
  const where = auditFilters(query);
  // the actor is joined in both queries: `search` looks in their name and email
  const [{ total }] = await db.select({ total: count() }).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.actorId)).where(where);
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
    // entries are stored without secrets; reading strips them again (see redactSecrets)
    before: redactSecrets(log.before),
    after: redactSecrets(log.after),
    ip: log.ip,
    created_at: log.createdAt.toISOString(),
  }));
  return listResult(out, Number(total), p);
}
