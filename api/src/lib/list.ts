/** Helpers shared by the list routes: paging, whitelisted sorting, relationships, date ranges. */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { operatorInstant } from '@trungtam/shared/operatorDate';
import { invalid, TEXT } from './errors';

export interface Paging {
  limit: number;
  page: number;
  offset: number;
}

export function paging(query: { limit?: number; page?: number }): Paging {
  const limit = query.limit ?? 10;
  const page = query.page ?? 1;
  return { limit, page, offset: (page - 1) * limit };
}

export function listResult<T>(rows: T[], total: number, p: Paging) {
  return { rows, total_rows: total, total_pages: Math.ceil(total / p.limit) };
}

export interface SortSpec<C extends AnyColumn = AnyColumn> {
  column: C;
  descending: boolean;
}

/**
 * The whitelisted sort_column (anything else is a 400) and sort_type of a list query. Only the whitelist's
 * own keys count: `__proto__`, `constructor`, `toString`... are names like any other unknown one.
 */
export function sortSpec<C extends AnyColumn>(query: { sort_column?: string; sort_type?: string }, columns: Record<string, C>, fallback: string): SortSpec<C> {
  const name = query.sort_column || fallback;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw invalid({ sort_column: `${TEXT.sortColumn}: ${Object.keys(columns).join(', ')}` });
  return { column, descending: (query.sort_type ?? 'DESC').toUpperCase() !== 'ASC' };
}

/** ORDER BY of a sort, then `tieBreaker` (a unique column) in the same direction so that the order is total. */
export function orderOf(sort: SortSpec, tieBreaker?: AnyColumn): SQL[] {
  const direction = sort.descending ? desc : asc;
  const order = [direction(sort.column)];
  if (tieBreaker && tieBreaker !== sort.column) order.push(direction(tieBreaker));
  return order;
}

/** ORDER BY from a whitelisted sort_column and sort_type (see sortSpec). */
export function sortBy(
  query: { sort_column?: string; sort_type?: string },
  columns: Record<string, AnyColumn>,
  fallback: string,
  tieBreaker?: AnyColumn,
): SQL[] {
  return orderOf(sortSpec(query, columns, fallback), tieBreaker);
}

/** Relationships given repeated or as a comma list, each checked against the whitelist (a list: no prototype keys). */
export function relationships(value: string[] | undefined, allowed: readonly string[]): Set<string> {
  const names = (value ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  for (const name of names) {
    if (!allowed.includes(name)) throw invalid({ relationships: `${TEXT.relationship}: ${allowed.join(', ') || '-'}` });
  }
  return new Set(names);
}

/** An ILIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An operator-local 'YYYY-MM-DD[ HH:mm[:ss]]' → Date (see operatorDate); `end` takes in the whole last day or second. */
export function parseLocalDateTime(value: string, end: boolean, field: string): Date {
  const date = operatorInstant(value, end);
  if (!date) throw invalid({ [field]: TEXT.dateRange });
  return date;
}
