/**
 * A large list's total and deep pages without reading the whole filtered set on every request.
 *
 * - The total of a filter is counted once per revision of the table (see RevisionCache) and then served
 *   from memory: a created or deleted row bumps the revision, so the next list counts again.
 * - A deep page (an offset of PAGE_ANCHOR_STEP rows or more) starts from a remembered boundary: the rows
 *   at every PAGE_ANCHOR_STEP-th position of the filter's order, found in one pass per revision. The page
 *   is then read as "the rows after that boundary", skipping fewer than PAGE_ANCHOR_STEP rows, through the
 *   order's index where there is one. The rows are those of OFFSET paging over the same order.
 */
import { and, count, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import type { RevisionCache } from './revision-cache';
import type { Paging, SortSpec } from './list';

/** Offsets below this are read with OFFSET; deeper pages start from the boundary before them. */
export const PAGE_ANCHOR_STEP = 1000;

/** The row at a boundary position: its id, and whether its sort value is null (nulls sort apart). */
interface Anchor {
  id: number;
  isNull: boolean;
}

export interface CachedListQuery {
  db: Queryable;
  table: PgTable;
  /** The table's unique integer key, the order's tie-breaker. */
  id: PgColumn;
  where: SQL | undefined;
  sort: SortSpec<PgColumn>;
  cache: RevisionCache<unknown>;
  /** The table's revision read for this request. */
  revision: number;
}

const dialect = new PgDialect();

/** The cache key of a filter: its SQL text with its values. */
function filterKey(where: SQL | undefined): string {
  if (!where) return '';
  const { sql: text, params } = dialect.sqlToQuery(where);
  return `${text} ${JSON.stringify(params)}`;
}

/** The number of rows of the filter, counted once per revision. */
export function cachedTotal(list: CachedListQuery): Promise<number> {
  return list.cache.get(`total ${filterKey(list.where)}`, list.revision, async () => {
    const [row] = await list.db.select({ total: count() }).from(list.table).where(list.where);
    return Number(row.total);
  }) as Promise<number>;
}

function orderBy(list: CachedListQuery): SQL[] {
  const { column, descending } = list.sort;
  const columns = column === list.id ? [column] : [column, list.id];
  return columns.map((c) => (descending ? sql`${c} desc` : sql`${c} asc`));
}

/**
 * The boundaries of the filter's order: the id of every PAGE_ANCHOR_STEP-th row (positions STEP, 2·STEP…),
 * found in one pass per revision.
 */
function anchors(list: CachedListQuery): Promise<Anchor[]> {
  const { column, descending } = list.sort;
  const key = `anchors ${column.name} ${descending ? 'desc' : 'asc'} ${filterKey(list.where)}`;
  return list.cache.get(key, list.revision, async () => {
    const numbered = list.db
      .select({
        id: sql<number>`${list.id}`.as('anchor_id'),
        isNull: sql<boolean>`${column} is null`.as('anchor_is_null'),
        position: sql<number>`row_number() over (order by ${sql.join(orderBy(list), sql`, `)})`.as('anchor_position'),
      })
      .from(list.table)
      .where(list.where)
      .as('numbered');
    const rows = await list.db
      .select({ id: numbered.id, isNull: numbered.isNull })
      .from(numbered)
      .where(sql`${numbered.position} % ${PAGE_ANCHOR_STEP} = 0`)
      .orderBy(numbered.position);
    return rows.map((row) => ({ id: Number(row.id), isNull: Boolean(row.isNull) }));
  }) as Promise<Anchor[]>;
}

/**
 * The rows after `anchor` in the order (sort column, then id, both in the sort's direction; PostgreSQL puts
 * nulls last ascending and first descending). The anchor's sort value is read from its row in the same
 * query, so it is compared exactly (a timestamp keeps its microseconds).
 */
function after(list: CachedListQuery, anchor: Anchor): SQL {
  const { id, table } = list;
  const { column, descending } = list.sort;
  const beyond = descending ? lt : gt;
  if (column === id) return beyond(id, anchor.id);
  const anchorRow = sql`(select ${column}, ${id} from ${table} where ${id} = ${anchor.id})`;
  const rowBeyond = descending ? sql`(${column}, ${id}) < ${anchorRow}` : sql`(${column}, ${id}) > ${anchorRow}`;
  if (column.notNull) return rowBeyond;
  if (descending) {
    // nulls first: after a null come the later nulls, then every non-null
    return anchor.isNull ? (or(and(sql`${column} is null`, lt(id, anchor.id)), sql`${column} is not null`) as SQL) : (and(sql`${column} is not null`, rowBeyond) as SQL);
  }
  // nulls last: after a non-null come the later non-nulls, then every null
  return anchor.isNull ? (and(sql`${column} is null`, gt(id, anchor.id)) as SQL) : (or(rowBeyond, sql`${column} is null`) as SQL);
}

/** One page of the filter's order, as OFFSET would give it; `total` (the cached count) spares reading past the end. */
export async function pageOf<Row>(list: CachedListQuery, page: Paging, total: number): Promise<Row[]> {
  if (page.offset >= total) return [];
  let where = list.where;
  let skip = page.offset;
  if (page.offset >= PAGE_ANCHOR_STEP) {
    const boundaries = await anchors(list);
    const passed = Math.min(Math.floor(page.offset / PAGE_ANCHOR_STEP), boundaries.length);
    if (passed > 0) {
      where = and(where, after(list, boundaries[passed - 1]));
      skip = page.offset - passed * PAGE_ANCHOR_STEP;
    }
  }
  const rows = await list.db
    .select()
    .from(list.table)
    .where(where)
    .orderBy(...orderBy(list))
    .limit(page.limit)
    .offset(skip);
  return rows as Row[];
}
