/** /learning/class/list, /learning/class/show/{id} (read side) and /learning/class-enrollment/*. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses, IdParams, ListOf } from '../schemas/common';
import {
  ClassListQuery,
  ClassSchema,
  ClassShowQuery,
  EnrollmentCreateBody,
  EnrollmentIdParams,
  EnrollmentListQuery,
  EnrollmentRemovalSchema,
  EnrollmentSchema,
  EnrollmentUpdateBody,
} from '../schemas/learning';
import { actorOf, requirePermission } from '../plugins/auth';
import { listClasses, showClass } from '../services/classes';
import { createEnrollment, listEnrollments, removeEnrollment, updateEnrollment } from '../services/enrollments';
import { auditCtx } from './helpers';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/class/list',
    {
      schema: { tags: ['learning'], querystring: ClassListQuery, response: { 200: ListOf(ClassSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClass', 'GetAll'),
    },
    async (request) => ({ data: await listClasses(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/class/show/:id',
    {
      schema: { tags: ['learning'], params: IdParams, querystring: ClassShowQuery, response: { 200: Data(ClassSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClass', 'GetOne'),
    },
    async (request) => ({ data: await showClass(app.ctx, actorOf(request), request.params.id, request.query.relationships) }),
  );

  app.get(
    '/learning/class-enrollment/list',
    {
      schema: { tags: ['learning'], querystring: EnrollmentListQuery, response: { 200: ListOf(EnrollmentSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'GetAll'),
    },
    async (request) => ({ data: await listEnrollments(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/learning/class-enrollment/create',
    {
      schema: { tags: ['learning'], body: EnrollmentCreateBody, response: { 201: Data(EnrollmentSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'Create'),
    },
    async (request, reply) => {
      const created = await createEnrollment(app.ctx, actorOf(request), request.body, auditCtx(request));
      return reply.code(201).send({ data: created });
    },
  );

  app.put(
    '/learning/class-enrollment/update',
    {
      schema: { tags: ['learning'], body: EnrollmentUpdateBody, response: { 200: Data(EnrollmentSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'Update'),
    },
    async (request) => ({ data: await updateEnrollment(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/learning/class-enrollment/:enrollment_id',
    {
      schema: { tags: ['learning'], params: EnrollmentIdParams, response: { 200: Data(EnrollmentRemovalSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'Delete'),
    },
    async (request) => ({ data: await removeEnrollment(app.ctx, actorOf(request), request.params.enrollment_id, auditCtx(request)) }),
  );
};

export default routes;
