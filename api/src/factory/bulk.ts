/**
 * The bulk step: a bulk route's rows (the ids sent, or every row the list's filter matches, at most
 * BULK_LIMIT) and running one action on each row on its own. Each row goes through the same checks as the
 * single-row route (its permission was asked once for the route; reach, policy and business rules per row)
 * in its own transaction: a refusal (an ApiError) is recorded with its message and the next row goes on,
 * so the answer is per row, never all-or-nothing. Anything else (a fault of the database) is thrown.
 */
import { BULK_LIMIT, BULK_TEXT, type BulkResult } from '@trungtam/shared/contracts';
import { ApiError, invalid } from '../lib/errors';

/** A bulk body as sent: the rows chosen, or the list's filter. */
export interface BulkSelection<F> {
  ids?: number[];
  filter?: F;
}

/**
 * The ids a bulk call acts on: the ids sent (each once, in their order), or those the filter matches
 * (`matching` is asked for at most BULK_LIMIT + 1 of them); 400 unless exactly one of the two is sent, or
 * when the filter matches more than BULK_LIMIT rows.
 */
export async function selectedIds<F>(body: BulkSelection<F>, matching: (filter: F, limit: number) => Promise<number[]>): Promise<number[]> {
  if ((body.ids === undefined) === (body.filter === undefined)) throw invalid({ ids: BULK_TEXT.oneOf }, BULK_TEXT.oneOf);
  if (body.ids) return [...new Set(body.ids)];
  const ids = await matching(body.filter as F, BULK_LIMIT + 1);
  if (ids.length > BULK_LIMIT) throw invalid({ filter: BULK_TEXT.tooMany }, BULK_TEXT.tooMany);
  return ids;
}

/** Why a row was refused: the API's message for it (a missing row: BULK_TEXT.notFound). */
export const refusalReason = (error: ApiError) => {
  if (error.statusCode === 404) return BULK_TEXT.notFound;
  // a 400 on a field says more in its field's message than in the general one
  const fieldMessage = error.statusCode === 400 && error.fields ? Object.values(error.fields)[0] : undefined;
  return fieldMessage ?? error.message;
};

/** Runs `act` on each id in turn; an ApiError refuses that row only. */
export async function eachRow(ids: readonly number[], act: (id: number) => Promise<unknown>): Promise<BulkResult> {
  const result: BulkResult = { succeeded: [], refused: [] };
  for (const id of ids) {
    try {
      await act(id);
      result.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      result.refused.push({ id, reason: refusalReason(error) });
    }
  }
  return result;
}
