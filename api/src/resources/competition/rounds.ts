/**
 * Rounds of a competition event (LearningCompetition): the resource factory's five routes under
 * /competition/round/…, listed by event then order. A round is in reach when its event is
 * (competitionReach), and written by whoever manages its event. Within an event the order is unique;
 * the pass score is at most the maximum, which cannot drop below a score already given. Scores go by the
 * round's step (default 0.25), of which the maximum is a multiple; a step that a score already given does
 * not fit is refused. Pass scores and steps are exact decimals of at most two places. A round stays in
 * its event, and once finalised (its scores locked, the passing examinees gone on) it is neither changed
 * nor deleted; nor is one that holds scores deleted.
 */
import { and, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import { COMPETITION_LIMITS as L, COMPETITION_TEXT as T, toHundredths } from '@trungtam/shared/contracts/competition';
import { RoundListFilters, RoundRecord, RoundWriteProps } from '@trungtam/shared/schemas/competition';
import { competitionReach } from '../../access/access';
import type { Queryable } from '../../db/client';
import { competitions, examineePoints, rounds } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { assertUnused, crudPaths, listFilter, declareResource, sent } from '../../factory';
import { eventFor, eventToWrite, roundRecord } from '../../services/competitions';

type RoundRow = typeof rounds.$inferSelect;

/** The names of the rounds' events, in one query. */
async function eventNames(db: Queryable, rows: RoundRow[]): Promise<string[]> {
  const ids = [...new Set(rows.map((row) => row.competitionId))];
  const events = await db.select({ id: competitions.competitionId, name: competitions.name }).from(competitions).where(inArray(competitions.competitionId, ids));
  const names = new Map(events.map((event) => [event.id, event.name]));
  return rows.map((row) => names.get(row.competitionId) ?? '');
}

export default declareResource({
  name: 'Round',
  tag: 'competition',
  paths: crudPaths('/competition/round'),
  permission: 'LearningCompetition',
  reach: (actor) => competitionReach(actor, rounds.competitionId),
  table: rounds,
  primaryKey: rounds.roundId,
  idField: 'round_id',
  schemas: { record: RoundRecord, write: RoundWriteProps },
  sort: {
    columns: {
      round_id: rounds.roundId,
      id: rounds.roundId,
      competition_id: rounds.competitionId,
      order: rounds.order,
      name: rounds.name,
      date: rounds.date,
      max_score: rounds.maxScore,
      pass_score: rounds.passScore,
      score_step: rounds.scoreStep,
      created_at: rounds.createdAt,
    },
    default: 'competition_id',
    then: [rounds.order],
  },
  search: [rounds.name],
  filters: {
    competition_id: listFilter(RoundListFilters.competition_id, (competitionId) => (competitionId ? eq(rounds.competitionId, competitionId) : undefined)),
  },
  updatedAt: rounds.updatedAt,
  loadRelated: eventNames,
  toRecord: roundRecord,
  toValues: (body) => ({
    competitionId: body.competition_id,
    name: body.name.trim(),
    order: body.order,
    date: body.date ?? null,
    maxScore: body.max_score,
    passScore: body.pass_score,
    // left out: the column's default (0.25) on create, the round's own on update
    ...sent({ scoreStep: body.score_step }),
  }),
  async beforeWrite(db, actor, body, existing) {
    if (existing && body.competition_id !== existing.competitionId) throw invalid({ competition_id: T.roundMoved });
    await eventToWrite(db, actor, body.competition_id);
    if (existing?.finalizedAt) throw conflict(T.roundFinalized);

    const fields: Record<string, string> = {};
    if (body.date && !isIsoDate(body.date)) fields.date = T.roundDate;
    if (body.pass_score > body.max_score) fields.pass_score = T.passScore;
    else if (toHundredths(body.pass_score) === null) fields.pass_score = T.passScoreDecimals;
    // left out: unchanged on update, the default on create
    const step = toHundredths(body.score_step ?? existing?.scoreStep ?? L.scoreStepDefault);
    if (step === null || step > body.max_score * 100) fields.score_step = T.scoreStepField;
    else if ((body.max_score * 100) % step !== 0) fields.max_score = T.maxNotMultipleOfStep;
    if (Object.keys(fields).length) throw invalid(fields);

    const [sameOrder] = await db
      .select({ n: count() })
      .from(rounds)
      .where(and(eq(rounds.competitionId, body.competition_id), eq(rounds.order, body.order), existing ? ne(rounds.roundId, existing.roundId) : undefined));
    if (Number(sameOrder?.n ?? 0) > 0) throw conflict(T.roundOrderTaken, { order: T.roundOrderTaken });
    if (existing && body.max_score < existing.maxScore) {
      const [highest] = await db.select({ score: max(examineePoints.score) }).from(examineePoints).where(eq(examineePoints.roundId, existing.roundId));
      if (highest?.score !== null && highest?.score !== undefined && Number(highest.score) > body.max_score) throw conflict(T.maxBelowScores, { max_score: T.maxBelowScores });
    }
    if (existing && step !== null && step !== toHundredths(existing.scoreStep)) {
      // in hundredths, so the remainder is exact
      const [offStep] = await db
        .select({ n: count() })
        .from(examineePoints)
        .where(and(eq(examineePoints.roundId, existing.roundId), sql`mod(${examineePoints.score} * 100, ${step}) <> 0`));
      if (Number(offStep?.n ?? 0) > 0) throw conflict(T.stepBreaksScores, { score_step: T.stepBreaksScores });
    }
  },
  async beforeDelete(db, actor, round) {
    await eventFor(db, actor, round.competitionId, 'update');
    if (round.finalizedAt) throw conflict(T.roundFinalized);
    // its scores would go with it
    await assertUnused(db, 'Vòng thi', [{ table: examineePoints, where: eq(examineePoints.roundId, round.roundId), what: 'điểm thi' }]);
  },
  messages: { duplicate: T.roundOrderTaken, inUse: 'Vòng thi đang được sử dụng: không thể xoá' },
});
