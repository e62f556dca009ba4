/**
 * Ids a write puts into a row: a class's teacher, giáo vụ and room, a session's room, an enrolment's or an
 * examinee's student, an event's graders, a message's recipient or centre. Each must be within the writer's
 * reach under the access policy (access.ts): a row its scope lets them list (User, LearningRoom,
 * LearningCenter), so that a giáo vụ of one centre never puts another centre's people or rooms into their
 * rows. An administrator, and a giáo vụ without a centre, reach every centre.
 *
 * An id that does not exist and one out of reach get the same 400 on the field ("… không tồn tại hoặc
 * ngoài phạm vi của bạn"): the answer never tells an account of another centre from a missing one. What
 * a caller checks beyond that (the account's type or status, the room's centre) concerns rows in reach
 * only, so its own message tells nothing more.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { centers, rooms, users } from '../db/schema';
import { invalid } from '../lib/errors';
import { policy, type Actor } from './access';

/** The neutral refusal of each kind of reference. */
export const REFERENCE_TEXT = {
  teacher: 'Giáo viên không tồn tại hoặc ngoài phạm vi của bạn',
  academicAffair: 'Giáo vụ không tồn tại hoặc ngoài phạm vi của bạn',
  student: 'Học viên không tồn tại hoặc ngoài phạm vi của bạn',
  recipient: 'Tài khoản nhận không tồn tại hoặc ngoài phạm vi của bạn',
  room: 'Phòng học không tồn tại hoặc ngoài phạm vi của bạn',
  center: 'Trung tâm không tồn tại hoặc ngoài phạm vi của bạn',
} as const;

export type AccountRow = typeof users.$inferSelect;
export type RoomRow = typeof rooms.$inferSelect;
export type CenterRow = typeof centers.$inferSelect;

const distinct = (ids: readonly number[]) => [...new Set(ids)];
const byId = <Row>(rows: Row[], idOf: (row: Row) => number) => new Map(rows.map((row) => [idOf(row), row]));

/** The live (not deleted) accounts among `ids` that `actor` reaches (the User policy's scope), by id. */
export async function accountsInReach(db: Queryable, actor: Actor, ids: readonly number[]): Promise<Map<number, AccountRow>> {
  const wanted = distinct(ids);
  if (!wanted.length) return new Map();
  const rows = await db.select().from(users).where(and(inArray(users.id, wanted), isNull(users.deletedAt), policy(actor).where('User')));
  return byId(rows, (row) => row.id);
}

/** The rooms among `ids` that `actor` reaches (the LearningRoom policy's scope), by id. */
export async function roomsInReach(db: Queryable, actor: Actor, ids: readonly number[]): Promise<Map<number, RoomRow>> {
  const wanted = distinct(ids);
  if (!wanted.length) return new Map();
  const rows = await db.select().from(rooms).where(and(inArray(rooms.roomId, wanted), policy(actor).where('LearningRoom')));
  return byId(rows, (row) => row.roomId);
}

/** The centres among `ids` that `actor` reaches (the LearningCenter policy's scope), by id. */
export async function centresInReach(db: Queryable, actor: Actor, ids: readonly number[]): Promise<Map<number, CenterRow>> {
  const wanted = distinct(ids);
  if (!wanted.length) return new Map();
  const rows = await db.select().from(centers).where(and(inArray(centers.centerId, wanted), policy(actor).where('LearningCenter')));
  return byId(rows, (row) => row.centerId);
}

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
export async function roomReference(db: Queryable, actor: Actor, field: string, id: number): Promise<RoomRow> {
  const room = (await roomsInReach(db, actor, [id])).get(id);
  if (!room) throw invalid({ [field]: REFERENCE_TEXT.room });
  return room;
}

/** The centre `id` if `actor` reaches it; otherwise the neutral 400 on `field`. */
export async function centreReference(db: Queryable, actor: Actor, field: string, id: number): Promise<CenterRow> {
  const centre = (await centresInReach(db, actor, [id])).get(id);
  if (!centre) throw invalid({ [field]: REFERENCE_TEXT.center });
  return centre;
}
