/** Loading a list's relations with one query per relation (no N+1): the ids to ask for, and the answer by id. */

/** The distinct non-null ids `pick` finds in `rows`. */
export function distinctIds<R, K>(rows: readonly R[], pick: (row: R) => K | null): K[] {
  return [...new Set(rows.map(pick).filter((id): id is K => id !== null))];
}

/** The related rows by id, loaded in one query (none when there is no id to ask for). */
export async function loadById<K, T>(ids: K[], load: (ids: K[]) => PromiseLike<T[]>, idOf: (row: T) => K): Promise<Map<K, T>> {
  const found = ids.length ? await load(ids) : [];
  return new Map(found.map((row) => [idOf(row), row]));
}
