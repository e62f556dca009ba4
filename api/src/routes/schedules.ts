/** /learning/class-schedule (GET): sessions, scoped to the caller (the dashboard's week uses it). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, ListOf } from '../schemas/common';
import { ScheduleListQuery, ScheduleSchema } from '../schemas/schedules';
import { actorOf, requirePermission } from '../plugins/auth';
import { listSchedules } from '../services/schedules';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/class-schedule',
    {
      schema: { tags: ['learning'], querystring: ScheduleListQuery, response: { 200: ListOf(ScheduleSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassSchedule', 'GetAll'),
    },
    async (request) => ({ data: await listSchedules(app.ctx, actorOf(request), request.query) }),
  );
};

export default routes;
