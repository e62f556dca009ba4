/**
 * Scoring and ranking of the competition area: GET /competition/scoring/events and /list, PUT
 * /competition/scoring/update (LearningCompetitionExamineePoint GetAll / Update), POST
 * /competition/round/finalize/{id} (LearningCompetition Update), GET /competition/ranking and its xlsx
 * export (LearningCompetitionExamineePoint GetAll / Export). The rules are in services/competition-scoring.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { FinalizeResult, RankingQuerySchema, RankingRow, ScoreRow, ScoresUpdateBody, ScoringEvent, ScoringList, ScoringListQuery } from '@trungtam/shared/schemas/competition';
import { sendWorkbook, xlsxSchema } from '../lib/xlsx';
import { Data, errorResponses, IdParams } from '@trungtam/shared/schemas/builders';
import { eventName, finalizeRound, ranking, saveScores, scoringEvents, scoringList } from '../services/competition-scoring';
import { actorOf, auditCtx, requirePermission } from '../factory';

/** The ranking export's texts (the tests read the file back by them). */
export const RANKING_EXPORT_TEXTS = {
  sheet: 'Xếp hạng',
  columns: ['Hạng', 'Số báo danh', 'Họ và tên', 'Trường', 'Môn thi', 'Nhóm thí sinh', 'Vòng thi', 'Điểm'],
} as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/competition/scoring/events',
    {
      schema: {
        tags: ['competition'],
        description: 'The events the user grades, each with its rounds in order and the subjects the user grades there (null: every subject, for staff).',
        response: { 200: Data(Type.Object({ rows: Type.Array(ScoringEvent) })), ...errorResponses },
      },
      preHandler: requirePermission('LearningCompetitionExamineePoint', 'GetAll'),
    },
    async (request) => ({ data: { rows: await scoringEvents(db(), actorOf(request)) } }),
  );

  app.get(
    '/competition/scoring/list',
    {
      schema: {
        tags: ['competition'],
        description: "The round and those who sit it (every examinee for the first round; those who passed the round before once it is finalised), of the subjects the user grades, by candidate number, with their score, comment and its status (null: not scored).",
        querystring: ScoringListQuery,
        response: { 200: ScoringList, ...errorResponses },
      },
      preHandler: requirePermission('LearningCompetitionExamineePoint', 'GetAll'),
    },
    async (request) => ({ data: await scoringList(db(), actorOf(request), request.query.round_id) }),
  );

  app.put(
    '/competition/scoring/update',
    {
      schema: {
        tags: ['competition'],
        description: 'Saves scores (0 … the round’s maximum; null removes one) and comments of one round, all or none; a round out of the caller’s reach is answered as a missing one (400 on round_id); 409 once the round is finalised; a teacher only for the subjects assigned to them. Answers the saved rows.',
        body: ScoresUpdateBody,
        response: { 200: Data(Type.Object({ rows: Type.Array(ScoreRow) })), ...errorResponses },
      },
      preHandler: requirePermission('LearningCompetitionExamineePoint', 'Update'),
    },
    async (request) => ({ data: { rows: await saveScores(db(), actorOf(request), request.body, auditCtx(request)) } }),
  );

  app.post(
    '/competition/round/finalize/:id',
    {
      schema: {
        tags: ['competition'],
        description: 'Finalises a round: its scores are locked (409 on any change after) and those at or above its pass score sit the next round. 409 when it is finalised already or the round before it is not.',
        params: IdParams,
        response: { 200: FinalizeResult, ...errorResponses },
      },
      preHandler: requirePermission('LearningCompetition', 'Update'),
    },
    async (request) => ({ data: await finalizeRound(db(), actorOf(request), request.params.id, auditCtx(request)) }),
  );

  app.get(
    '/competition/ranking',
    {
      schema: {
        tags: ['competition'],
        description:
          'The ranking of an event, optionally of one round, one subject, one group: by score, ties sharing a rank (1, 2, 2, 4). Without round_id each examinee stands by the furthest round they were scored in, then by their score there.',
        querystring: RankingQuerySchema,
        response: { 200: Data(Type.Object({ rows: Type.Array(RankingRow) })), ...errorResponses },
      },
      preHandler: requirePermission('LearningCompetitionExamineePoint', 'GetAll'),
    },
    async (request) => ({ data: { rows: await ranking(db(), actorOf(request), request.query) } }),
  );

  app.get(
    '/competition/ranking/export',
    {
      schema: xlsxSchema('competition', RankingQuerySchema, 'The ranking (the same parameters and order) as an xlsx file.'),
      preHandler: requirePermission('LearningCompetitionExamineePoint', 'Export'),
    },
    async (request, reply) => {
      const rows = await ranking(db(), actorOf(request), request.query);
      const name = await eventName(db(), request.query.competition_id);
      return sendWorkbook(request, reply, `${operatorToday()}_ranking-${request.query.competition_id}.xlsx`, async (workbook) => {
        const sheet = workbook.addWorksheet(RANKING_EXPORT_TEXTS.sheet);
        sheet.columns = [{ width: 8 }, { width: 14 }, { width: 28 }, { width: 24 }, { width: 16 }, { width: 22 }, { width: 16 }, { width: 10 }];
        const title = sheet.addRow([name]);
        title.font = { bold: true, size: 14 };
        title.commit();
        const head = sheet.addRow([...RANKING_EXPORT_TEXTS.columns]);
        head.font = { bold: true };
        head.commit();
        for (const row of rows) {
          sheet.addRow([row.rank, row.candidate_number, row.full_name, row.school ?? '', row.topic_name ?? '', row.type_name ?? '', row.round_name, row.score]).commit();
        }
        sheet.commit();
      });
    },
  );
};

export default routes;
