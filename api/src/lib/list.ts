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

/**
 * ORDER BY from a whitelisted sort_column (anything else is a 400) and sort_type. Only the whitelist's own
 * keys count: `__proto__`, `constructor`, `toString`... are names like any other unknown one.
 */
export function sortBy(
  query: { sort_column?: string; sort_type?: string },
  columns: Record<string, AnyColumn>,
  fallback: string,
  tieBreaker?: AnyColumn,
): SQL[] {
  const name = query.sort_column || fallback;
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw invalid({ sort_column: `${TEXT.sortColumn}: ${Object.keys(columns).join(', ')}` });
  const direction = (query.sort_type ?? 'DESC').toUpperCase() === 'ASC' ? asc : desc;
  const order = [direction(column)];
  if (tieBreaker && tieBreaker !== column) order.push(direction(tieBreaker));
  return order;
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
