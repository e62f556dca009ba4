/**
 * Helpers for a resource declaration's hooks and for services: search, the fields a write sent, and the
 * 409s of a duplicate name or a record still in use.
 */
import { and, count, ilike, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { conflict } from '../lib/errors';
import { containsPattern } from '../lib/list';

/** A list's `search`: rows where one of `columns` contains the text (case-insensitive); undefined for none or a blank one. */
export function searchWhere(columns: AnyColumn[], search: string | undefined): SQL | undefined {
  const text = search?.trim();
  return text ? or(...columns.map((column) => ilike(column, containsPattern(text)))) : undefined;
}

/** For a declaration's `toValues`: the fields of a write body that were sent (drops undefined). */
export const sent = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

/** For a declaration's `toValues`: optional text trimmed, blank or absent stored as null. */
export const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** What still uses a record: the rows of `table` matching `where`, named by `what` ('lớp học'). */
export interface Usage {
  table: PgTable;
  where: SQL | undefined;
  what: string;
}

/**
 * For a declaration's `beforeDelete`: a 409 naming what still uses the record, with counts
 * ("Phòng học đang được sử dụng (2 lớp học, 8 buổi học sắp tới): không thể xoá"); nothing when unused.
 */
export async function assertUnused(db: Queryable, subject: string, usages: Usage[]): Promise<void> {
  const counts = await Promise.all(usages.map(async (usage) => Number((await db.select({ n: count() }).from(usage.table).where(usage.where))[0]?.n ?? 0)));
  const parts = usages.flatMap((usage, index) => (counts[index] > 0 ? [`${counts[index]} ${usage.what}`] : []));
  if (parts.length) throw conflict(`${subject} đang được sử dụng (${parts.join(', ')}): không thể xoá`);
}

/**
 * For a declaration's `beforeWrite`: a 409 on `name` when another record (not `exceptId`) already has
 * this name, letter case and surrounding spaces aside, among the rows `within` selects.
 */
export async function assertNameFree(
  db: Queryable,
  { table, column, primaryKey }: { table: PgTable; column: PgColumn; primaryKey: PgColumn },
  name: string,
  message: string,
  { exceptId, within }: { exceptId?: number; within?: SQL } = {},
): Promise<void> {
  const [taken] = await db
    .select({ n: count() })
    .from(table)
    .where(and(sql`lower(${column}) = ${name.trim().toLowerCase()}`, exceptId ? ne(primaryKey, exceptId) : undefined, within));
  if (Number(taken?.n ?? 0) > 0) throw conflict(message, { name: message });
}
