/**
 * Ids a write puts into a row: a class's teacher, giáo vụ and room, a session's class and room (and a
 * make-up's missed session), an enrolment's student and class, an examinee's student and event, a round's
 * event, the round scores are saved in, an event's graders, a message's recipient or centre, the centre of
 * an account, a room, a day off, an event or a class (a day off or an event of every centre, with none, is
 * the access policy's to allow). Each must be within the writer's reach under the access policy
 * (access.ts): a row its list scope lets them see (User, LearningRoom, LearningCenter, LearningClass,
 * LearningClassSchedule, Competition; a round to grade follows the events its writer grades), so that a
 * giáo vụ of one centre never puts another centre's people, rooms, classes or events into their rows. An administrator, and a giáo vụ without a
 * centre, reach every centre.
 *
 * An id that does not exist and one out of reach get the same 400 on the field ("… không tồn tại hoặc
 * ngoài phạm vi của bạn"): the answer never tells an account of another centre from a missing one. What
 * a caller checks beyond that (the account's type or status, the room's centre, whether the writer may
 * manage the event) concerns rows in reach only, so its own message tells nothing more.
 *
 * One helper, `reachable`, makes each kind: its table, its id and the rows the policy lets the actor list.
 */
import { and, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { centers, classes, classSchedules, competitions, rooms, rounds, users } from '../db/schema';
import { invalid } from '../lib/errors';
import { gradingReach, policy, type Actor } from './access';

/** The neutral refusal of each kind of reference. */
export const REFERENCE_TEXT = {
  teacher: 'Giáo viên không tồn tại hoặc ngoài phạm vi của bạn',
  academicAffair: 'Giáo vụ không tồn tại hoặc ngoài phạm vi của bạn',
  student: 'Học viên không tồn tại hoặc ngoài phạm vi của bạn',
  account: 'Tài khoản không tồn tại hoặc ngoài phạm vi của bạn',
  recipient: 'Tài khoản nhận không tồn tại hoặc ngoài phạm vi của bạn',
  room: 'Phòng học không tồn tại hoặc ngoài phạm vi của bạn',
  center: 'Trung tâm không tồn tại hoặc ngoài phạm vi của bạn',
  class: 'Lớp học không tồn tại hoặc ngoài phạm vi của bạn',
  session: 'Buổi học không tồn tại hoặc ngoài phạm vi của bạn',
  competition: 'Cuộc thi không tồn tại hoặc ngoài phạm vi của bạn',
  round: 'Vòng thi không tồn tại hoặc ngoài phạm vi của bạn',
} as const;

export type AccountRow = typeof users.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type CenterRow = typeof centers.$inferSelect;
export type ClassRow = typeof classes.$inferSelect;
export type CompetitionRow = typeof competitions.$inferSelect;
export type RoundRow = typeof rounds.$inferSelect;

/** One kind of row a write may name. */
export interface Reachable<Row> {
  /** The rows among `ids` that `actor` reaches, by id, in one query. */
  inReach(db: Queryable, actor: Actor, ids: readonly number[]): Promise<Map<number, Row>>;
  /** The neutral refusal of one missing or out of reach. */
  missing: string;
}

/**
 * The kind of row of `table` (its id column `id`, read back from a row by `idOf`) whose rows in reach are
 * those `scope` lets `actor` list (undefined: every row).
 */
function reachable<T extends PgTable>(
  table: T,
  id: PgColumn,
  idOf: (row: T['$inferSelect']) => number,
  scope: (actor: Actor) => SQL | undefined,
  missing: string,
): Reachable<T['$inferSelect']> {
  return {
    missing,
    async inReach(db, actor, ids) {
      const wanted = [...new Set(ids)];
      if (!wanted.length) return new Map();
      const rows = (await db.select().from(table as PgTable).where(and(inArray(id, wanted), scope(actor)))) as Array<T['$inferSelect']>;
      return new Map(rows.map((row) => [idOf(row), row]));
    },
  };
}

/** The kinds of rows a write names, each within the access policy's list scope of its resource. */
export const REACHABLE = {
  /** Live (not deleted) accounts: the User policy's scope (a write names the type it wants: AccountReference). */
  account: reachable(users, users.id, (row) => row.id, (actor) => and(isNull(users.deletedAt), policy(actor).where('User')), REFERENCE_TEXT.account),
  /** Live (not deleted) rooms: the LearningRoom policy's scope. */
  room: reachable(rooms, rooms.roomId, (row) => row.roomId, (actor) => and(isNull(rooms.deletedAt), policy(actor).where('LearningRoom')), REFERENCE_TEXT.room),
  centre: reachable(centers, centers.centerId, (row) => row.centerId, (actor) => policy(actor).where('LearningCenter'), REFERENCE_TEXT.center),
  /** Live classes: the LearningClass policy's scope (a giáo vụ's centre). */
  class: reachable(classes, classes.classId, (row) => row.classId, (actor) => and(isNull(classes.deletedAt), policy(actor).where('LearningClass')), REFERENCE_TEXT.class),
  /** Sessions (a make-up's missed one): the LearningClassSchedule policy's scope. */
  session: reachable(classSchedules, classSchedules.scheduleId, (row) => row.scheduleId, (actor) => policy(actor).where('LearningClassSchedule'), REFERENCE_TEXT.session),
  /** Events: the Competition policy's scope (a giáo vụ's centre's and every centre's). */
  competition: reachable(competitions, competitions.competitionId, (row) => row.competitionId, (actor) => policy(actor).where('Competition'), REFERENCE_TEXT.competition),
  /** Rounds to grade: those of the events the actor grades (staff: every event they reach; a teacher: those assigning them a subject). */
  round: reachable(rounds, rounds.roundId, (row) => row.roundId, (actor) => gradingReach(actor, rounds.competitionId), REFERENCE_TEXT.round),
};

/** The row `id` of `kind` if `actor` reaches it; otherwise the neutral 400 on `field` (the kind's message unless `missing` is given). */
export async function reference<Row>(db: Queryable, actor: Actor, kind: Reachable<Row>, field: string, id: number, missing = kind.missing): Promise<Row> {
  const row = (await kind.inReach(db, actor, [id])).get(id);
  if (!row) throw invalid({ [field]: missing });
  return row;
}

/** The live accounts among `ids` that `actor` reaches (the User policy's scope), by id. */
export const accountsInReach = (db: Queryable, actor: Actor, ids: readonly number[]) => REACHABLE.account.inReach(db, actor, ids);
/** The rooms among `ids` that `actor` reaches (the LearningRoom policy's scope), by id. */
export const roomsInReach = (db: Queryable, actor: Actor, ids: readonly number[]) => REACHABLE.room.inReach(db, actor, ids);
/** The centres among `ids` that `actor` reaches (the LearningCenter policy's scope), by id. */
export const centresInReach = (db: Queryable, actor: Actor, ids: readonly number[]) => REACHABLE.centre.inReach(db, actor, ids);

/**
 * One account named by a write's field: the neutral `missing` refusal when it does not exist or is out
 * of reach, then `check`'s message (undefined: fine) on the account in reach (its type, its status).
 */
export interface AccountReference {
  /** The body's field, as the 400 names it ('teacher_id', 'graders.0.user_id'). */
  field: string;
  id: number;
  missing: string;
  check?: (account: AccountRow) => string | undefined;
}

/** Field → message for every reference of `refs` that is refused (empty: all in reach and fit), in one query. */
export async function accountReferenceProblems(db: Queryable, actor: Actor, refs: readonly AccountReference[]): Promise<Record<string, string>> {
  const found = await accountsInReach(db, actor, refs.map((ref) => ref.id));
  const fields: Record<string, string> = {};
  for (const ref of refs) {
    const account = found.get(ref.id);
    const problem = account ? ref.check?.(account) : ref.missing;
    if (problem && !fields[ref.field]) fields[ref.field] = problem;
  }
  return fields;
}

/** The accounts of `refs` by id, or a 400 naming each refused field. */
export async function assertAccountReferences(db: Queryable, actor: Actor, refs: readonly AccountReference[]): Promise<void> {
  const fields = await accountReferenceProblems(db, actor, refs);
  if (Object.keys(fields).length) throw invalid(fields);
}

/** The room `id` if `actor` reaches it; otherwise the neutral 400 on `field`. */
export const roomReference = (db: Queryable, actor: Actor, field: string, id: number) => reference(db, actor, REACHABLE.room, field, id);

/** The centre `id` if `actor` reaches it; otherwise the neutral 400 on `field`. */
export const centreReference = (db: Queryable, actor: Actor, field: string, id: number) => reference(db, actor, REACHABLE.centre, field, id);

/** The class `id` if `actor` reaches it (a live class of their scope); otherwise the neutral 400 on `field`. */
export const classReference = (db: Queryable, actor: Actor, field: string, id: number) => reference(db, actor, REACHABLE.class, field, id);
