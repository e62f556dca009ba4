/**
 * Bank statement reconciliation (services/bank-statements), behind the BankStatement permission resource:
 * - POST /learning/bank-statement/preview (Create): a multipart form, `bank_key` and one `file`; the
 *   header's columns, the first rows and the bank's column mapping (saved or guessed). Writes nothing;
 * - POST /learning/bank-statement/import (Create): a multipart form, `bank_key`, `center_id`, the three
 *   columns and the `file`; records the lines that name an order, lists the rest;
 * - GET /learning/bank-statement/lines (GetAll): the lines, by status and statement;
 * - POST /learning/bank-statement/line/assign and /ignore (Update): staff decide an unmatched line.
 * Multipart forms are read only here, within the statement's size limit.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { BANK_STATEMENT_LIMITS as L, BANK_STATEMENT_TEXT as T } from '@trungtam/shared/contracts/bankStatements';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import {
  StatementImportFields,
  StatementImportSchema,
  StatementLineAssignBody,
  StatementLineIgnoreBody,
  StatementLineListSchema,
  StatementLineQuery,
  StatementLineSchema,
  StatementPreviewFields,
  StatementPreviewSchema,
} from '@trungtam/shared/schemas/bankStatements';
import { actorOf, auditCtx, requirePermission, validateBody } from '../factory';
import { invalid } from '../lib/errors';
import { fromText } from '../plugins/text-input';
import { assignStatementLine, ignoreStatementLine, importStatement, listStatementLines, previewStatement } from '../services/bank-statements';

interface StatementForm {
  fields: Record<string, unknown>;
  file: Buffer;
  filename: string;
}

/** A multipart form's text fields (each once) and its file: 400 on `file` when the form is not one, has no file or is too large. */
async function readStatementForm(app: FastifyInstance, request: FastifyRequest): Promise<StatementForm> {
  if (!request.isMultipart()) throw invalid({ file: T.fileRequired });
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  let filename = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !file) {
        file = await part.toBuffer();
        filename = part.filename;
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw invalid({ file: T.fileTooLarge });
    // a form cut short or beyond its limits (fields, files)
    throw invalid({ file: T.fileInvalid });
  }
  return { fields, file: file ?? Buffer.alloc(0), filename };
}

/** The form's fields the schema names, read as it asks (center_id a number), and checked by it. */
function formFields<S extends TSchema & { properties: Record<string, TSchema> }>(request: FastifyRequest, schema: S, fields: Record<string, unknown>) {
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (Object.hasOwn(fields, name) && fields[name] !== '') value[name] = fromText(fields[name], property);
  }
  return validateBody(request, schema, value);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: L.fileBytesMax, files: 1, fields: 8, parts: 10, fieldSize: 1024 } });

  app.post(
    '/learning/bank-statement/preview',
    {
      schema: {
        tags: ['bank-statements'],
        description:
          "A bank statement's header and first rows, and the columns to read it with: the bank's saved mapping, else a guess from the usual headers (multipart: bank_key, file; xlsx or csv). Writes nothing.",
        consumes: ['multipart/form-data'],
        response: { 200: Data(StatementPreviewSchema), ...errorResponses },
      },
      preHandler: requirePermission('BankStatement', 'Create'),
    },
    async (request) => {
      const form = await readStatementForm(app, request);
      const fields = formFields(request, StatementPreviewFields, form.fields);
      if (!form.file.length) throw invalid({ file: T.fileRequired });
      return { data: await previewStatement(app.ctx, actorOf(request), fields.bank_key, form.file) };
    },
  );

  app.post(
    '/learning/bank-statement/import',
    {
      schema: {
        tags: ['bank-statements'],
        description:
          "Imports a bank statement (multipart: bank_key, center_id, date_column, amount_column, description_column, file) in one transaction: each new credit line naming one order in reach that owes at least its amount is recorded as that order's payment; the rest are listed for staff. A line already imported is not recorded again. The bank's columns are remembered.",
        consumes: ['multipart/form-data'],
        response: { 200: Data(StatementImportSchema), ...errorResponses },
      },
      preHandler: requirePermission('BankStatement', 'Create'),
    },
    async (request) => {
      const form = await readStatementForm(app, request);
      const fields = formFields(request, StatementImportFields, form.fields);
      if (!form.file.length) throw invalid({ file: T.fileRequired });
      return { data: await importStatement(app.ctx, actorOf(request), fields, { file: form.file, filename: form.filename }, auditCtx(request)) };
    },
  );

  app.get(
    '/learning/bank-statement/lines',
    {
      schema: {
        tags: ['bank-statements'],
        description: "The statements' lines in reach, by status and statement: the newest statement first, each in its file's order, with the order and payment of a line recorded.",
        querystring: StatementLineQuery,
        response: { 200: Data(StatementLineListSchema), ...errorResponses },
      },
      preHandler: requirePermission('BankStatement', 'GetAll'),
    },
    async (request) => ({ data: await listStatementLines(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/learning/bank-statement/line/assign',
    {
      schema: {
        tags: ['bank-statements'],
        description: "Records a line's amount as a payment of the order staff chose (order_id, or its transfer reference), with a payment's checks; 409 for a line already recorded.",
        body: StatementLineAssignBody,
        response: { 200: Data(StatementLineSchema), ...errorResponses },
      },
      preHandler: requirePermission('BankStatement', 'Update'),
    },
    async (request) => ({ data: await assignStatementLine(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.post(
    '/learning/bank-statement/line/ignore',
    {
      schema: {
        tags: ['bank-statements'],
        description: 'Marks a line as no order\'s payment, with the reason (kept in the audit log); 409 for a line already recorded.',
        body: StatementLineIgnoreBody,
        response: { 200: Data(StatementLineSchema), ...errorResponses },
      },
      preHandler: requirePermission('BankStatement', 'Update'),
    },
    async (request) => ({ data: await ignoreStatementLine(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );
};

export default routes;
