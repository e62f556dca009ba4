/** /learning/class/* (with the preview of generated sessions) and /learning/class-enrollment/*. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses, IdParams, ListOf, ResultBody } from '@trungtam/shared/schemas/builders';
import {
  ClassCreateBody,
  ClassIdParams,
  ClassPreviewBody,
  ClassUpdateBody,
  PreviewSchema,
  ClassListQuery,
  ClassSchema,
  ClassUpdateResultSchema,
  ClassShowQuery,
  EnrollmentCreateBody,
  EnrollmentIdParams,
  EnrollmentListQuery,
  EnrollmentRemovalSchema,
  EnrollmentSchema,
  EnrollmentUpdateBody,
  EnrollmentLedgerSchema,
  LessonAdjustmentBody,
  LowBalanceQuery,
  LowBalanceRowSchema,
} from '@trungtam/shared/schemas/learning';
import {
  CancelPreviewSchema,
  EnrollmentCancelBody,
  EnrollmentCancelResultSchema,
  OrderDetailSchema,
  RenewBody,
  TransferBody,
  TransferPreviewQuery,
  TransferPreviewSchema,
  TransferResultSchema,
} from '@trungtam/shared/schemas/payments';
import { requireCan } from '../access/access';
import { listClasses, showClass } from '../services/classes';
import { createClass, deleteClass, previewClassSchedule, updateClass } from '../services/class-writes';
import { createEnrollment, listEnrollments, updateEnrollment } from '../services/enrollments';
import { cancelEnrollment, cancelPreview, renewEnrollment, settleCancellation, transferEnrollment, transferPreview } from '../services/settlements';
import { adjustLessons, enrollmentLedger, lowBalanceList } from '../services/lesson-ledger';
import { actorOf, auditCtx, requirePermission } from '../factory';

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

  app.post(
    '/learning/class/preview-schedule',
    {
      schema: { tags: ['learning'], body: ClassPreviewBody, response: { 200: Data(PreviewSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClass', 'GetAll'),
    },
    async (request) => {
      const actor = actorOf(request);
      // the preview of a new class is the creator's, of an existing one the editor's
      requireCan(actor, 'LearningClass', request.body.class_id ? 'Update' : 'Create');
      return { data: await previewClassSchedule(app.ctx, actor, request.body) };
    },
  );

  app.post(
    '/learning/class/create',
    {
      schema: { tags: ['learning'], body: ClassCreateBody, response: { 201: Data(ClassSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClass', 'Create'),
    },
    async (request, reply) => reply.code(201).send({ data: await createClass(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.put(
    '/learning/class/update',
    {
      schema: { tags: ['learning'], body: ClassUpdateBody, response: { 200: Data(ClassUpdateResultSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClass', 'Update'),
    },
    async (request) => ({ data: await updateClass(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/learning/class/delete/:class_id',
    {
      schema: { tags: ['learning'], params: ClassIdParams, response: { 200: ResultBody, ...errorResponses } },
      preHandler: requirePermission('LearningClass', 'Delete'),
    },
    async (request) => ({ data: await deleteClass(app.ctx, actorOf(request), request.params.class_id, auditCtx(request)) }),
  );

  app.get(
    '/learning/class-enrollment/getListClassForStudent',
    {
      schema: { tags: ['learning'], querystring: EnrollmentListQuery, response: { 200: ListOf(EnrollmentSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'GetAll'),
    },
    // a student's classes (GET /learning/class-enrollment/getListClassForStudent): their enrolments that are not removed, with the class
    async (request) => {
      const actor = actorOf(request);
      const userId = request.query.user_id || actor.id;
      return { data: await listEnrollments(app.ctx, actor, { ...request.query, user_id: userId, relationships: request.query.relationships ?? ['class'] }) };
    },
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

  app.get(
    '/learning/class-enrollment/ledger/:enrollment_id',
    {
      schema: { tags: ['learning'], params: EnrollmentIdParams, response: { 200: Data(EnrollmentLedgerSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'GetAll'),
    },
    // the lines of an enrolment's lessons ("Lịch sử buổi học"): staff for the enrolments in their reach, a student their own
    async (request) => ({ data: await enrollmentLedger(app.ctx, actorOf(request), request.params.enrollment_id) }),
  );

  app.get(
    '/learning/class-enrollment/low-balance',
    {
      schema: { tags: ['learning'], querystring: LowBalanceQuery, response: { 200: ListOf(LowBalanceRowSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'GetAll'),
    },
    async (request) => ({ data: await lowBalanceList(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/learning/class-enrollment/adjust-lessons',
    {
      schema: { tags: ['learning'], body: LessonAdjustmentBody, response: { 200: Data(EnrollmentLedgerSchema), ...errorResponses } },
      preHandler: requirePermission('LessonAdjustment', 'Create'),
    },
    async (request) => ({ data: await adjustLessons(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.delete(
    '/learning/class-enrollment/:enrollment_id',
    {
      schema: { tags: ['learning'], params: EnrollmentIdParams, response: { 200: Data(EnrollmentRemovalSchema), ...errorResponses } },
      preHandler: requirePermission('LearningClassEnrollments', 'Delete'),
    },
    // what was paid for the lessons left is kept as the student's credit (the proposal); /cancel lets staff choose
    async (request) => ({ data: await settleCancellation(app.ctx, actorOf(request), request.params.enrollment_id, { kind: 'credit', amount: null }, auditCtx(request)) }),
  );

  app.get(
    '/learning/class-enrollment/cancel-preview/:enrollment_id',
    {
      schema: {
        tags: ['learning'],
        description: 'What removing the student from the class would give back: the lessons left, what was paid, and the proposal (paid × lessons left ÷ total lessons, rounded down).',
        params: EnrollmentIdParams,
        response: { 200: Data(CancelPreviewSchema), ...errorResponses },
      },
      preHandler: requirePermission('LearningClassEnrollments', 'Delete'),
    },
    async (request) => ({ data: await cancelPreview(app.ctx, actorOf(request), request.params.enrollment_id) }),
  );

  app.post(
    '/learning/class-enrollment/cancel',
    {
      schema: {
        tags: ['learning'],
        description: 'Removes the student from the class; what was paid for the lessons left is given back (refund, with its method) or kept as their credit: the proposed amount, or another with a reason.',
        body: EnrollmentCancelBody,
        response: { 200: Data(EnrollmentCancelResultSchema), ...errorResponses },
      },
      preHandler: requirePermission('LearningClassEnrollments', 'Delete'),
    },
    async (request) => ({ data: await cancelEnrollment(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.get(
    '/learning/class-enrollment/transfer-preview',
    {
      schema: {
        tags: ['learning'],
        description: 'What moving the enrolment to another class would carry: the lessons left and the lessons they convert to (by price when the course items differ), their values, the discount and what stays owed.',
        querystring: TransferPreviewQuery,
        response: { 200: Data(TransferPreviewSchema), ...errorResponses },
      },
      preHandler: requirePermission('EnrollmentTransfer', 'Create'),
    },
    async (request) => ({ data: await transferPreview(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/learning/class-enrollment/transfer',
    {
      schema: { tags: ['learning'], body: TransferBody, response: { 200: Data(TransferResultSchema), ...errorResponses } },
      preHandler: requirePermission('EnrollmentTransfer', 'Create'),
    },
    async (request) => ({ data: await transferEnrollment(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.post(
    '/learning/class-enrollment/renew',
    {
      schema: {
        tags: ['learning'],
        description: "A new order for the enrolment's course item (its price now, the enrolment's discount); its lessons are added at once or once it is paid, as the centre's rule says.",
        body: RenewBody,
        response: { 201: Data(OrderDetailSchema), ...errorResponses },
      },
      preHandler: requirePermission('LearningClassEnrollments', 'Create'),
    },
    async (request, reply) => reply.code(201).send({ data: await renewEnrollment(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );
};

export default routes;
