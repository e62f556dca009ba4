/**
 * /learning/messages: the delivery log of the messages to families (absence notices...), for staff with
 * the NotificationSetting permissions, and the resend of a failed one. The log lists each message with
 * its text (staff see what was sent); the API's own log never holds it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses, ListOf } from '@trungtam/shared/schemas/builders';
import { FamilyMessageSchema, MessageListQuery, MessageResendBody } from '../schemas/messages';
import { listMessages, resendMessage } from '../services/family-messages';
import { actorOf, auditCtx, requirePermission } from '../factory';

const tags = ['notifications'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/messages',
    {
      schema: {
        tags,
        description: 'The messages to families (the outbox) about the students in reach, newest first: status (queued, sending, sent, failed, held), attempts and the provider\'s reason of the latest failure.',
        querystring: MessageListQuery,
        response: { 200: ListOf(FamilyMessageSchema), ...errorResponses },
      },
      preHandler: requirePermission('NotificationSetting', 'GetAll'),
    },
    async (request) => ({ data: await listMessages(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/learning/messages/resend',
    {
      schema: {
        tags,
        description: 'A failed message queued again (its attempts counted afresh); any other status is a 409.',
        body: MessageResendBody,
        response: { 200: Data(FamilyMessageSchema), ...errorResponses },
      },
      preHandler: requirePermission('NotificationSetting', 'Update'),
    },
    async (request) => ({ data: await resendMessage(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );
};

export default routes;
