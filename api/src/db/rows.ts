/** Rows read with Database.query (keyed by column name) turned into the query builder's row shape. */
import { getTableColumns, type InferSelectModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A reader of `table`'s rows from rows keyed by column name (`prefix` + name, for a column selected under an
 * alias). Both drivers already give numbers, strings and timestamps as Date for the column types used here.
 */
export function rowReader<T extends PgTable>(table: T, prefix = ''): (raw: Record<string, unknown>) => InferSelectModel<T> {
  const fields = Object.entries(getTableColumns(table)).map(([key, column]) => [key, prefix + column.name] as const);
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, name] of fields) row[key] = raw[name];
    return row as InferSelectModel<T>;
  };
}
