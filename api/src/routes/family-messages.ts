/**
 * Messages to families and their guardians:
 * - /learning/guardian/*: a student's guardians, managed by staff who may edit the student (User);
 * - /learning/messages*: the delivery log (siblings' shared messages under each student), the resend of a
 *   failed one, and a staff's own message to the guardians of a class, a centre or chosen students, behind
 *   the NotificationSetting permissions; the log shows each text (staff see what was sent), the API's own
 *   log never holds it;
 * - /learning/message-template/*: the texts per kind and channel, their preview and the quiet window,
 *   behind MessageTemplate.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import type { Guardian } from '@trungtam/shared/contracts/familyMessages';
import { Data, errorResponses, ListOf } from '@trungtam/shared/schemas/builders';
import {
  FamilyMessageSchema,
  FamilyMessageSettingsBody,
  FamilyMessageSettingsSchema,
  FreeMessageBody,
  FreeMessageResultSchema,
  GuardianCreateBody,
  GuardianLinkBody,
  GuardianListQuery,
  GuardianSchema,
  GuardianSearchQuery,
  GuardianUnlinkBody,
  GuardianUpdateBody,
  MessageListQuery,
  MessageResendBody,
  MessageTemplatePreviewBody,
  MessageTemplatePreviewSchema,
  MessageTemplateResetBody,
  MessageTemplateSchema,
  MessageTemplateUpdateBody,
} from '@trungtam/shared/schemas/familyMessages';
import { listMessages, resendMessage, sendFreeMessage } from '../services/family-messages';
import { createGuardian, linkGuardian, listGuardians, searchGuardians, unlinkGuardian, updateGuardian } from '../services/guardians';
import { listTemplates, messageSettings, previewTemplate, resetTemplate, updateMessageSettings, updateTemplate } from '../services/message-templates';
import { actorOf, auditCtx, requirePermission, type AuditContext } from '../factory';
import type { Actor } from '../access/access';
import type { AppContext } from '../types';

const tags = ['notifications'];
const Guardians = Data(Type.Array(GuardianSchema));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  // ---------------------------------------------------------------- guardians

  app.get(
    '/learning/guardian/list',
    {
      schema: { tags, description: "A student's guardians, the representative (position 1) first, each with every student it is linked to.", querystring: GuardianListQuery, response: { 200: Guardians, ...errorResponses } },
      preHandler: requirePermission('User', 'GetOne'),
    },
    async (request) => ({ data: await listGuardians(app.ctx, actorOf(request), request.query.student_id) }),
  );

  app.get(
    '/learning/guardian/search',
    {
      schema: { tags, description: 'Up to 20 guardians of students in reach whose name, e-mail or phone holds the text (to link a sibling’s guardian).', querystring: GuardianSearchQuery, response: { 200: Guardians, ...errorResponses } },
      preHandler: requirePermission('User', 'GetAll'),
    },
    async (request) => ({ data: await searchGuardians(app.ctx, actorOf(request), request.query) }),
  );

  /** A write of a student's guardians: the User update permission, the student's guardians as the answer. */
  function guardianWrite<B extends TSchema>(url: string, description: string, body: B, write: (ctx: AppContext, actor: Actor, body: Static<B>, audit: AuditContext) => Promise<Guardian[]>) {
    app.post(
      url,
      { schema: { tags, description: `${description} Answers the student's guardians.`, body, response: { 200: Guardians, ...errorResponses } }, preHandler: requirePermission('User', 'Update') },
      async (request) => ({ data: await write(app.ctx, actorOf(request), request.body as Static<B>, auditCtx(request)) }),
    );
  }
  guardianWrite('/learning/guardian/create', 'A new guardian of a student (the representative when it is the first); a phone or an e-mail is required, and an address on the preferred channel.', GuardianCreateBody, createGuardian);
  guardianWrite('/learning/guardian/update', "A guardian's fields, seen by every student it is linked to.", GuardianUpdateBody, updateGuardian);
  guardianWrite('/learning/guardian/link', "An existing guardian (a sibling's) linked to the student too: siblings then get one message per event.", GuardianLinkBody, linkGuardian);
  guardianWrite('/learning/guardian/unlink', 'A guardian no longer the student’s; deleted once it is nobody’s.', GuardianUnlinkBody, unlinkGuardian);

  // ---------------------------------------------------------------- the delivery log

  app.get(
    '/learning/messages',
    {
      schema: {
        tags,
        description: "The messages to families about the students in reach, newest first: status (queued, sending, sent, failed, held, opted_out), attempts and the provider's reason of the latest failure.",
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

  app.post(
    '/learning/messages/send',
    {
      schema: {
        tags,
        description: "A staff's own message to the guardians of a class's active students, a centre's students or chosen students (each guardian once), sent at once.",
        body: FreeMessageBody,
        response: { 200: Data(FreeMessageResultSchema), ...errorResponses },
      },
      preHandler: requirePermission('NotificationSetting', 'Create'),
    },
    async (request) => ({ data: await sendFreeMessage(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  // ---------------------------------------------------------------- templates and the quiet window

  app.get(
    '/learning/message-template/list',
    {
      schema: {
        tags,
        description: 'Every kind × channel with its text (written by an administrator, or the built-in one) and each kind’s placeholders.',
        response: { 200: Data(Type.Object({ templates: Type.Array(MessageTemplateSchema), placeholders: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())) })), ...errorResponses },
      },
      preHandler: requirePermission('MessageTemplate', 'GetAll'),
    },
    async () => ({ data: await listTemplates(app.ctx) }),
  );

  app.post(
    '/learning/message-template/update',
    {
      schema: { tags, description: 'The text of a kind on a channel; a placeholder the kind does not offer is refused, naming it.', body: MessageTemplateUpdateBody, response: { 200: Data(MessageTemplateSchema), ...errorResponses } },
      preHandler: requirePermission('MessageTemplate', 'Update'),
    },
    async (request) => ({ data: await updateTemplate(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.post(
    '/learning/message-template/reset',
    {
      schema: { tags, description: 'A kind on a channel back to the built-in text.', body: MessageTemplateResetBody, response: { 200: Data(MessageTemplateSchema), ...errorResponses } },
      preHandler: requirePermission('MessageTemplate', 'Update'),
    },
    async (request) => ({ data: await resetTemplate(app.ctx, request.body, auditCtx(request)) }),
  );

  app.post(
    '/learning/message-template/preview',
    {
      schema: {
        tags,
        description: "A text (saved or not) filled for a real student in reach: the student's and their guardian's values, the event's own as samples.",
        body: MessageTemplatePreviewBody,
        response: { 200: Data(MessageTemplatePreviewSchema), ...errorResponses },
      },
      preHandler: requirePermission('MessageTemplate', 'GetAll'),
    },
    async (request) => ({ data: await previewTemplate(app.ctx, actorOf(request), request.body) }),
  );

  app.get(
    '/learning/message-template/settings',
    {
      schema: { tags, description: 'The quiet window (operator time) and the channels configured.', response: { 200: Data(FamilyMessageSettingsSchema), ...errorResponses } },
      preHandler: requirePermission('MessageTemplate', 'GetAll'),
    },
    async () => ({ data: await messageSettings(app.ctx) }),
  );

  app.post(
    '/learning/message-template/settings',
    {
      schema: { tags, description: 'The quiet window: non-urgent messages written inside it wait for its end (start = end: no window).', body: FamilyMessageSettingsBody, response: { 200: Data(FamilyMessageSettingsSchema), ...errorResponses } },
      preHandler: requirePermission('MessageTemplate', 'Update'),
    },
    async (request) => ({ data: await updateMessageSettings(app.ctx, request.body, auditCtx(request)) }),
  );
};

export default routes;
