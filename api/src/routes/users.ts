/** /user/*: accounts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_STATUS_LABELS, studentSourceLabel, USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { ACCOUNT_STATUS, type UserType } from '@trungtam/shared/contracts';
import { BulkResultBody, Data, errorResponses, IdParams, ListOf, ResultBody } from '@trungtam/shared/schemas/builders';
import { UserListQuery } from '../schemas/users';
import { UserRecord as UserSchema } from '@trungtam/shared/schemas/records';
import { ApproveAccountBody, ChangePasswordBody, RejectAccountBody, UpdatePasswordBody, UserUpdateBody } from '@trungtam/shared/schemas/users';
import { approvePending, rejectPending } from '../services/self-signup';
import { revisionsOf } from '../plugins/auth';
import { changeOwnPassword } from '../services/auth';
import {
  centerNames,
  deleteUser,
  endAllSessions,
  exportUserBatches,
  type ExportRow,
  setUserPassword,
  showUser,
  updateUser,
  USER_RELATIONSHIPS,
  USER_SORT_COLUMNS,
  userListAnswer,
} from '../services/users';
import { relationships, sortBy } from '../lib/list';
import { userFilters } from '../services/users';
import { sendKeptAnswer } from '../lib/compression';
import { exportDateTime } from '../lib/operator-clock';
import { sendSheet, type SheetCell } from '../lib/sheet/writers';
import { xlsxSchema } from '../lib/xlsx';
import { actorOf, auditCtx, requirePermission } from '../factory';
import { AccountBulkBody, AccountMessageBody, enrollStudents, messageAccounts, setAccountsStatus, StudentEnrollBody } from '../services/account-bulk';

const AuthBody = Type.Object({ accessToken: Type.String(), expiresIn: Type.Integer() });
const PasswordResult = Data(Type.Object({ result: Type.Boolean(), auth: Type.Optional(AuthBody) }));

/** The export shows dates as the screen does: DD/MM/YYYY kk:mm:ss on the operator's clock. */
const fmt = exportDateTime;
/**
 * A missing value (null) or a blank text is written as an empty cell rather than a cell holding '': the
 * same in the spreadsheet, and a sheet whose rows leave a quarter of their columns blank is written
 * about a fifth faster.
 */
const blankAsEmpty = (cell: SheetCell): SheetCell => (cell === '' ? null : cell);

/** The export's columns, in order: title, width, and the cell of one account. */
const EXPORT_COLUMNS: Array<{ header: string; width: number; cell: (account: ExportRow, centres: Map<number, string>) => SheetCell }> = [
  { header: 'ID', width: 8, cell: (u) => u.id },
  { header: 'Tên tài khoản', width: 28, cell: (u) => u.name },
  { header: 'Email', width: 30, cell: (u) => u.email },
  { header: 'Số điện thoại', width: 16, cell: (u) => u.phone_number },
  { header: 'Trạng thái', width: 12, cell: (u) => ACCOUNT_STATUS_LABELS[u.status] ?? String(u.status) },
  { header: 'Loại tài khoản', width: 16, cell: (u) => USER_TYPE_LABELS[u.type as UserType] ?? u.type },
  { header: 'Trung tâm', width: 20, cell: (u, centres) => (u.center_id ? (centres.get(u.center_id) ?? '') : '') },
  { header: 'Nguồn', width: 12, cell: (u) => studentSourceLabel(u.source) },
  { header: 'Người đại diện', width: 24, cell: (u) => u.reference_name },
  { header: 'SĐT người đại diện', width: 18, cell: (u) => u.reference_phone },
  { header: 'Email người đại diện', width: 28, cell: (u) => u.reference_email },
  {
    header: 'Ngày sinh',
    width: 12,
    cell: (u) => (u.birth_year ? [u.birth_day, u.birth_month, u.birth_year].filter(Boolean).map((n) => String(n).padStart(2, '0')).join('/') : ''),
  },
  { header: 'Địa chỉ', width: 30, cell: (u) => u.address },
  { header: 'Ngân hàng', width: 20, cell: (u) => u.banking_name },
  { header: 'Số tài khoản', width: 18, cell: (u) => u.banking_number },
  { header: 'Đăng nhập lần cuối', width: 20, cell: (u) => fmt(u.last_time_login === null ? null : new Date(u.last_time_login)) },
  { header: 'Ngày tạo', width: 20, cell: (u) => fmt(new Date(u.created_at)) },
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/get-by-token',
    // an account waiting for approval reads itself (the shell shows it the waiting page)
    { schema: { tags: ['users'], response: { 200: Data(UserSchema), ...errorResponses } }, config: { pendingAllowed: true } },
    async (request) => {
      const { sessionId: _sid, ...user } = actorOf(request);
      return { data: user };
    },
  );

  app.get(
    '/user/list',
    {
      schema: { tags: ['users'], querystring: UserListQuery, response: { 200: ListOf(UserSchema), ...errorResponses } },
      preHandler: requirePermission('User', 'GetAll'),
    },
    async (request, reply) => {
      const answer = await userListAnswer(app.ctx, actorOf(request), request.query, revisionsOf(request));
      // the schema's shape, already serialised (the type provider only knows objects)
      return sendKeptAnswer(request, reply, answer);
    },
  );

  app.get(
    '/user/show/:id',
    {
      schema: { tags: ['users'], params: IdParams, response: { 200: Data(UserSchema), ...errorResponses } },
      preHandler: requirePermission('User', 'GetOne'),
    },
    async (request) => ({ data: await showUser(app.ctx, actorOf(request), request.params.id) }),
  );

  app.put(
    '/user/update',
    {
      schema: { tags: ['users'], body: UserUpdateBody, response: { 200: Data(UserSchema), ...errorResponses } },
      preHandler: requirePermission('User', 'Update'),
    },
    async (request) => ({ data: await updateUser(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/user/delete/:id',
    {
      schema: { tags: ['users'], params: IdParams, response: { 200: ResultBody, ...errorResponses } },
      preHandler: requirePermission('User', 'Delete'),
    },
    async (request) => {
      await deleteUser(app.ctx, actorOf(request), request.params.id, auditCtx(request));
      return { data: { result: true } };
    },
  );

  app.post(
    '/user/approve',
    {
      schema: {
        tags: ['users'],
        description: 'A self-registered account waiting for approval becomes active in the centre (a giáo vụ of a centre: their own) and, with class_id, is enrolled in that class of the centre.',
        body: ApproveAccountBody,
        response: { 200: Data(UserSchema), ...errorResponses },
      },
      preHandler: requirePermission('User', 'Update'),
    },
    async (request) => ({ data: await approvePending(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.post(
    '/user/reject',
    {
      schema: {
        tags: ['users'],
        description: 'A self-registered account waiting for approval is refused: deleted, its sessions ended.',
        body: RejectAccountBody,
        response: { 200: ResultBody, ...errorResponses },
      },
      preHandler: requirePermission('User', 'Delete'),
    },
    async (request) => {
      await rejectPending(app.ctx, actorOf(request), request.body.user_id, auditCtx(request));
      return { data: { result: true } };
    },
  );

  app.post(
    '/user/end-sessions/:id',
    {
      schema: {
        tags: ['users'],
        description: "Ends every session of the account at once and for good (its tokens are refused from the next request).",
        params: IdParams,
        response: { 200: Data(Type.Object({ result: Type.Boolean(), sessions: Type.Integer() })), ...errorResponses },
      },
      preHandler: requirePermission('User', 'Update'),
    },
    async (request) => ({ data: await endAllSessions(app.ctx, actorOf(request), request.params.id, auditCtx(request)) }),
  );

  app.put(
    '/user/update-password',
    {
      schema: { tags: ['users'], body: UpdatePasswordBody, response: { 200: PasswordResult, ...errorResponses } },
      preHandler: requirePermission('User', 'Update'),
    },
    async (request) => ({
      data: await setUserPassword(app.ctx, actorOf(request), request.body.id, request.body.password, auditCtx(request)),
    }),
  );

  app.post(
    '/user/change-password',
    { schema: { tags: ['users'], body: ChangePasswordBody, response: { 200: PasswordResult, ...errorResponses } } },
    async (request) => ({ data: await changeOwnPassword(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  // Bulk actions of the account lists: the ids chosen or the list's filter; per row, the single route's checks.
  const bulk = <B extends typeof AccountBulkBody | typeof AccountMessageBody | typeof StudentEnrollBody>(description: string, body: B) => ({
    tags: ['users'],
    description,
    body,
    response: { 200: BulkResultBody, ...errorResponses },
  });
  app.post(
    '/user/bulk-lock',
    { schema: bulk('Locks each account chosen (its sessions end), as its edit would.', AccountBulkBody), preHandler: requirePermission('User', 'Update') },
    async (request) => ({ data: await setAccountsStatus(app.ctx, actorOf(request), request.body, ACCOUNT_STATUS.LOCKED, auditCtx(request)) }),
  );
  app.post(
    '/user/bulk-unlock',
    { schema: bulk('Unlocks each account chosen, as its edit would.', AccountBulkBody), preHandler: requirePermission('User', 'Update') },
    async (request) => ({ data: await setAccountsStatus(app.ctx, actorOf(request), request.body, ACCOUNT_STATUS.ACTIVE, auditCtx(request)) }),
  );
  app.post(
    '/user/bulk-message',
    {
      schema: bulk('Sends a message (title and text) to each account chosen that the caller may write to.', AccountMessageBody),
      preHandler: requirePermission('NotificationSetting', 'Create'),
    },
    async (request) => ({ data: await messageAccounts(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );
  app.post(
    '/user/bulk-enroll',
    {
      schema: bulk('Enrols each student chosen into the class, as the single enrolment does.', StudentEnrollBody),
      preHandler: requirePermission('LearningClassEnrollments', 'Create'),
    },
    async (request) => ({ data: await enrollStudents(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.get(
    '/user/export',
    {
      schema: xlsxSchema('users', UserListQuery, 'The accounts the list shows with these filters, newest first, as one sheet.'),
      preHandler: requirePermission('User', 'Export'),
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const query = request.query;
      // Every parameter is checked before the first byte is sent: the schema (types, ranges, NUL), then
      // the whitelists and the created_at range, then the database itself: the first batch is read here,
      // so a filter it refuses is an error answer rather than a download cut off half-way.
      relationships(query.relationships, USER_RELATIONSHIPS);
      sortBy(query, USER_SORT_COLUMNS, 'id');
      userFilters(actor, query);
      const batches = exportUserBatches(app.ctx, actor, query)[Symbol.asyncIterator]();
      const first = await batches.next();
      const centres = await centerNames(app.ctx);
      const students = query.type === 'student';
      async function* rows() {
        for (let batch = first; !batch.done; batch = await batches.next()) {
          yield batch.value.map((account) => EXPORT_COLUMNS.map((column) => blankAsEmpty(column.cell(account, centres))));
        }
      }
      return sendSheet(request, reply, {
        filename: `${operatorToday()}_${students ? 'students' : 'users'}-file.xlsx`,
        sheet: { name: students ? 'Học viên' : 'Tài khoản', columns: EXPORT_COLUMNS },
        rows: rows(),
        workers: app.ctx.sheetWorkers,
      });
    },
  );
};

export default routes;
