/**
 * The transaction step: a write and its audit entries in one transaction (both land or neither), and
 * the 409s its constraint violations are answered with (a duplicate, a record still in use).
 */
import type { Queryable, Tx } from '../db/client';
import type { ApiError } from '../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../lib/db-errors';
import { writeAudits, type AuditContext, type AuditEntry } from './audit';

/** The answers to a write's violations: of a unique constraint (a duplicate) and of a foreign key (in use). */
export interface ViolationAnswers {
  duplicate?: () => ApiError;
  inUse?: () => ApiError;
}

/** Runs `write`; a violation `answers` names is thrown as its answer, anything else as it is. */
export async function answeringViolations<T>(answers: ViolationAnswers, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (answers.duplicate && isUniqueViolation(error)) throw answers.duplicate();
    if (answers.inUse && isForeignKeyViolation(error)) throw answers.inUse();
    throw error;
  }
}

/** What a write's work gives: its result, and the audit entries that record it (none: nothing to record). */
export interface Audited<T> {
  result: T;
  audit: AuditEntry | AuditEntry[];
}

/**
 * Runs `work` in a transaction and appends its audit entries (by `audit`'s user) at its end, in the same
 * transaction; `violations` answers the write's constraint violations.
 */
export async function auditedWrite<T>(db: Queryable, audit: AuditContext, work: (tx: Tx) => Promise<Audited<T>>, violations: ViolationAnswers = {}): Promise<T> {
  return answeringViolations(violations, () =>
    db.transaction(async (tx) => {
      const done = await work(tx);
      await writeAudits(tx, audit, [done.audit].flat());
      return done.result;
    }),
  );
}
