/**
 * The competition area's management (LearningCompetition): events, subjects, examinee groups, rounds and
 * examinees (each the resource factory's five routes), and the examinees' sheets:
 * - POST /competition/examinee/import (Create): a multipart form, `competition_id` and one xlsx `file`;
 *   all rows or none (a refused import answers every refused row with its reasons);
 * - GET /competition/examinee/template (Create): the import's header row, and the subjects and groups;
 * - GET /competition/examinee/export (Export): an event's examinees the filters select, by candidate
 *   number, in the template's columns after the candidate number.
 * Multipart forms are read only here, within the import's size limit.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type ExcelJS from 'exceljs';
import { Type } from 'typebox';
import { COMPETITION_LIMITS as L, COMPETITION_TEXT as T, EXAMINEE_SHEET_COLUMNS as C } from '@trungtam/shared/contracts/competition';
import { formatDate } from '@trungtam/shared/format';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { ExamineeExportQuery, ExamineeImportRefusal, ExamineeImportResult, ExamineeWriteProps } from '@trungtam/shared/schemas/competition';
import { invalid } from '../lib/errors';
import { fromText } from '../plugins/text-input';
import examineeRoutes from '../resources/competition/examinees';
import eventRoutes from '../resources/competition/events';
import roundRoutes from '../resources/competition/rounds';
import { examineeTypeRoutes, topicRoutes } from '../resources/competition/catalogue';
import { ErrorBody, errorResponses } from '@trungtam/shared/schemas/builders';
import { importExaminees } from '../services/examinee-import';
import { examineeExport, sheetChoices } from '../services/examinees';
import { sendWorkbook, XLSX_TYPE } from '../lib/xlsx';
import { actorOf, auditCtx, requirePermission, validateBody } from '../factory';

/** The sheets' own titles (the tests read the files back by them). */
export const EXAMINEE_SHEET_TEXTS = {
  examineesSheet: 'Thí sinh',
  choicesSheet: 'Danh mục',
  candidateNumber: 'Số báo danh',
} as const;

/** The template's columns, the export's after the candidate number; the birth date column holds text, so that DD/MM/YYYY stays as typed. */
const sheetColumns = (): Array<Partial<ExcelJS.Column>> => [
  { header: C.fullName, key: 'fullName', width: 28 },
  { header: C.birthDate, key: 'birthDate', width: 22, style: { numFmt: '@' } },
  { header: C.studentEmail, key: 'studentEmail', width: 30 },
  { header: C.school, key: 'school', width: 28 },
  { header: C.contact, key: 'contact', width: 20 },
  { header: C.topic, key: 'topic', width: 20 },
  { header: C.type, key: 'type', width: 24 },
];

const xlsxResponse = { 200: Type.Any({ description: 'xlsx file' }), ...errorResponses };

const ImportFields = Type.Object({ competition_id: ExamineeWriteProps.competition_id });

/** The import form's event and file: 400 when the form is not one, on competition_id or on file. */
async function readImportForm(app: FastifyInstance, request: FastifyRequest): Promise<{ competitionId: number; file: Buffer }> {
  if (!request.isMultipart()) throw invalid({ file: T.importFileRequired });
  let competitionId: unknown;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'competition_id') competitionId = part.value;
      } else if (part.fieldname === 'file' && !file) {
        file = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw invalid({ file: T.importTooLarge });
    // a form cut short or beyond its limits (fields, files)
    throw invalid({ file: T.importFileInvalid });
  }
  const fields = validateBody(request, ImportFields, { competition_id: fromText(competitionId, ImportFields.properties.competition_id) });
  if (!file?.length) throw invalid({ file: T.importFileRequired });
  return { competitionId: fields.competition_id, file };
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.ctx.database.db;

  await app.register(multipart, { limits: { fileSize: L.importBytesMax, files: 1, fields: 4, parts: 6, fieldSize: 1024 } });
  await app.register(eventRoutes);
  await app.register(topicRoutes);
  await app.register(examineeTypeRoutes);
  await app.register(roundRoutes);
  await app.register(examineeRoutes);

  app.post(
    '/competition/examinee/import',
    {
      schema: {
        tags: ['competition'],
        description:
          'Imports examinees into an event from an xlsx file (multipart: competition_id, file), all or nothing: a 400 IMPORT_REFUSED lists every refused row (1-based sheet row) with its reasons, and nothing is written.',
        consumes: ['multipart/form-data'],
        response: { ...errorResponses, 200: ExamineeImportResult, 400: Type.Union([ExamineeImportRefusal, ErrorBody]) },
      },
      preHandler: requirePermission('LearningCompetition', 'Create'),
    },
    async (request, reply) => {
      const { competitionId, file } = await readImportForm(app, request);
      const outcome = await importExaminees(db(), actorOf(request), competitionId, file, auditCtx(request));
      if ('refused' in outcome) {
        return reply.status(400).send({ error: { code: 'IMPORT_REFUSED', message: T.importRefused(outcome.refused.length), rows: outcome.refused } });
      }
      return { data: { imported: outcome.imported, message: T.importDone(outcome.imported) } };
    },
  );

  app.get(
    '/competition/examinee/template',
    {
      schema: {
        tags: ['competition'],
        description: "The import's xlsx template: its header row, and a second sheet listing the subjects and the examinee groups.",
        produces: [XLSX_TYPE],
        response: xlsxResponse,
      },
      preHandler: requirePermission('LearningCompetition', 'Create'),
    },
    async (request, reply) => {
      const S = EXAMINEE_SHEET_TEXTS;
      const choices = await sheetChoices(db());
      return sendWorkbook(request, reply, 'examinees-template.xlsx', async (workbook) => {
        const sheet = workbook.addWorksheet(S.examineesSheet);
        sheet.columns = sheetColumns();
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        sheet.commit();
        const lists = workbook.addWorksheet(S.choicesSheet);
        lists.columns = [
          { header: C.topic, key: 'topic', width: 30 },
          { header: C.type, key: 'type', width: 30 },
        ];
        lists.getRow(1).font = { bold: true };
        lists.getRow(1).commit();
        for (let n = 0; n < Math.max(choices.topics.length, choices.types.length); n += 1) {
          lists.addRow({ topic: choices.topics[n] ?? '', type: choices.types[n] ?? '' }).commit();
        }
        lists.commit();
      });
    },
  );

  app.get(
    '/competition/examinee/export',
    {
      schema: {
        tags: ['competition'],
        description: "An event's examinees as an xlsx file, by candidate number, filtered as the list is (subject, group, search).",
        querystring: ExamineeExportQuery,
        produces: [XLSX_TYPE],
        response: xlsxResponse,
      },
      preHandler: requirePermission('LearningCompetition', 'Export'),
    },
    async (request, reply) => {
      const { event, batches } = await examineeExport(db(), actorOf(request), request.query);
      return sendWorkbook(request, reply, `${operatorToday()}_competition-${event.competitionId}_examinees.xlsx`, async (workbook) => {
        const sheet = workbook.addWorksheet(EXAMINEE_SHEET_TEXTS.examineesSheet);
        sheet.columns = [{ header: EXAMINEE_SHEET_TEXTS.candidateNumber, key: 'candidateNumber', width: 14 }, ...sheetColumns()];
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        for await (const batch of batches) {
          for (const examinee of batch) {
            sheet
              .addRow({
                candidateNumber: examinee.candidate_number,
                fullName: examinee.full_name,
                birthDate: examinee.birth_date ? formatDate(examinee.birth_date) : '',
                studentEmail: examinee.user_email ?? '',
                school: examinee.school ?? '',
                contact: examinee.contact ?? '',
                topic: examinee.topic_name ?? '',
                type: examinee.type_name ?? '',
              })
              .commit();
          }
        }
        sheet.commit();
      });
    },
  );
};

export default routes;
