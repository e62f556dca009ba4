/**
 * Importing teachers or students from xlsx (services/account-import.ts), for staff with User Create and
 * User Update (an import both makes and changes accounts):
 * - GET /user/import/template?type=teacher|student: the file to fill in (the header row; a sample row on a second sheet);
 * - POST /user/import/check: a multipart form, `type`, `center_id` (an administrator's choice; a giáo vụ's
 *   own centre otherwise) and one xlsx `file`: every row's result and the `plan`; writes nothing;
 * - POST /user/import/commit: the same form with the dry run's `plan`: writes the accepted rows in one
 *   transaction, or answers 409 IMPORT_CHANGED with the new results when they are no longer the plan's.
 * Multipart forms are read only here, within the import's size limit.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  ACCOUNT_IMPORT_LIMITS as L,
  ACCOUNT_IMPORT_TEXT as T,
  ACCOUNT_IMPORT_TYPES,
  ACCOUNT_SHEET_COLUMNS as C,
  ACCOUNT_SHEET_LAYOUT,
  AccountImportChanged,
  AccountImportCheckResult,
  AccountImportCommitResult,
} from '@trungtam/shared/schemas/accountImport';
import { ErrorBody, errorResponses, IdFilter, msgs, Text } from '@trungtam/shared/schemas/builders';
import { invalid } from '../lib/errors';
import { fromText } from '../plugins/text-input';
import { sendWorkbook, xlsxSchema } from '../lib/xlsx';
import { checkAccountImport, commitAccountImport, importScope, type SchemaCheck } from '../services/account-import';
import { actorOf, auditCtx, fieldsFromValidation, requirePermission, validateBody } from '../factory';

const ImportType = Type.Enum([...ACCOUNT_IMPORT_TYPES], msgs({ required: T.typeRequired, default: T.typeRequired }));
const TemplateQuery = Type.Object({ type: ImportType });
const CheckFields = Type.Object({ type: ImportType, center_id: Type.Optional(IdFilter('center_id không hợp lệ')) });
const CommitFields = Type.Object({
  ...CheckFields.properties,
  plan: Text(64, { minLength: 64, messages: { required: T.planRequired, default: T.planRequired } }),
});

/** A multipart form's text fields (each once) and its file: 400 on `file` when the form is not one, has no file or is too large. */
async function readForm(app: FastifyInstance, request: FastifyRequest): Promise<{ fields: Record<string, unknown>; file: Buffer }> {
  if (!request.isMultipart()) throw invalid({ file: T.fileRequired });
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!Object.hasOwn(fields, part.fieldname)) fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !file) {
        file = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw invalid({ file: T.fileTooLarge });
    // a form cut short or beyond its limits (fields, files)
    throw invalid({ file: T.fileInvalid });
  }
  if (!file?.length) throw invalid({ file: T.fileRequired });
  return { fields, file };
}

/** The form's fields the schema names, read as it asks (center_id a number), and checked by it. */
function formFields<S extends TSchema & { properties: Record<string, TSchema> }>(request: FastifyRequest, schema: S, fields: Record<string, unknown>) {
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (Object.hasOwn(fields, name) && fields[name] !== '') value[name] = fromText(fields[name], property);
  }
  return validateBody(request, schema, value);
}

/** The rows' check with the API's own validator and messages (the account form's schemas). */
const schemaCheck =
  (request: FastifyRequest): SchemaCheck =>
  (schema, value) => {
    const validate = request.compileValidationSchema(schema as Record<string, unknown>, 'body');
    return validate(value) ? {} : fieldsFromValidation((validate.errors ?? []) as never, 'body');
  };

/** The template's second sheet: a filled-in example (the import reads the first sheet only). */
export const TEMPLATE_SAMPLE_SHEET = 'Ví dụ';

/** The template's sample row, in the layout's columns (a made-up person). */
const SAMPLE: Record<keyof typeof C, string> = {
  name: 'Nguyễn Văn A',
  email: 'nguyenvana@example.com',
  phone: '0912345678',
  birthDate: '15/08/2010',
  address: 'Hà Nội',
  bankingName: 'Vietcombank',
  bankingNumber: '0123456789',
  certificate: 'Cử nhân Sư phạm',
  about: '',
  source: 'Facebook',
  guardianName: 'Nguyễn Văn B',
  guardianPhone: '0987654321',
  guardianEmail: 'phuhuynh@example.com',
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.ctx.database.db;
  const gates = [requirePermission('User', 'Create'), requirePermission('User', 'Update')];

  await app.register(multipart, { limits: { fileSize: L.bytesMax, files: 1, fields: 6, parts: 8, fieldSize: 1024 } });

  app.get(
    '/user/import/template',
    {
      schema: xlsxSchema('users', TemplateQuery, "The account import's xlsx template for teachers or students: the header row, and a sample row on a second sheet that the import does not read."),
      preHandler: gates,
    },
    async (request, reply) => {
      const columns = ACCOUNT_SHEET_LAYOUT[request.query.type];
      return sendWorkbook(request, reply, `${request.query.type === 'student' ? 'hoc-vien' : 'giao-vien'}-mau-nhap.xlsx`, async (workbook) => {
        const sheet = workbook.addWorksheet(request.query.type === 'student' ? 'Học viên' : 'Giáo viên');
        // text columns: a date typed DD/MM/YYYY and a phone's leading 0 stay as typed
        sheet.columns = columns.map((column) => ({ header: C[column], key: column, width: Math.max(16, C[column].length + 6), style: { numFmt: '@' } }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        sheet.commit();
        // the sample on a sheet of its own: the import reads the first sheet only, so a sample left in is never imported
        const sample = workbook.addWorksheet(TEMPLATE_SAMPLE_SHEET);
        sample.columns = sheet.columns.map((column) => ({ header: C[column.key as keyof typeof C], key: column.key, width: column.width, style: { numFmt: '@' } }));
        sample.getRow(1).font = { bold: true };
        sample.getRow(1).commit();
        sample.addRow(Object.fromEntries(columns.map((column) => [column, SAMPLE[column]]))).commit();
        sample.commit();
      });
    },
  );

  app.post(
    '/user/import/check',
    {
      schema: {
        tags: ['users'],
        description:
          'The dry run of an account import (multipart: type, center_id, file): each row created, updated (matched by e-mail or phone), refused with its reasons, or a duplicate of an earlier row; and the plan the commit sends back. Writes nothing.',
        consumes: ['multipart/form-data'],
        response: { ...errorResponses, 200: AccountImportCheckResult },
      },
      preHandler: gates,
    },
    async (request) => {
      const { fields, file } = await readForm(app, request);
      const form = formFields(request, CheckFields, fields);
      const actor = actorOf(request);
      const scope = await importScope(db(), actor, form.type, form.center_id);
      return { data: await checkAccountImport(db(), actor, scope, file, schemaCheck(request)) };
    },
  );

  app.post(
    '/user/import/commit',
    {
      schema: {
        tags: ['users'],
        description:
          "Commits an account import (multipart: type, center_id, plan, file): the file is checked again and, when its results are still the dry run's plan, its accepted rows are written in one transaction; a 409 IMPORT_CHANGED answers the new results otherwise, and nothing is written.",
        consumes: ['multipart/form-data'],
        response: { ...errorResponses, 200: AccountImportCommitResult, 409: Type.Union([AccountImportChanged, ErrorBody]) },
      },
      preHandler: gates,
    },
    async (request, reply) => {
      const { fields, file } = await readForm(app, request);
      const form = formFields(request, CommitFields, fields);
      const actor = actorOf(request);
      const scope = await importScope(db(), actor, form.type, form.center_id);
      const outcome = await commitAccountImport(db(), actor, scope, file, form.plan, schemaCheck(request), auditCtx(request));
      if ('changed' in outcome) return reply.status(409).send({ error: { code: 'IMPORT_CHANGED', message: T.changed, report: outcome.changed } });
      return { data: { ...outcome, message: T.committed(outcome.created, outcome.updated) } };
    },
  );
};

export default routes;
