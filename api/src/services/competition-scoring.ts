/**
 * Scoring, finalising and ranking (LearningCompetitionExamineePoint; finalising is LearningCompetition Update).
 *
 * Who sits a round is derived, never stored twice: every examinee of the event sits its first round; the
 * next round (the next higher order) is sat by those whose score in the round before is at or above its
 * pass score once that round is finalised. Finalising locks a round's scores (status final) and so
 * advances its passing examinees; a round cannot be finalised before the one before it.
 *
 * A score is an exact decimal 0 … the round's maximum, a multiple of its step (0.25: 7, 7.25, 7.5 …),
 * checked in hundredths; saving null removes it. Staff grade every subject of the
 * events they reach; a teacher only the subjects assigned to them in that event (competition_grader).
 * Saves and finalising lock the round's row, so a save never lands in a round being finalised.
 */
import { and, asc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { COMPETITION_TEXT as T, scoreProblem } from '@trungtam/shared/contracts/competition';
import type { RankingQuerySchema, RankingRow, RoundRecord, ScoreRow, ScoresUpdateBody, ScoringEvent } from '@trungtam/shared/schemas/competition';
import { gradesEverySubject, gradingReach, type Actor } from '../access/access';
import { REACHABLE, reference } from '../access/references';
import type { Queryable } from '../db/client';
import { competitionGraders, competitions, examineePoints, examinees, examineeTypes, rounds, topics } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '../lib/errors';
import { writeAudit, type AuditContext } from '../factory/audit';
import { eventFor, roundRecord } from './competitions';

type RoundRow = typeof rounds.$inferSelect;
type Round = Static<typeof RoundRecord>;
type Score = Static<typeof ScoreRow>;


// ---------------------------------------------------------------- reach

/** The subjects `actor` grades in an event: null for every subject (staff). */
async function gradedTopics(db: Queryable, actor: Actor, competitionId: number): Promise<number[] | null> {
  if (gradesEverySubject(actor)) return null;
  const rows = await db
    .select({ topicId: competitionGraders.topicId })
    .from(competitionGraders)
    .where(and(eq(competitionGraders.competitionId, competitionId), eq(competitionGraders.userId, actor.id)));
  return rows.map((row) => row.topicId);
}

/** The event, 404 when there is none and 403 when `actor` does not grade in it. */
async function gradedEvent(db: Queryable, actor: Actor, competitionId: number) {
  const [event] = await db.select().from(competitions).where(eq(competitions.competitionId, competitionId)).limit(1);
  if (!event) throw notFound(T.competitionNotFound);
  const reach = gradingReach(actor, competitions.competitionId);
  if (reach) {
    const [inReach] = await db.select({ id: competitions.competitionId }).from(competitions).where(and(eq(competitions.competitionId, competitionId), reach)).limit(1);
    if (!inReach) throw forbidden();
  }
  return event;
}

/** The round and its event, with the subjects `actor` grades there (404 / 403 as gradedEvent). */
async function gradedRound(db: Queryable, actor: Actor, roundId: number) {
  const [round] = await db.select().from(rounds).where(eq(rounds.roundId, roundId)).limit(1);
  if (!round) throw notFound();
  const event = await gradedEvent(db, actor, round.competitionId);
  return { round, event, topicIds: await gradedTopics(db, actor, event.competitionId) };
}

/**
 * The round a save writes scores into: one of an event `actor` grades, so that a round out of their reach
 * is answered exactly as a missing one (the neutral 400 on round_id, references.ts); with the subjects they grade.
 */
async function roundToGrade(db: Queryable, actor: Actor, roundId: number) {
  const round = await reference(db, actor, REACHABLE.round, 'round_id', roundId);
  return { round, topicIds: await gradedTopics(db, actor, round.competitionId) };
}

/** The round sat just before `round` (the next lower order in its event), if any. */
async function previousRound(db: Queryable, round: RoundRow): Promise<RoundRow | undefined> {
  const [previous] = await db
    .select()
    .from(rounds)
    .where(and(eq(rounds.competitionId, round.competitionId), lt(rounds.order, round.order)))
    .orderBy(sql`${rounds.order} desc`)
    .limit(1);
  return previous;
}

/** The condition on examinees that holds for those who sit `round` (see the top of this file). */
async function sitsRound(db: Queryable, round: RoundRow): Promise<SQL> {
  const previous = await previousRound(db, round);
  const ofEvent = eq(examinees.competitionId, round.competitionId);
  if (!previous) return ofEvent;
  if (!previous.finalizedAt) return sql`false`;
  return and(
    ofEvent,
    inArray(
      examinees.examineeId,
      sql`(select ${examineePoints.examineeId} from ${examineePoints} where ${examineePoints.roundId} = ${previous.roundId} and ${examineePoints.score} >= ${previous.passScore})`,
    ),
  ) as SQL;
}

const topicCondition = (topicIds: number[] | null): SQL | undefined => (topicIds === null ? undefined : topicIds.length ? inArray(examinees.topicId, topicIds) : sql`false`);

// ---------------------------------------------------------------- scoring

/** GET /competition/scoring/events: the events `actor` grades, their rounds in order, and the subjects they grade. */
export async function scoringEvents(db: Queryable, actor: Actor): Promise<Array<Static<typeof ScoringEvent>>> {
  const events = await db
    .select()
    .from(competitions)
    .where(gradingReach(actor, competitions.competitionId))
    .orderBy(sql`${competitions.startDate} desc nulls last`, sql`${competitions.competitionId} desc`);
  if (!events.length) return [];
  const ids = events.map((event) => event.competitionId);
  const roundRows = await db.select().from(rounds).where(inArray(rounds.competitionId, ids)).orderBy(asc(rounds.order));
  const assigned = gradesEverySubject(actor)
    ? []
    : await db.select().from(competitionGraders).where(and(inArray(competitionGraders.competitionId, ids), eq(competitionGraders.userId, actor.id)));
  return events.map((event) => ({
    competition_id: event.competitionId,
    name: event.name,
    status: event.status,
    rounds: roundRows.filter((round) => round.competitionId === event.competitionId).map((round) => roundRecord(round, event.name)),
    topic_ids: gradesEverySubject(actor)
      ? null
      : assigned
          .filter((row) => row.competitionId === event.competitionId)
          .map((row) => row.topicId)
          .sort((a, b) => a - b),
  }));
}

/** The scoring rows of `round` (those who sit it, of the given subjects), optionally only some examinees. */
async function scoreRows(db: Queryable, round: RoundRow, topicIds: number[] | null, only?: number[]): Promise<Score[]> {
  const rows = await db
    .select({
      examineeId: examinees.examineeId,
      candidateNumber: examinees.candidateNumber,
      fullName: examinees.fullName,
      topicId: examinees.topicId,
      topicName: topics.name,
      typeId: examinees.typeId,
      typeName: examineeTypes.name,
      score: examineePoints.score,
      comment: examineePoints.comment,
      status: examineePoints.status,
      graderId: examineePoints.graderId,
      updatedAt: examineePoints.updatedAt,
    })
    .from(examinees)
    .leftJoin(topics, eq(topics.topicId, examinees.topicId))
    .leftJoin(examineeTypes, eq(examineeTypes.typeId, examinees.typeId))
    .leftJoin(examineePoints, and(eq(examineePoints.examineeId, examinees.examineeId), eq(examineePoints.roundId, round.roundId)))
    .where(and(await sitsRound(db, round), topicCondition(topicIds), only ? inArray(examinees.examineeId, only) : undefined))
    .orderBy(asc(examinees.candidateNumber));
  return rows.map((row) => ({
    examinee_id: row.examineeId,
    candidate_number: row.candidateNumber,
    full_name: row.fullName,
    topic_id: row.topicId,
    topic_name: row.topicName,
    type_id: row.typeId,
    type_name: row.typeName,
    score: row.score,
    comment: row.comment,
    status: row.status === null ? null : row.status === 'final' ? 'final' : 'draft',
    grader_id: row.graderId,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  }));
}

/** GET /competition/scoring/list?round_id: the round and those who sit it (of the subjects `actor` grades), by candidate number. */
export async function scoringList(db: Queryable, actor: Actor, roundId: number): Promise<{ round: Round; rows: Score[] }> {
  const { round, event, topicIds } = await gradedRound(db, actor, roundId);
  return { round: roundRecord(round, event.name), rows: await scoreRows(db, round, topicIds) };
}

/**
 * PUT /competition/scoring/update: saves the scores (null removes one) and comments of one round. Every
 * score is checked before anything is written: the round in reach (roundToGrade) and open, each examinee
 * sitting it and of a subject `actor` grades, each score within 0 … the round's maximum and on its step.
 * Answers the saved rows.
 */
export async function saveScores(db: Queryable, actor: Actor, body: Static<typeof ScoresUpdateBody>, audit: AuditContext): Promise<Score[]> {
  const { round, topicIds } = await roundToGrade(db, actor, body.round_id);
  const ids = body.scores.map((score) => score.examinee_id);
  const fields: Record<string, string> = {};
  body.scores.forEach((score, index) => {
    if (ids.indexOf(score.examinee_id) !== index) fields[`scores.${index}.examinee_id`] = 'Thí sinh này được gửi hai lần';
    const problem = score.score === null ? null : scoreProblem(score.score, { max_score: round.maxScore, score_step: round.scoreStep });
    if (problem) fields[`scores.${index}.score`] = problem;
  });
  if (Object.keys(fields).length) throw invalid(fields);

  return db.transaction(async (tx) => {
    // the round's row lock: a finalisation waits for this save, or this save sees the round finalised
    const [locked] = await tx.select().from(rounds).where(eq(rounds.roundId, round.roundId)).for('update');
    if (locked.finalizedAt) throw conflict(T.roundFinalized);
    const sitting = new Set((await scoreRows(tx, locked, null, ids)).map((row) => row.examinee_id));
    const graded = new Set((await scoreRows(tx, locked, topicIds, ids)).map((row) => row.examinee_id));
    body.scores.forEach((score, index) => {
      if (!sitting.has(score.examinee_id)) fields[`scores.${index}.examinee_id`] = T.notInRound;
    });
    if (Object.keys(fields).length) throw invalid(fields);
    if (body.scores.some((score) => !graded.has(score.examinee_id))) throw forbidden(T.notYourTopic);

    const before = await tx.select().from(examineePoints).where(and(eq(examineePoints.roundId, round.roundId), inArray(examineePoints.examineeId, ids)));
    const cleared = body.scores.filter((score) => score.score === null).map((score) => score.examinee_id);
    if (cleared.length) await tx.delete(examineePoints).where(and(eq(examineePoints.roundId, round.roundId), inArray(examineePoints.examineeId, cleared)));
    for (const score of body.scores) {
      if (score.score === null) continue;
      const comment = score.comment?.trim() ? score.comment.trim() : null;
      await tx
        .insert(examineePoints)
        .values({ examineeId: score.examinee_id, roundId: round.roundId, score: score.score, comment, graderId: actor.id, status: 'draft' })
        .onConflictDoUpdate({
          target: [examineePoints.examineeId, examineePoints.roundId],
          set: { score: score.score, comment, graderId: actor.id, updatedAt: new Date() },
        });
    }
    await writeAudit(tx, audit, {
      action: 'update',
      resource: 'ExamineePoint',
      resourceId: round.roundId,
      before: before.map((point) => ({ examinee_id: point.examineeId, score: point.score, comment: point.comment })),
      after: body.scores,
    });
    return scoreRows(tx, locked, topicIds, ids);
  });
}

/**
 * POST /competition/round/finalize/{id}: locks the round's scores and advances those at or above its pass
 * score to the next round. Refused (409) when it is finalised already or the round before it is not.
 */
export async function finalizeRound(db: Queryable, actor: Actor, roundId: number, audit: AuditContext) {
  const [found] = await db.select().from(rounds).where(eq(rounds.roundId, roundId)).limit(1);
  if (!found) throw notFound();
  const event = await eventFor(db, actor, found.competitionId, 'update');

  return db.transaction(async (tx) => {
    const [round] = await tx.select().from(rounds).where(eq(rounds.roundId, roundId)).for('update');
    if (round.finalizedAt) throw conflict(T.alreadyFinalized);
    const previous = await previousRound(tx, round);
    if (previous && !previous.finalizedAt) throw conflict(`${T.previousNotFinalized}: ${previous.name}`);
    const sitting = await scoreRows(tx, round, null);
    const [done] = await tx.update(rounds).set({ finalizedAt: new Date(), updatedAt: new Date() }).where(eq(rounds.roundId, roundId)).returning();
    await tx.update(examineePoints).set({ status: 'final', updatedAt: new Date() }).where(eq(examineePoints.roundId, roundId));
    const [next] = await tx
      .select({ roundId: rounds.roundId })
      .from(rounds)
      .where(and(eq(rounds.competitionId, round.competitionId), gt(rounds.order, round.order)))
      .orderBy(asc(rounds.order))
      .limit(1);
    const passing = sitting.filter((row) => row.score !== null && row.score >= round.passScore);
    await writeAudit(tx, audit, {
      action: 'finalize',
      resource: 'Round',
      resourceId: roundId,
      before: { finalized_at: null },
      after: { finalized_at: done.finalizedAt?.toISOString(), scored: sitting.filter((row) => row.score !== null).length, passed: passing.map((row) => row.examinee_id) },
    });
    return { round: roundRecord(done, event.name), advanced: next ? passing.length : 0, next_round_id: next?.roundId ?? null };
  });
}

// ---------------------------------------------------------------- ranking

type RankingQuery = Static<typeof RankingQuerySchema>;
type Ranking = Static<typeof RankingRow>;

/**
 * GET /competition/ranking: ordered by score, ties sharing a rank (1, 2, 2, 4), within the filters (a
 * subject, a group). With round_id, the scores of that round. Without, the event's standing: each
 * examinee by the furthest round they were scored in, then by their score there (a finalist above every
 * semi-finalist). A teacher ranks the subjects they grade.
 */
export async function ranking(db: Queryable, actor: Actor, query: RankingQuery): Promise<Ranking[]> {
  const event = await gradedEvent(db, actor, query.competition_id);
  const topicIds = await gradedTopics(db, actor, event.competitionId);
  if (query.round_id) {
    const [round] = await db.select({ id: rounds.roundId }).from(rounds).where(and(eq(rounds.roundId, query.round_id), eq(rounds.competitionId, event.competitionId))).limit(1);
    if (!round) throw invalid({ round_id: 'Vòng thi không thuộc cuộc thi này' });
  }
  const filters = and(
    eq(examinees.competitionId, event.competitionId),
    topicCondition(topicIds),
    query.topic_id ? eq(examinees.topicId, query.topic_id) : undefined,
    query.type_id ? eq(examinees.typeId, query.type_id) : undefined,
    query.round_id ? eq(examineePoints.roundId, query.round_id) : undefined,
  );
  // each examinee's score: in the round asked for, or in the furthest round they were scored in
  const scored = db
    .selectDistinctOn([examinees.examineeId], {
      examineeId: sql<number>`${examinees.examineeId}`.as('examinee_id'),
      candidateNumber: sql<string>`${examinees.candidateNumber}`.as('candidate_number'),
      fullName: sql<string>`${examinees.fullName}`.as('full_name'),
      school: sql<string | null>`${examinees.school}`.as('school'),
      topicName: sql<string | null>`${topics.name}`.as('topic_name'),
      typeName: sql<string | null>`${examineeTypes.name}`.as('type_name'),
      roundId: sql<number>`${rounds.roundId}`.as('round_id'),
      roundName: sql<string>`${rounds.name}`.as('round_name'),
      roundOrder: sql<number>`${rounds.order}`.as('round_order'),
      // numeric: the driver's decimal text (the ranking's order and ties are the database's, exact)
      score: sql<string>`${examineePoints.score}`.as('score'),
    })
    .from(examineePoints)
    .innerJoin(examinees, eq(examinees.examineeId, examineePoints.examineeId))
    .innerJoin(rounds, eq(rounds.roundId, examineePoints.roundId))
    .leftJoin(topics, eq(topics.topicId, examinees.topicId))
    .leftJoin(examineeTypes, eq(examineeTypes.typeId, examinees.typeId))
    .where(filters)
    .orderBy(examinees.examineeId, sql`${rounds.order} desc`)
    .as('scored');
  const rows = await db
    .select({
      rank: sql<number>`cast(rank() over (order by ${scored.roundOrder} desc, ${scored.score} desc) as integer)`,
      examineeId: scored.examineeId,
      candidateNumber: scored.candidateNumber,
      fullName: scored.fullName,
      school: scored.school,
      topicName: scored.topicName,
      typeName: scored.typeName,
      roundId: scored.roundId,
      roundName: scored.roundName,
      score: scored.score,
    })
    .from(scored)
    .orderBy(sql`1`, scored.candidateNumber);
  return rows.map((row) => ({
    rank: Number(row.rank),
    examinee_id: row.examineeId,
    candidate_number: row.candidateNumber,
    full_name: row.fullName,
    school: row.school,
    topic_name: row.topicName,
    type_name: row.typeName,
    round_id: row.roundId,
    round_name: row.roundName,
    score: Number(row.score),
  }));
}

/** The event's name, for the ranking export's file and title (the reach was checked by ranking()). */
export async function eventName(db: Queryable, competitionId: number): Promise<string> {
  const [event] = await db.select({ name: competitions.name }).from(competitions).where(eq(competitions.competitionId, competitionId)).limit(1);
  return event?.name ?? '';
}
