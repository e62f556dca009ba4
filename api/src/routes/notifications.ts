/** /notifications: the caller's own notification list and mark-all-read (the bell, the dashboard, the page). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../schemas/common';
import { NotificationListQuery, NotificationListResponse, ReadAllParams, ReadAllResponse } from '../schemas/notifications';
import { actorOf } from '../plugins/auth';
import { listNotifications, markAllRead } from '../services/notifications';
import { auditCtx } from './helpers';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Every signed-in user reads their own inbox: no permission beyond being signed in, scoped in the service.
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await listNotifications(app.ctx, actorOf(request), request.query) }),
  );

  app.put(
    '/notifications/:id/read-all',
    { schema: { tags: ['notifications'], params: ReadAllParams, response: { 200: ReadAllResponse, ...errorResponses } } },
    async (request) => ({
      data: await markAllRead(app.ctx, actorOf(request), request.params.id, auditCtx(request)),
    }),
  );
};

export default routes;
