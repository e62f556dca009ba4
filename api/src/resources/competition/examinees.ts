/**
 * Examinees of a competition event (LearningCompetition): the resource factory's five routes under
 * /competition/examinee/…, listed by event then candidate number. An examinee is in reach when its event
 * is (competitionReach), and written by whoever manages its event. An examinee is a student of the
 * centre (user_id: a live student account the actor may see; the name and birth date default to the
 * account's) or an outside candidate (full_name required), in one subject and one group. A student enters
 * a subject of an event once. The candidate number is generated in the create's transaction, never sent.
 * Once a round of the event is finalised nobody is added; an examinee stays in their event, and one with
 * a score is not deleted.
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import { ExamineeRecord, ExamineeWriteProps } from '@trungtam/shared/schemas/competition';
import { competitionReach } from '../../access/access';
import { REFERENCE_TEXT } from '../../access/references';
import { examineePoints, examinees, examineeTypes, topics, users } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { blankToNull, crudPaths, declareResource } from '../../factory';
import { accountBirthDate, assertRegistrationOpen, eventFor, eventToWrite, studentInReach, takeCandidateNumbers } from '../../services/competitions';
import { EXAMINEE_FILTERS, EXAMINEE_SEARCH, loadExamineeRelated, toExamineeRecord, type ExamineeRow } from '../../services/examinees';

export default declareResource({
  name: 'Examinee',
  tag: 'competition',
  paths: crudPaths('/competition/examinee'),
  permission: 'LearningCompetition',
  reach: (actor) => competitionReach(actor, examinees.competitionId),
  table: examinees,
  primaryKey: examinees.examineeId,
  idField: 'examinee_id',
  schemas: { record: ExamineeRecord, write: ExamineeWriteProps },
  sort: {
    columns: {
      examinee_id: examinees.examineeId,
      id: examinees.examineeId,
      competition_id: examinees.competitionId,
      candidate_number: examinees.candidateNumber,
      full_name: examinees.fullName,
      birth_date: examinees.birthDate,
      school: examinees.school,
      topic_id: examinees.topicId,
      type_id: examinees.typeId,
      created_at: examinees.createdAt,
    },
    default: 'competition_id',
    then: [examinees.candidateNumber],
  },
  search: EXAMINEE_SEARCH,
  filters: EXAMINEE_FILTERS,
  updatedAt: examinees.updatedAt,
  loadRelated: loadExamineeRelated,
  toRecord: (row: ExamineeRow, related) => toExamineeRecord(row, related),
  // a student's blank name and birth date are the account's (completeValues)
  toValues: (body) => ({
    competitionId: body.competition_id,
    userId: body.user_id || null,
    fullName: blankToNull(body.full_name),
    birthDate: body.birth_date ?? null,
    topicId: body.topic_id,
    typeId: body.type_id,
    school: blankToNull(body.school),
    contact: blankToNull(body.contact),
  }),
  async completeValues(tx, body, existing) {
    const values: Record<string, unknown> = {};
    if (!existing) values.candidateNumber = (await takeCandidateNumbers(tx, body.competition_id, 1))[0];
    if (body.user_id) {
      const [account] = await tx.select().from(users).where(eq(users.id, body.user_id)).limit(1);
      if (account && !blankToNull(body.full_name)) values.fullName = account.name;
      if (account && !body.birth_date) values.birthDate = accountBirthDate(account);
    }
    return values;
  },
  async beforeWrite(db, actor, body, existing) {
    if (existing && body.competition_id !== existing.competitionId) throw invalid({ competition_id: T.competitionMoved });
    await eventToWrite(db, actor, body.competition_id);
    if (!existing) await assertRegistrationOpen(db, body.competition_id);

    const fields: Record<string, string> = {};
    if (body.user_id) {
      // missing, not a student, or another centre's: the same answer (references.ts)
      if (!(await studentInReach(db, actor, body.user_id))) fields.user_id = REFERENCE_TEXT.student;
    } else if (!blankToNull(body.full_name)) {
      fields.full_name = T.examineeNameRequired;
    }
    if (body.birth_date && !isIsoDate(body.birth_date)) fields.birth_date = T.birthDate;
    const [[topic], [group]] = await Promise.all([
      db.select({ id: topics.topicId }).from(topics).where(eq(topics.topicId, body.topic_id)).limit(1),
      db.select({ id: examineeTypes.typeId }).from(examineeTypes).where(eq(examineeTypes.typeId, body.type_id)).limit(1),
    ]);
    if (!topic) fields.topic_id = T.topicNotFound;
    if (!group) fields.type_id = T.typeNotFound;
    if (Object.keys(fields).length) throw invalid(fields);

    if (body.user_id) {
      const [entered] = await db
        .select({ n: count() })
        .from(examinees)
        .where(
          and(
            eq(examinees.competitionId, body.competition_id),
            eq(examinees.userId, body.user_id),
            eq(examinees.topicId, body.topic_id),
            existing ? ne(examinees.examineeId, existing.examineeId) : undefined,
          ),
        );
      if (Number(entered?.n ?? 0) > 0) throw conflict(T.studentTwice, { user_id: T.studentTwice });
    }
  },
  async beforeDelete(db, actor, examinee) {
    await eventFor(db, actor, examinee.competitionId, 'update');
    const [scored] = await db.select({ n: count() }).from(examineePoints).where(eq(examineePoints.examineeId, examinee.examineeId));
    if (Number(scored?.n ?? 0) > 0) throw conflict(T.examineeHasScores);
  },
  // a concurrent write entered the same student in the subject first (the partial unique index)
  messages: { duplicate: T.studentTwice, inUse: T.examineeHasScores },
});
