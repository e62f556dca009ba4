/**
 * The records a form or a filter offers as choices (every centre, every class…): the rows, the name of a
 * record by its id (for a table's cell) and the options of a select.
 */
export interface Choices<T> {
  rows: T[];
  /** The name of the record `id`, `#id` while it is not among the rows, or '-' for none. */
  nameOf: (id: number | null | undefined) => string;
  options: Array<{ value: number; label: string }>;
}

export function choices<T>(rows: T[], id: (row: T) => number, label: (row: T) => string): Choices<T> {
  const names = new Map(rows.map((row) => [id(row), label(row)]));
  return {
    rows,
    nameOf: (key) => (key ? (names.get(key) ?? `#${key}`) : '-'),
    options: rows.map((row) => ({ value: id(row), label: label(row) })),
  };
}
