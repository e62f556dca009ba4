/**
 * /notifications: every user's own list and mark-all-read (the bell, the dashboard, the page), and the
 * calls of the notification settings module (compose, show, edit or send, delete a message).
 * Hand-written rather than made by the resource factory: these calls have shapes the factory does not make
 * (the list shared with the inbox, PUT without an id in the path that also sends).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, IdParams, ResultBody } from '@trungtam/shared/schemas/builders';
import {
  NotificationCreateBody,
  NotificationListQuery,
  NotificationListResponse,
  NotificationResponse,
  NotificationUpdateBody,
  ReadAllParams,
  ReadAllResponse,
} from '@trungtam/shared/schemas/notifications';
import { listNotifications, markAllRead } from '../services/notifications';
import { composeMessage, deleteMessage, showNotification, updateMessage } from '../services/notification-messages';
import { actorOf, auditCtx, requirePermission } from '../factory';

const tags = ['notifications'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // Every signed-in user reads their own inbox; staff with NotificationSetting GetAll also every row in
  // their reach (without user_id). No permission gate: the service decides which rows.
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        description: "The caller's own notifications (the bell, the dashboard, the page); for staff with NotificationSetting GetAll, without user_id, every row in their reach: composed messages (user_id null, with target and is_send) and the notifications received.",
        querystring: NotificationListQuery,
        response: { 200: NotificationListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await listNotifications(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/notifications',
    {
      schema: { tags, description: 'A new message, as a draft: nobody receives it until it is sent (PUT with is_send: 1).', body: NotificationCreateBody, response: { 201: NotificationResponse, ...errorResponses } },
      preHandler: requirePermission('NotificationSetting', 'Create'),
    },
    async (request, reply) => reply.status(201).send({ data: await composeMessage(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.get(
    '/notifications/:id',
    {
      schema: {
        tags,
        description: 'One row in reach; a composed message with recipient_count and read_count (a draft: how many it would reach if sent now).',
        params: IdParams,
        response: { 200: NotificationResponse, ...errorResponses },
      },
      preHandler: requirePermission('NotificationSetting', 'GetOne'),
    },
    async (request) => ({ data: await showNotification(app.ctx, actorOf(request), request.params.id) }),
  );

  app.put(
    '/notifications',
    {
      schema: {
        tags,
        description: 'Edits a draft (name, message, target) and, with is_send: 1, sends it: one notification per recipient, in one transaction. A sent message is a 409; so is a send that would reach nobody.',
        body: NotificationUpdateBody,
        response: { 200: NotificationResponse, ...errorResponses },
      },
      preHandler: requirePermission('NotificationSetting', 'Update'),
    },
    async (request) => ({ data: await updateMessage(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: { tags, description: 'Deletes a draft (a sent message is a 409).', params: IdParams, response: { 200: ResultBody, ...errorResponses } },
      preHandler: requirePermission('NotificationSetting', 'Delete'),
    },
    async (request) => {
      await deleteMessage(app.ctx, actorOf(request), request.params.id, auditCtx(request));
      return { data: { result: true } };
    },
  );

  app.put(
    '/notifications/:id/read-all',
    { schema: { tags, params: ReadAllParams, response: { 200: ReadAllResponse, ...errorResponses } } },
    async (request) => ({
      data: await markAllRead(app.ctx, actorOf(request), request.params.id, auditCtx(request)),
    }),
  );
};

export default routes;
