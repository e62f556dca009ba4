/**
 * Students' guardians (tables guardian and student_guardian): the contacts messages to families go to.
 *
 * A guardian is reached through the students it is linked to: staff who may read a student see its
 * guardians, staff who may edit the student change them (the User permission and access policy decide), and
 * a guardian is in reach when one of its students is (the search that links a sibling's guardian).
 * A student's first guardian (position 1) is the account's representative: user.reference_name, _phone and
 * _email always hold its name, phone and e-mail (syncRepresentatives), and an account write that sends those
 * fields changes that guardian (representativeWritten), so the spec's fields and the guardians never differ.
 */
import { and, asc, eq, exists, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { GUARDIAN_LIMITS, GUARDIAN_TEXT, MESSAGE_GROUPS, type MessageGroup } from '@trungtam/shared/contracts/familyMessages';
import type { Guardian } from '@trungtam/shared/contracts/familyMessages';
import type {
  GuardianCreateBody,
  GuardianLinkBody,
  GuardianSearchQuery,
  GuardianUnlinkBody,
  GuardianUpdateBody,
} from '@trungtam/shared/schemas/familyMessages';
import type { Queryable, Tx } from '../db/client';
import { guardians, studentGuardians, users } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { auditedWrite, type AuditContext } from '../factory';
import { conflict, invalid, notFound } from '../lib/errors';
import { containsPattern } from '../lib/list';
import type { AppContext } from '../types';
import { findActiveUser, type UserRow } from './accounts';

type GuardianRow = typeof guardians.$inferSelect;
type Fields = Omit<Static<typeof GuardianCreateBody>, 'student_id'>;

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The student `id` if `actor` may read it (and edit it, with `write`); 404 when there is none, 403 out of reach. */
async function studentInReach(db: Queryable, actor: Actor, id: number, write: boolean): Promise<UserRow> {
  const row = await findActiveUser(db, id);
  if (!row) throw notFound();
  const access = policy(actor);
  access.assert('User', 'read', row);
  if (write) access.assert('User', 'update', row);
  if (row.type !== 'student') throw invalid({ student_id: GUARDIAN_TEXT.notStudent });
  return row;
}

/** A guardian's fields checked beyond the schema: some way to reach them, and an address on the channel they prefer. */
function checkedFields(body: Fields) {
  const phone = blankToNull(body.phone);
  const email = blankToNull(body.email);
  if (!phone && !email) throw invalid({ phone: GUARDIAN_TEXT.contactRequired });
  if (body.preferred_channel === 'email' && !email) throw invalid({ preferred_channel: GUARDIAN_TEXT.channelNeedsEmail });
  if (body.preferred_channel !== 'email' && !phone) throw invalid({ preferred_channel: GUARDIAN_TEXT.channelNeedsPhone });
  const optedOut = MESSAGE_GROUPS.filter((group) => body.opted_out.includes(group));
  return {
    name: body.name.trim(),
    phone,
    email,
    preferredChannel: body.preferred_channel,
    addressAs: body.address_as,
    optedOut: optedOut as MessageGroup[],
  };
}

/** The guardians of `studentIds` with every student each is linked to, ordered by position. */
async function guardianDtos(db: Queryable, studentId: number): Promise<Guardian[]> {
  const links = await db
    .select({ guardian: guardians, position: studentGuardians.position, relationship: studentGuardians.relationship })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(eq(studentGuardians.studentId, studentId))
    .orderBy(asc(studentGuardians.position), asc(guardians.id));
  if (!links.length) return [];
  const siblings = await db
    .select({ guardianId: studentGuardians.guardianId, id: users.id, name: users.name })
    .from(studentGuardians)
    .innerJoin(users, and(eq(users.id, studentGuardians.studentId), isNull(users.deletedAt)))
    .where(inArray(studentGuardians.guardianId, links.map((link) => link.guardian.id)))
    .orderBy(asc(users.id));
  return links.map(({ guardian, position, relationship }) => ({
    ...guardianDto(guardian),
    relationship,
    position,
    students: siblings.filter((row) => row.guardianId === guardian.id).map(({ id, name }) => ({ id, name })),
  }));
}

function guardianDto(row: GuardianRow) {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    preferred_channel: row.preferredChannel,
    address_as: row.addressAs,
    opted_out: row.optedOut,
  };
}

/**
 * Sets each of `studentIds`' representative fields to its first guardian's name, phone and e-mail (empty
 * when it has none). One statement; the user table's revision then tells the lists' caches.
 */
export async function syncRepresentatives(tx: Queryable, studentIds: number[]): Promise<void> {
  if (!studentIds.length) return;
  const ids = sql.join(studentIds.map((id) => sql`${id}`), sql`, `);
  await tx.execute(sql`
    update "user" u set
      reference_name = nullif(g.name, ''), reference_phone = g.phone, reference_email = g.email, updated_at = now()
    from (
      select s.id, first.name, first.phone, first.email
      from "user" s
      left join lateral (
        select gd.name, gd.phone, gd.email from student_guardian sg join guardian gd on gd.id = sg.guardian_id
        where sg.student_id = s.id order by sg.position, gd.id limit 1
      ) first on true
      where s.id in (${ids})
    ) g
    where u.id = g.id
      and (u.reference_name is distinct from nullif(g.name, '') or u.reference_phone is distinct from g.phone or u.reference_email is distinct from g.email)`);
}

/** Every student linked to `guardianId`. */
async function studentsOf(tx: Queryable, guardianId: number): Promise<number[]> {
  const rows = await tx.select({ id: studentGuardians.studentId }).from(studentGuardians).where(eq(studentGuardians.guardianId, guardianId));
  return rows.map((row) => row.id);
}

/** Positions 1, 2, … again after a link is removed; a guardian left with no student is deleted. */
async function afterUnlink(tx: Tx, studentId: number, guardianId: number): Promise<void> {
  await tx.execute(sql`
    update student_guardian sg set position = ordered.n
    from (select guardian_id, row_number() over (order by position, guardian_id) as n from student_guardian where student_id = ${studentId}) ordered
    where sg.student_id = ${studentId} and sg.guardian_id = ordered.guardian_id and sg.position <> ordered.n`);
  if (!(await studentsOf(tx, guardianId)).length) await tx.delete(guardians).where(eq(guardians.id, guardianId));
}

/**
 * An account write sent the representative's fields (create or update of a student): its first guardian
 * takes them, made when the student has none, unlinked when all three are empty. In the write's transaction.
 */
export async function representativeWritten(
  tx: Tx,
  student: { id: number; type: string; centerId: number | null },
  fields: { referenceName?: string | null; referencePhone?: string | null; referenceEmail?: string | null },
): Promise<void> {
  if (student.type !== 'student') return;
  if (fields.referenceName === undefined && fields.referencePhone === undefined && fields.referenceEmail === undefined) return;
  const [first] = await tx
    .select({ guardian: guardians })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(studentGuardians.studentId, student.id), eq(studentGuardians.position, 1)));
  const current = first?.guardian;
  const name = fields.referenceName === undefined ? (current?.name ?? '') : (fields.referenceName?.trim() ?? '');
  const phone = fields.referencePhone === undefined ? (current?.phone ?? null) : blankToNull(fields.referencePhone);
  const email = fields.referenceEmail === undefined ? (current?.email ?? null) : blankToNull(fields.referenceEmail);
  if (!name && !phone && !email) {
    if (current) {
      await tx.delete(studentGuardians).where(and(eq(studentGuardians.studentId, student.id), eq(studentGuardians.guardianId, current.id)));
      await afterUnlink(tx, student.id, current.id);
    }
  } else if (current) {
    await tx.update(guardians).set({ name, phone, email, updatedAt: new Date() }).where(eq(guardians.id, current.id));
  } else {
    const [made] = await tx
      .insert(guardians)
      .values({ name, phone, email, preferredChannel: email || !phone ? 'email' : 'zalo', centerId: student.centerId })
      .returning({ id: guardians.id });
    await tx.execute(sql`update student_guardian set position = position + 1 where student_id = ${student.id}`);
    await tx.insert(studentGuardians).values({ studentId: student.id, guardianId: made.id, position: 1 });
  }
  const touched = current ? await studentsOf(tx, current.id) : [];
  await syncRepresentatives(tx, [...new Set([student.id, ...touched])]);
}

/** GET /learning/guardian/list?student_id=: a student's guardians, the representative first. */
export async function listGuardians(ctx: AppContext, actor: Actor, studentId: number): Promise<Guardian[]> {
  await studentInReach(ctx.database.db, actor, studentId, false);
  return guardianDtos(ctx.database.db, studentId);
}

/** POST /learning/guardian/create: a new guardian of a student (its representative when it is the first). */
export async function createGuardian(ctx: AppContext, actor: Actor, body: Static<typeof GuardianCreateBody>, audit: AuditContext): Promise<Guardian[]> {
  const { db } = ctx.database;
  const student = await studentInReach(db, actor, body.student_id, true);
  const fields = checkedFields(body);
  await auditedWrite(db, audit, async (tx) => {
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(studentGuardians).where(eq(studentGuardians.studentId, student.id));
    if (Number(count) >= GUARDIAN_LIMITS.perStudent) throw conflict(GUARDIAN_TEXT.tooMany);
    const [made] = await tx.insert(guardians).values({ ...fields, centerId: student.centerId }).returning();
    await tx.insert(studentGuardians).values({ studentId: student.id, guardianId: made.id, position: Number(count) + 1, relationship: blankToNull(body.relationship) });
    await syncRepresentatives(tx, [student.id]);
    return { result: made.id, audit: { action: 'create', resource: 'Guardian', resourceId: made.id, after: { ...guardianDto(made), student_id: student.id } } };
  });
  return guardianDtos(db, student.id);
}

/** The guardian `guardianId` as linked to `studentId` (404 when it is not). */
async function linkedGuardian(db: Queryable, studentId: number, guardianId: number): Promise<GuardianRow> {
  const [row] = await db
    .select({ guardian: guardians })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(eq(studentGuardians.studentId, studentId), eq(studentGuardians.guardianId, guardianId)));
  if (!row) throw notFound(GUARDIAN_TEXT.notLinked);
  return row.guardian;
}

/** POST /learning/guardian/update: a guardian's fields (seen by every student it is linked to). */
export async function updateGuardian(ctx: AppContext, actor: Actor, body: Static<typeof GuardianUpdateBody>, audit: AuditContext): Promise<Guardian[]> {
  const { db } = ctx.database;
  const student = await studentInReach(db, actor, body.student_id, true);
  const before = await linkedGuardian(db, student.id, body.id);
  const fields = checkedFields(body);
  await auditedWrite(db, audit, async (tx) => {
    const [after] = await tx.update(guardians).set({ ...fields, updatedAt: new Date() }).where(eq(guardians.id, before.id)).returning();
    if (body.relationship !== undefined) {
      await tx
        .update(studentGuardians)
        .set({ relationship: blankToNull(body.relationship) })
        .where(and(eq(studentGuardians.studentId, student.id), eq(studentGuardians.guardianId, before.id)));
    }
    await syncRepresentatives(tx, await studentsOf(tx, before.id));
    return { result: after.id, audit: { action: 'update', resource: 'Guardian', resourceId: before.id, before: guardianDto(before), after: guardianDto(after) } };
  });
  return guardianDtos(db, student.id);
}

/** Guardians linked to a student `actor` may read. */
const guardianInReach = (actor: Actor): SQL =>
  exists(
    sql`(select 1 from ${studentGuardians} join ${users} on ${users.id} = ${studentGuardians.studentId} and ${users.deletedAt} is null
         where ${studentGuardians.guardianId} = ${guardians.id} and ${policy(actor).where('User') ?? sql`true`})`,
  );

/** POST /learning/guardian/link: a guardian already known (a sibling's) linked to another student. */
export async function linkGuardian(ctx: AppContext, actor: Actor, body: Static<typeof GuardianLinkBody>, audit: AuditContext): Promise<Guardian[]> {
  const { db } = ctx.database;
  const student = await studentInReach(db, actor, body.student_id, true);
  const [guardian] = await db.select().from(guardians).where(and(eq(guardians.id, body.guardian_id), guardianInReach(actor)));
  if (!guardian) throw invalid({ guardian_id: GUARDIAN_TEXT.notFound });
  await auditedWrite(
    db,
    audit,
    async (tx) => {
      const links = await tx.select({ guardianId: studentGuardians.guardianId }).from(studentGuardians).where(eq(studentGuardians.studentId, student.id));
      if (links.some((link) => link.guardianId === guardian.id)) throw conflict(GUARDIAN_TEXT.alreadyLinked);
      if (links.length >= GUARDIAN_LIMITS.perStudent) throw conflict(GUARDIAN_TEXT.tooMany);
      await tx.insert(studentGuardians).values({ studentId: student.id, guardianId: guardian.id, position: links.length + 1, relationship: blankToNull(body.relationship) });
      await syncRepresentatives(tx, [student.id]);
      return { result: guardian.id, audit: { action: 'update', resource: 'Guardian', resourceId: guardian.id, after: { linked_student_id: student.id } } };
    },
    { duplicate: () => conflict(GUARDIAN_TEXT.alreadyLinked) },
  );
  return guardianDtos(db, student.id);
}

/** POST /learning/guardian/unlink: a guardian no longer a student's; deleted once it is nobody's. */
export async function unlinkGuardian(ctx: AppContext, actor: Actor, body: Static<typeof GuardianUnlinkBody>, audit: AuditContext): Promise<Guardian[]> {
  const { db } = ctx.database;
  const student = await studentInReach(db, actor, body.student_id, true);
  const guardian = await linkedGuardian(db, student.id, body.guardian_id);
  await auditedWrite(db, audit, async (tx) => {
    await tx.delete(studentGuardians).where(and(eq(studentGuardians.studentId, student.id), eq(studentGuardians.guardianId, guardian.id)));
    await afterUnlink(tx, student.id, guardian.id);
    await syncRepresentatives(tx, [student.id]);
    return { result: guardian.id, audit: { action: 'delete', resource: 'Guardian', resourceId: guardian.id, before: { ...guardianDto(guardian), unlinked_student_id: student.id } } };
  });
  return guardianDtos(db, student.id);
}

/** GET /learning/guardian/search: up to 20 guardians in reach whose phone, e-mail or name holds the text. */
export async function searchGuardians(ctx: AppContext, actor: Actor, query: Static<typeof GuardianSearchQuery>): Promise<Guardian[]> {
  const { db } = ctx.database;
  const text = query.search.trim();
  const digits = text.replace(/[^\d]/g, '');
  const pattern = containsPattern(text);
  const rows = await db
    .select()
    .from(guardians)
    .where(
      and(
        guardianInReach(actor),
        or(ilike(guardians.name, pattern), ilike(guardians.email, pattern), digits.length >= 4 ? ilike(guardians.phone, containsPattern(digits)) : undefined),
      ),
    )
    .orderBy(asc(guardians.name), asc(guardians.id))
    .limit(20);
  const siblings = rows.length
    ? await db
        .select({ guardianId: studentGuardians.guardianId, id: users.id, name: users.name })
        .from(studentGuardians)
        .innerJoin(users, and(eq(users.id, studentGuardians.studentId), isNull(users.deletedAt), policy(actor).where('User')))
        .where(inArray(studentGuardians.guardianId, rows.map((row) => row.id)))
    : [];
  return rows.map((row) => ({
    ...guardianDto(row),
    relationship: null,
    position: 0,
    students: siblings.filter((sibling) => sibling.guardianId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}
