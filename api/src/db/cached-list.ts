/**
 * A large list's total and pages without reading the whole filtered set on every request. Everything is
 * kept in a RevisionCache under the table's revision read for the request, so a write to the table (by
 * any API instance) is seen from the next request: a created or deleted row shows in the next total.
 *
 * - The total of a filter is counted once per revision.
 * - A page is read once per revision (and filter, order, offset and size), then served from memory.
 * - A deep page (an offset of PAGE_ANCHOR_STEP rows or more) starts from a remembered boundary: the rows
 *   at every PAGE_ANCHOR_STEP-th position of the filter's order, found in one pass per revision. The page
 *   is then read as "the rows after that boundary", skipping fewer than PAGE_ANCHOR_STEP rows, through the
 *   order's index where there is one. The rows are those of OFFSET paging over the same order.
 */
import { and, count, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import type { RevisionCache } from '../lib/revision-cache';
import type { Paging, SortSpec } from '../lib/list';

/** Offsets below this are read with OFFSET; deeper pages start from the boundary before them. */
export const PAGE_ANCHOR_STEP = 1000;

/** The row at a boundary position: its id, and whether its sort value is null (nulls sort apart). */
interface Anchor {
  id: number;
  isNull: boolean;
}

export interface CachedListQuery<Row> {
  database: Database;
  table: PgTable;
  /** The table's unique integer key, the order's tie-breaker. */
  id: PgColumn;
  where: SQL | undefined;
  sort: SortSpec<PgColumn>;
  cache: RevisionCache<unknown>;
  /** The table's revision read for this request. */
  revision: number;
  /** The table's row from a row keyed by column name (see db/rows). */
  readRow: (raw: Record<string, unknown>) => Row;
}

const dialect = new PgDialect();

/** A condition as a cache key: its SQL text with its values ('' for none). */
export function conditionKey(condition: SQL | undefined): string {
  if (!condition) return '';
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return `${text} ${JSON.stringify(params)}`;
}

export class CachedList<Row> {
  /** The filter and order as a cache key: the WHERE's SQL text with its values, the sort column and direction. */
  private readonly filterKey: string;
  private readonly orderKey: string;

  constructor(private readonly list: CachedListQuery<Row>) {
    this.filterKey = conditionKey(list.where);
    this.orderKey = `${list.sort.column.name} ${list.sort.descending ? 'desc' : 'asc'}`;
  }

  /** The number of rows of the filter. */
  total(): Promise<number> {
    const { cache, revision, database, table, where } = this.list;
    return cache.get(`total ${this.filterKey}`, revision, async () => {
      const [row] = await database.db.select({ total: count() }).from(table).where(where);
      return Number(row.total);
    }) as Promise<number>;
  }

  /** One page of the filter's order, as OFFSET would give it; `total` spares reading past the end. */
  page(page: Paging, total: number): Promise<Row[]> {
    if (page.offset >= total) return Promise.resolve([]);
    const key = `page ${page.offset} ${page.limit} ${this.orderKey} ${this.filterKey}`;
    return this.list.cache.get(key, this.list.revision, () => this.readPage(page)) as Promise<Row[]>;
  }

  private orderBy(): SQL[] {
    const { column, descending, id } = { ...this.list.sort, id: this.list.id };
    const columns = column === id ? [column] : [column, id];
    return columns.map((c) => (descending ? sql`${c} desc` : sql`${c} asc`));
  }

  /** Sent as SQL text and read without the query builder: a page is read far more often than anything else here. */
  private async readPage(page: Paging): Promise<Row[]> {
    let where = this.list.where;
    let skip = page.offset;
    if (page.offset >= PAGE_ANCHOR_STEP) {
      const boundaries = await this.anchors();
      const passed = Math.min(Math.floor(page.offset / PAGE_ANCHOR_STEP), boundaries.length);
      if (passed > 0) {
        where = and(where, this.after(boundaries[passed - 1]));
        skip = page.offset - passed * PAGE_ANCHOR_STEP;
      }
    }
    const query = sql`select * from ${this.list.table}`;
    if (where) query.append(sql` where ${where}`);
    query.append(sql` order by ${sql.join(this.orderBy(), sql`, `)} limit ${page.limit} offset ${skip}`);
    const { sql: text, params } = dialect.sqlToQuery(query);
    const rows = await this.list.database.query(text, params);
    return rows.map(this.list.readRow);
  }

  /**
   * The boundaries of the filter's order: the id of every PAGE_ANCHOR_STEP-th row (positions STEP,
   * 2·STEP…), found in one pass.
   */
  private anchors(): Promise<Anchor[]> {
    const { cache, revision, database, table, where, id } = this.list;
    return cache.get(`anchors ${this.orderKey} ${this.filterKey}`, revision, async () => {
      const numbered = database.db
        .select({
          id: sql<number>`${id}`.as('anchor_id'),
          isNull: sql<boolean>`${this.list.sort.column} is null`.as('anchor_is_null'),
          position: sql<number>`row_number() over (order by ${sql.join(this.orderBy(), sql`, `)})`.as('anchor_position'),
        })
        .from(table)
        .where(where)
        .as('numbered');
      const rows = await database.db
        .select({ id: numbered.id, isNull: numbered.isNull })
        .from(numbered)
        .where(sql`${numbered.position} % ${PAGE_ANCHOR_STEP} = 0`)
        .orderBy(numbered.position);
      return rows.map((row) => ({ id: Number(row.id), isNull: Boolean(row.isNull) }));
    }) as Promise<Anchor[]>;
  }

  /**
   * The rows after `anchor` in the order (sort column, then id, both in the sort's direction; PostgreSQL
   * puts nulls last ascending and first descending). The anchor's sort value is read from its row in the
   * same query, so it is compared exactly (a timestamp keeps its microseconds).
   */
  private after(anchor: Anchor): SQL {
    const { id, table } = this.list;
    const { column, descending } = this.list.sort;
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
}
