/**
 * What the competition area's writes share: the event a round or an examinee belongs to (and whether the
 * actor may manage it), the students an examinee may be, and the candidate numbers. Candidate numbers are
 * taken from the event's counter (competition.candidate_seq) inside the write's transaction: the UPDATE
 * locks the event's row, so concurrent writes get different numbers, and a number once taken is never
 * handed out again, even after its examinee is deleted.
 */
import { and, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import type { RoundRecord } from '@trungtam/shared/schemas/competition';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import { policy, type Actor } from '../access/access';
import { REACHABLE, reference } from '../access/references';
import type { Queryable } from '../db/client';
import { competitions, examinees, rounds, users } from '../db/schema';
import { conflict, invalid } from '../lib/errors';

export type EventRow = typeof competitions.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * The event `competitionId` if `actor` may `verb` it ('update': manage it, its rounds and examinees):
 * a 400 on competition_id when there is none, a 403 when it is out of reach.
 */
export async function eventFor(db: Queryable, actor: Actor, competitionId: number, verb: 'read' | 'update'): Promise<EventRow> {
  const [event] = await db.select().from(competitions).where(eq(competitions.competitionId, competitionId)).limit(1);
  if (!event) throw invalid({ competition_id: T.competitionNotFound });
  policy(actor).assert('Competition', verb, event);
  return event;
}

/**
 * The event a write names (a round's, an examinee's, an import's competition_id): one `actor` reaches, so
 * that another centre's is answered exactly as a missing one (the neutral 400 on competition_id,
 * references.ts), and then one they manage (403 for an event of every centre, which a giáo vụ only reads).
 */
export async function eventToWrite(db: Queryable, actor: Actor, competitionId: number): Promise<EventRow> {
  const event = await reference(db, actor, REACHABLE.competition, 'competition_id', competitionId);
  policy(actor).assert('Competition', 'update', event);
  return event;
}

/** 409 once a round of the event is finalised: who takes part is settled (the passing examinees went on). */
export async function assertRegistrationOpen(db: Queryable, competitionId: number): Promise<void> {
  const [finalised] = await db
    .select({ n: count() })
    .from(rounds)
    .where(and(eq(rounds.competitionId, competitionId), isNotNull(rounds.finalizedAt)));
  if (Number(finalised?.n ?? 0) > 0) throw conflict(T.registrationClosed, { competition_id: T.registrationClosed });
}

/** A candidate number as the event shows it: 4 digits, "0001". */
export const formatCandidateNumber = (n: number) => String(n).padStart(4, '0');

/**
 * `howMany` new candidate numbers of the event, in order; call inside the write's transaction. A number
 * an examinee already holds (numbered before the counter existed) is skipped for the next one.
 */
export async function takeCandidateNumbers(tx: Queryable, competitionId: number, howMany: number): Promise<string[]> {
  const taken: string[] = [];
  while (taken.length < howMany) {
    const wanted = howMany - taken.length;
    const [event] = await tx
      .update(competitions)
      .set({ candidateSeq: sql`${competitions.candidateSeq} + ${wanted}` })
      .where(eq(competitions.competitionId, competitionId))
      .returning({ seq: competitions.candidateSeq });
    const numbers = Array.from({ length: wanted }, (_, i) => formatCandidateNumber(event.seq - wanted + 1 + i));
    const held = await tx
      .select({ number: examinees.candidateNumber })
      .from(examinees)
      .where(and(eq(examinees.competitionId, competitionId), inArray(examinees.candidateNumber, numbers)));
    const heldNumbers = new Set(held.map((row) => row.number));
    taken.push(...numbers.filter((number) => !heldNumbers.has(number)));
  }
  return taken;
}

/** The live (not deleted) student accounts matching `where` that `actor` may see (the User policy's read rule). */
async function studentsInReach(db: Queryable, actor: Actor, where: SQL): Promise<UserRow[]> {
  const rows = await db.select().from(users).where(and(where, eq(users.type, 'student'), isNull(users.deletedAt)));
  const access = policy(actor);
  return rows.filter((row) => access.can('User', 'read', row));
}

/** The student account `id` if it is a live student `actor` may see. */
export async function studentInReach(db: Queryable, actor: Actor, id: number): Promise<UserRow | undefined> {
  return (await studentsInReach(db, actor, eq(users.id, id)))[0];
}

/** The live students `actor` may see among `emails`, by their email in lower case. */
export async function studentsByEmail(db: Queryable, actor: Actor, emails: string[]): Promise<Map<string, UserRow>> {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (!wanted.length) return new Map();
  const rows = await studentsInReach(db, actor, inArray(sql`lower(${users.email})`, wanted));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

/** A student account's birth date, YYYY-MM-DD, when it holds a whole one (day, month and year). */
export function accountBirthDate(account: Pick<UserRow, 'birthYear' | 'birthMonth' | 'birthDay'>): string | null {
  const { birthYear: year, birthMonth: month, birthDay: day } = account;
  if (!year || !month || !day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  return isIsoDate(date) ? date : null;
}

/** A round as the API answers it (the rounds' routes, scoring, finalising). */
export const roundRecord = (row: typeof rounds.$inferSelect, competitionName: string): Static<typeof RoundRecord> => ({
  round_id: row.roundId,
  competition_id: row.competitionId,
  competition_name: competitionName,
  name: row.name,
  order: row.order,
  date: row.date,
  max_score: row.maxScore,
  pass_score: row.passScore,
  score_step: row.scoreStep,
  finalized_at: row.finalizedAt ? row.finalizedAt.toISOString() : null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});
