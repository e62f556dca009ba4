/** /system/*: roles and the audit log (the remote areas: routes/remotes.ts). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses, IdParams, ListOf, ResultBody } from '@trungtam/shared/schemas/builders';
import { RoleCreateBody, RoleListQuery, RoleSchema, RoleUpdateBody } from '@trungtam/shared/schemas/roles';
import { AuditEntry, AuditLogQuery } from '../schemas/audit';
import { createRole, deleteRole, listRoles, showRole, updateRole } from '../services/roles';
import { listAuditLog } from '../services/system';
import { actorOf, auditCtx, requireListAccess, requirePermission } from '../factory';
import { SelfSignupSettingBody } from '@trungtam/shared/schemas/users';
import { setSignupMode } from '../services/self-signup';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/system/role/list',
    {
      schema: { tags: ['system'], querystring: RoleListQuery, response: { 200: ListOf(RoleSchema), ...errorResponses } },
      // System GetAllRole, User Create or User Update (the access policy's Role list rule); scoped by guard.
      preHandler: requireListAccess('Role'),
    },
    async (request) => ({ data: await listRoles(app.ctx, actorOf(request), request.query) }),
  );

  app.put(
    '/system/self-signup',
    {
      schema: {
        tags: ['system'],
        description: 'The self sign-up mode: open, approval (default) or closed. GET /auth/registration-mode reads it.',
        body: SelfSignupSettingBody,
        response: { 200: Data(SelfSignupSettingBody), ...errorResponses },
      },
      preHandler: requirePermission('System', 'Update'),
    },
    async (request) => ({ data: await setSignupMode(app.ctx, request.body.mode, auditCtx(request)) }),
  );

  app.get(
    '/system/role/show/:id',
    {
      schema: { tags: ['system'], params: IdParams, response: { 200: Data(RoleSchema), ...errorResponses } },
      preHandler: requirePermission('System', 'GetAllRole'),
    },
    async (request) => ({ data: await showRole(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/system/role/create',
    {
      schema: { tags: ['system'], body: RoleCreateBody, response: { 201: Data(RoleSchema), ...errorResponses } },
      preHandler: requirePermission('System', 'CreateRole'),
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRole(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.put(
    '/system/role/update',
    {
      schema: { tags: ['system'], body: RoleUpdateBody, response: { 200: Data(RoleSchema), ...errorResponses } },
      preHandler: requirePermission('System', 'UpdateRole'),
    },
    async (request) => ({ data: await updateRole(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/system/role/delete/:id',
    {
      schema: { tags: ['system'], params: IdParams, response: { 200: ResultBody, ...errorResponses } },
      preHandler: requirePermission('System', 'DeleteRole'),
    },
    async (request) => {
      await deleteRole(app.ctx, actorOf(request), request.params.id, auditCtx(request));
      return { data: { result: true } };
    },
  );

  app.get(
    '/system/audit-log/list',
    {
      schema: {
        tags: ['system'],
        querystring: AuditLogQuery,
        response: { 200: ListOf(AuditEntry), ...errorResponses },
      },
      preHandler: requirePermission('System', 'GetAuditLog'),
    },
    async (request) => ({ data: await listAuditLog(app.ctx, request.query) }),
  );
};

export default routes;
