import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import type { Static, TSchema } from 'typebox';
import { invalid } from '../lib/errors';
import { fieldsFromValidation } from '../plugins/errors';
import type { AuditContext } from '../services/audit';

/** Who did it and from where, for the audit log. */
export function auditCtx(request: FastifyRequest): AuditContext {
  return { actorId: request.user?.id ?? null, ip: request.ip ?? null };
}

/** Validates a body against a schema chosen at run time (same validator, same messages as route schemas). */
export function validateBody<T extends TSchema>(request: FastifyRequest, schema: T, value: unknown): Static<T> {
  const check = request.compileValidationSchema(schema as Record<string, unknown>, 'body');
  if (!check(value)) {
    throw invalid(fieldsFromValidation((check.errors ?? []) as never, 'body'));
  }
  return value as Static<T>;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams the workbook `write` fills as the download `filename`; the answer starts at once, and a failure
 * half-way is logged and cuts the download (everything a request can get wrong was checked before).
 */
export function sendWorkbook(request: FastifyRequest, reply: FastifyReply, filename: string, write: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>) {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  write(workbook)
    .then(() => workbook.commit())
    .catch((error) => {
      request.log.error({ err: error }, 'export failed');
      stream.destroy(error as Error);
    });
  return reply.header('Content-Type', XLSX_TYPE).header('Content-Disposition', `attachment; filename="${filename}"`).send(stream);
}
