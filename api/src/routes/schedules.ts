/** /learning/class-schedule: sessions (the list, one session) and the writes on one session. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses, ListOf, ResultBody } from '@trungtam/shared/schemas/builders';
import { AttendanceBody, ScheduleCreateBody, ScheduleDetailSchema, ScheduleIdParams, ScheduleListQuery, ScheduleMoveBody, ScheduleSchema, SubstituteBody, SubstituteRangeBody, SubstituteRangeResultSchema } from '@trungtam/shared/schemas/schedules';
import { listSchedules } from '../services/schedules';
import { cancelSession, createSession, moveSession, showSession, takeAttendance } from '../services/session-writes';
import { substituteRange, substituteSession } from '../services/substitutes';
import { actorOf, auditCtx, requirePermission } from '../factory';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/class-schedule',
    {
      schema: { tags: ['learning'], querystring: ScheduleListQuery, response: { 200: ListOf(ScheduleSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'GetAll'),
    },
    async (request) => ({ data: await listSchedules(app.ctx, actorOf(request), request.query) }),
  );

  // one session as the calendar opens it: whoever lists a session may open it
  app.get(
    '/learning/class-schedule/:schedule_id',
    {
      schema: { tags: ['learning'], params: ScheduleIdParams, response: { 200: Data(ScheduleDetailSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'GetAll'),
    },
    async (request) => ({ data: await showSession(app.ctx, actorOf(request), request.params.schedule_id) }),
  );

  app.post(
    '/learning/class-schedule',
    {
      schema: { tags: ['learning'], body: ScheduleCreateBody, response: { 201: Data(ScheduleSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'Create'),
    },
    async (request, reply) => reply.code(201).send({ data: await createSession(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.put(
    '/learning/class-schedule',
    {
      schema: { tags: ['learning'], body: ScheduleMoveBody, response: { 200: Data(ScheduleSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'Update'),
    },
    async (request) => ({ data: await moveSession(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.put(
    '/learning/class-schedule/is-attendance',
    {
      schema: { tags: ['learning'], body: AttendanceBody, response: { 200: Data(ScheduleDetailSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'UpdateAttendance'),
    },
    async (request) => ({ data: await takeAttendance(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  // a substitute teacher for one session, or for the sessions of a class in a date range (substitutes.ts)
  app.post(
    '/learning/class-schedule/substitute',
    {
      schema: { tags: ['learning'], body: SubstituteBody, response: { 200: Data(ScheduleSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'Update'),
    },
    async (request) => ({ data: await substituteSession(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.post(
    '/learning/class-schedule/substitute-range',
    {
      schema: { tags: ['learning'], body: SubstituteRangeBody, response: { 200: Data(SubstituteRangeResultSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'Update'),
    },
    async (request) => ({ data: await substituteRange(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/learning/class-schedule/:schedule_id',
    {
      schema: { tags: ['learning'], params: ScheduleIdParams, response: { 200: ResultBody, ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'Delete'),
    },
    async (request) => ({ data: await cancelSession(app.ctx, actorOf(request), request.params.schedule_id, auditCtx(request)) }),
  );
};

export default routes;
