/** /user/*: accounts. */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import ExcelJS from 'exceljs';
import { ACCOUNT_STATUS_LABELS, studentSourceLabel, USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { operatorToday } from '@trungtam/shared/operatorDate';
import type { UserType } from '@trungtam/shared/contracts';
import { Data, errorResponses, IdParams, ListOf, ResultBody } from '../schemas/common';
import { ChangePasswordBody, UpdatePasswordBody, UserListQuery, UserSchema, UserUpdateBody } from '../schemas/users';
import { actorOf, requirePermission, revisionsOf } from '../plugins/auth';
import { changeOwnPassword } from '../services/auth';
import {
  centerNames,
  deleteUser,
  endAllSessions,
  exportUserBatches,
  setUserPassword,
  showUser,
  updateUser,
  USER_RELATIONSHIPS,
  USER_SORT_COLUMNS,
  userListAnswer,
} from '../services/users';
import { relationships, sortBy } from '../lib/list';
import { userFilters } from '../services/users';
import { auditCtx } from './helpers';
import { sendKeptAnswer } from '../lib/compression';
import { exportDateTime } from '../lib/operator-clock';

const AuthBody = Type.Object({ accessToken: Type.String(), expiresIn: Type.Integer() });
const PasswordResult = Data(Type.Object({ result: Type.Boolean(), auth: Type.Optional(AuthBody) }));

/** The export shows dates as the screen does: DD/MM/YYYY kk:mm:ss on the operator's clock. */
const fmt = exportDateTime;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/get-by-token',
    { schema: { tags: ['users'], response: { 200: Data(UserSchema), ...errorResponses } } },
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

  app.get(
    '/user/export',
    {
      schema: {
        tags: ['users'],
        querystring: UserListQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: Type.Any({ description: 'xlsx file' }), ...errorResponses },
      },
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
      const filename = `${operatorToday()}_${students ? 'students' : 'users'}-file.xlsx`;

      const stream = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(students ? 'Học viên' : 'Tài khoản');
      sheet.columns = [
        { header: 'ID', key: 'id', width: 8 },
        { header: 'Tên tài khoản', key: 'name', width: 28 },
        { header: 'Email', key: 'email', width: 30 },
        { header: 'Số điện thoại', key: 'phone', width: 16 },
        { header: 'Trạng thái', key: 'status', width: 12 },
        { header: 'Loại tài khoản', key: 'type', width: 16 },
        { header: 'Trung tâm', key: 'center', width: 20 },
        { header: 'Nguồn', key: 'source', width: 12 },
        { header: 'Người đại diện', key: 'refName', width: 24 },
        { header: 'SĐT người đại diện', key: 'refPhone', width: 18 },
        { header: 'Email người đại diện', key: 'refEmail', width: 28 },
        { header: 'Ngày sinh', key: 'birth', width: 12 },
        { header: 'Địa chỉ', key: 'address', width: 30 },
        { header: 'Ngân hàng', key: 'bank', width: 20 },
        { header: 'Số tài khoản', key: 'bankNumber', width: 18 },
        { header: 'Đăng nhập lần cuối', key: 'lastLogin', width: 20 },
        { header: 'Ngày tạo', key: 'createdAt', width: 20 },
      ];
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();

      const write = async () => {
        for (let batch = first; !batch.done; batch = await batches.next()) {
          for (const u of batch.value) {
            sheet
              .addRow({
                id: u.id,
                name: u.name,
                email: u.email,
                phone: u.phone_number ?? '',
                status: ACCOUNT_STATUS_LABELS[u.status] ?? String(u.status),
                type: USER_TYPE_LABELS[u.type as UserType] ?? u.type,
                center: u.center_id ? (centres.get(u.center_id) ?? '') : '',
                source: studentSourceLabel(u.source),
                refName: u.reference_name ?? '',
                refPhone: u.reference_phone ?? '',
                refEmail: u.reference_email ?? '',
                birth: u.birth_year ? [u.birth_day, u.birth_month, u.birth_year].filter(Boolean).map((n) => String(n).padStart(2, '0')).join('/') : '',
                address: u.address ?? '',
                bank: u.banking_name ?? '',
                bankNumber: u.banking_number ?? '',
                lastLogin: fmt(u.last_time_login === null ? null : new Date(u.last_time_login)),
                createdAt: fmt(new Date(u.created_at)),
              })
              .commit();
          }
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((error) => {
        request.log.error({ err: error }, 'export failed');
        stream.destroy(error as Error);
      });

      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(stream);
    },
  );
};

export default routes;
