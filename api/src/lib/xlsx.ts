/**
 * xlsx downloads: the route schema of an export and the streaming of its workbook, written in place, for
 * the styled exports of a few thousand rows (reports, competition examinees and rankings). A large plain
 * sheet (the accounts export) is written in a worker thread: lib/sheet/writers.
 */
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { errorResponses } from '@trungtam/shared/schemas/builders';
import { loadExcelJS, type ExcelJS } from './sheet/exceljs';
import { guardFormulaText } from './sheet/formulaText';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The route schema of an xlsx download (its OpenAPI entry and its error answers). */
export const xlsxSchema = <Q extends TSchema>(tag: string, querystring: Q, description: string) => ({
  tags: [tag],
  description,
  querystring,
  produces: [XLSX_TYPE],
  response: { 200: Type.Any({ description: 'xlsx file' }), ...errorResponses },
});

/**
 * Streams the workbook `write` fills; the answer starts at once, and a failure half-way is logged and
 * cuts the download (everything a request can get wrong is checked before calling this).
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, filename: string, write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>) {
  const stream = new PassThrough();
  loadExcelJS()
    .then(async ({ stream: { xlsx } }) => {
      const workbook = new xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
      guardFormulaText(workbook);
      await write(workbook);
      await workbook.commit();
    })
    .catch((error) => {
      request.log.error({ err: error }, 'export failed');
      stream.destroy(error as Error);
    });
  return sendXlsxFile(reply, filename, stream);
}

/** Answers with an xlsx file as a download named `filename`. */
export function sendXlsxFile(reply: FastifyReply, filename: string, file: Readable) {
  return reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', `attachment; filename="${filename}"`).send(file);
}

/** Adds a sheet `name` of `rows` under bold `columns` headers, written and committed row by row. */
export function writeTableSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Array<Partial<ExcelJS.Column>>, rows: Array<Record<string, unknown>>) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
}
