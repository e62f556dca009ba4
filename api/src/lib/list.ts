/** Helpers shared by the list routes: paging, whitelisted sorting, relationships, date ranges. */
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** ORDER BY from a whitelisted sort_column (anything else is a 400) and sort_type. */
export function sortBy(
  query: { sort_column?: string; sort_type?: string },
  columns: Record<string, AnyColumn>,
  fallback: string,
  tieBreaker?: AnyColumn,
): SQL[] {
  const name = query.sort_column || fallback;
  const column = columns[name];
  if (!column) throw invalid({ sort_column: `${TEXT.sortColumn}: ${Object.keys(columns).join(', ')}` });
  const direction = (query.sort_type ?? 'DESC').toUpperCase() === 'ASC' ? asc : desc;
  const order = [direction(column)];
  if (tieBreaker && tieBreaker !== column) order.push(direction(tieBreaker));
  return order;
}

/** Relationships given repeated or as a comma list, each checked against the whitelist. */
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

/** Offset of the operator's local time (Việt Nam, no daylight saving). */
const LOCAL_OFFSET = '+07:00';

/** 'YYYY-MM-DD HH:mm:ss' (or 'YYYY-MM-DD') in Việt Nam time → Date; `end` fills a bare date to 23:59:59. */
export function parseLocalDateTime(value: string, end: boolean, field: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(value.trim());
  const time = match?.[2] ? (match[2].length === 5 ? `${match[2]}:00` : match[2]) : end ? '23:59:59' : '00:00:00';
  const date = match ? new Date(`${match[1]}T${time}${end && !match[2] ? '.999' : ''}${LOCAL_OFFSET}`) : new Date(NaN);
  if (Number.isNaN(date.getTime())) throw invalid({ [field]: TEXT.dateRange });
  return date;
}
