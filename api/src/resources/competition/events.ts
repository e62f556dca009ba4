/**
 * Competition events (LearningCompetition): the resource factory's five routes under /competition/event/….
 * An event is a centre's, or every centre's (center_id null); the access policy's 'Competition' rules keep
 * a giáo vụ of a centre to that centre's events (those of every centre are only read there). An event
 * carries its grader assignments (a teacher grades one subject), written with it in one transaction: the
 * list sent replaces the event's, and a write that leaves the list out keeps it (so do the other optional
 * fields). Names are unique within a centre. An event with a score cannot be deleted; otherwise its
 * rounds, examinees and assignments go with it.
 */
import { asc, count, eq, inArray, isNull, or } from 'drizzle-orm';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import { COMPETITION_TEXT as T, type Grader } from '@trungtam/shared/contracts/competition';
import { CompetitionListFilters, CompetitionRecord, CompetitionWriteProps } from '@trungtam/shared/schemas/competition';
import type { Actor } from '../../access/access';
import { accountReferenceProblems, centreReference, REFERENCE_TEXT, type AccountRow } from '../../access/references';
import type { Queryable } from '../../db/client';
import { competitionGraders, competitions, examineePoints, examinees, rounds, topics } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { assertNameFree, blankToNull, crudPaths, listFilter, declareResource, sent } from '../../factory';

type EventRow = typeof competitions.$inferSelect;

/** What an event's record needs beyond its row. */
interface EventRelated {
  graders: Grader[];
  roundCount: number;
  examineeCount: number;
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** The grader assignments and the counts of `rows`: three queries for any number of events. */
async function loadEventRelated(db: Queryable, rows: EventRow[]): Promise<EventRelated[]> {
  const ids = rows.map((row) => row.competitionId);
  const [graders, roundCounts, examineeCounts] = await Promise.all([
    db.select().from(competitionGraders).where(inArray(competitionGraders.competitionId, ids)).orderBy(asc(competitionGraders.topicId), asc(competitionGraders.userId)),
    db.select({ id: rounds.competitionId, n: count() }).from(rounds).where(inArray(rounds.competitionId, ids)).groupBy(rounds.competitionId),
    db.select({ id: examinees.competitionId, n: count() }).from(examinees).where(inArray(examinees.competitionId, ids)).groupBy(examinees.competitionId),
  ]);
  const countOf = (counts: Array<{ id: number; n: number }>) => new Map(counts.map((row) => [row.id, Number(row.n)]));
  const roundsOf = countOf(roundCounts);
  const examineesOf = countOf(examineeCounts);
  return rows.map((row) => ({
    graders: graders.filter((g) => g.competitionId === row.competitionId).map((g) => ({ topic_id: g.topicId, user_id: g.userId })),
    roundCount: roundsOf.get(row.competitionId) ?? 0,
    examineeCount: examineesOf.get(row.competitionId) ?? 0,
  }));
}

/**
 * The field → message of each assignment whose subject is missing, whose user is not a live teacher within
 * the actor's reach (references.ts: a giáo vụ of a centre picks that centre's teachers), or that repeats
 * an earlier one.
 */
async function graderProblems(db: Queryable, actor: Actor, graders: Grader[]): Promise<Record<string, string>> {
  if (!graders.length) return {};
  const topicIds = unique(graders.map((g) => g.topic_id));
  const [foundTopics, userProblems] = await Promise.all([
    db.select({ id: topics.topicId }).from(topics).where(inArray(topics.topicId, topicIds)),
    accountReferenceProblems(
      db,
      actor,
      graders.map((grader, index) => ({
        field: `graders.${index}.user_id`,
        id: grader.user_id,
        missing: REFERENCE_TEXT.teacher,
        check: (account: AccountRow) => (account.type === 'teacher' ? undefined : T.graderNotTeacher),
      })),
    ),
  ]);
  const topicFound = new Set(foundTopics.map((row) => row.id));
  const fields: Record<string, string> = { ...userProblems };
  const seen = new Set<string>();
  graders.forEach((grader, index) => {
    if (!topicFound.has(grader.topic_id)) fields[`graders.${index}.topic_id`] = T.topicNotFound;
    const pair = `${grader.topic_id}:${grader.user_id}`;
    if (!fields[`graders.${index}.user_id`] && seen.has(pair)) fields[`graders.${index}.user_id`] = T.graderTwice;
    seen.add(pair);
  });
  return fields;
}

export default declareResource({
  name: 'Competition',
  tag: 'competition',
  paths: crudPaths('/competition/event'),
  permission: 'LearningCompetition',
  policy: 'Competition',
  table: competitions,
  primaryKey: competitions.competitionId,
  idField: 'competition_id',
  schemas: { record: CompetitionRecord, write: CompetitionWriteProps },
  sort: {
    columns: {
      competition_id: competitions.competitionId,
      id: competitions.competitionId,
      name: competitions.name,
      start_date: competitions.startDate,
      end_date: competitions.endDate,
      status: competitions.status,
      center_id: competitions.centerId,
      created_at: competitions.createdAt,
    },
    default: 'competition_id',
  },
  search: [competitions.name],
  filters: {
    status: listFilter(CompetitionListFilters.status, (status) => (status ? eq(competitions.status, status) : undefined)),
    // a centre's events include those of every centre, which it takes part in too
    center_id: listFilter(CompetitionListFilters.center_id, (centerId) => (centerId ? or(eq(competitions.centerId, centerId), isNull(competitions.centerId)) : undefined)),
  },
  updatedAt: competitions.updatedAt,
  loadRelated: loadEventRelated,
  toRecord: (row: EventRow, related: EventRelated) => ({
    competition_id: row.competitionId,
    name: row.name,
    description: row.description,
    start_date: row.startDate,
    end_date: row.endDate,
    status: row.status,
    center_id: row.centerId,
    graders: related.graders,
    round_count: related.roundCount,
    examinee_count: related.examineeCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  // a field left out keeps its value on update (the status its default, draft, on create)
  toValues: (body) =>
    sent({
      name: body.name.trim(),
      description: body.description === undefined ? undefined : blankToNull(body.description),
      startDate: body.start_date,
      endDate: body.end_date,
      status: body.status,
      centerId: body.center_id === undefined ? undefined : body.center_id || null,
    }),
  // the event's centre: another centre's is answered as a missing one (an event of every centre, null, is the policy's)
  references: async (db, actor, body) => {
    if (body.center_id) await centreReference(db, actor, 'center_id', body.center_id);
  },
  async beforeWrite(db, actor, body, existing) {
    const fields: Record<string, string> = {};
    const start = body.start_date === undefined ? (existing?.startDate ?? null) : body.start_date;
    const end = body.end_date === undefined ? (existing?.endDate ?? null) : body.end_date;
    if (start && !isIsoDate(start)) fields.start_date = T.startDate;
    if (end && !isIsoDate(end)) fields.end_date = T.endDate;
    else if (start && end && end < start) fields.end_date = T.endBeforeStart;
    Object.assign(fields, await graderProblems(db, actor, body.graders ?? []));
    if (Object.keys(fields).length) throw invalid(fields);

    const centerId = body.center_id === undefined ? (existing?.centerId ?? null) : body.center_id || null;
    await assertNameFree(db, { table: competitions, column: competitions.name, primaryKey: competitions.competitionId }, body.name, T.duplicate, {
      exceptId: existing?.competitionId,
      within: centerId === null ? isNull(competitions.centerId) : eq(competitions.centerId, centerId),
    });
  },
  async writeRelated(tx, body, row) {
    if (body.graders === undefined) return;
    const competitionId = row.competitionId;
    await tx.delete(competitionGraders).where(eq(competitionGraders.competitionId, competitionId));
    if (body.graders.length) await tx.insert(competitionGraders).values(body.graders.map((g) => ({ competitionId, topicId: g.topic_id, userId: g.user_id })));
  },
  // its rounds, examinees and assignments cascade; scores are kept: an event that has one stays
  async beforeDelete(db, _actor, event) {
    const [scored] = await db
      .select({ n: count() })
      .from(examineePoints)
      .innerJoin(examinees, eq(examinees.examineeId, examineePoints.examineeId))
      .where(eq(examinees.competitionId, event.competitionId));
    if (Number(scored?.n ?? 0) > 0) throw conflict(T.eventHasScores);
  },
  messages: { duplicate: T.duplicate, inUse: T.eventHasScores },
});
