/**
 * Orders' payments: GET /learning/order/show/:order_id (the order, its payments, what is owed and its
 * VietQR code), POST /learning/order/payment/create and /void, and GET
 * /learning/order/payment/receipt/:payment_id (the receipt as a PDF). Behind the Payment permission
 * resource; a giáo vụ acts on the orders of their centre's classes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { OrderDetailSchema, OrderIdParams, PaymentCreateBody, PaymentIdParams, PaymentVoidBody } from '@trungtam/shared/schemas/payments';
import { actorOf, auditCtx, requirePermission } from '../factory';
import { orderDetail, paymentReceipt, recordPayment, voidPayment } from '../services/payments';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/order/show/:order_id',
    {
      schema: { tags: ['payments'], params: OrderIdParams, response: { 200: Data(OrderDetailSchema), ...errorResponses } },
      preHandler: requirePermission('Payment', 'GetAll'),
    },
    async (request) => ({ data: await orderDetail(app.ctx, actorOf(request), request.params.order_id) }),
  );

  app.post(
    '/learning/order/payment/create',
    {
      schema: { tags: ['payments'], body: PaymentCreateBody, response: { 201: Data(OrderDetailSchema), ...errorResponses } },
      preHandler: requirePermission('Payment', 'Create'),
    },
    async (request, reply) => reply.code(201).send({ data: await recordPayment(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.post(
    '/learning/order/payment/void',
    {
      schema: { tags: ['payments'], body: PaymentVoidBody, response: { 200: Data(OrderDetailSchema), ...errorResponses } },
      preHandler: requirePermission('Payment', 'Delete'),
    },
    async (request) => ({ data: await voidPayment(app.ctx, actorOf(request), request.body, auditCtx(request)) }),
  );

  app.get(
    '/learning/order/payment/receipt/:payment_id',
    {
      schema: { tags: ['payments'], params: PaymentIdParams, produces: ['application/pdf'], response: { 200: Type.Any({ description: 'the receipt, a PDF' }), ...errorResponses } },
      preHandler: requirePermission('Payment', 'GetAll'),
    },
    async (request, reply) => {
      const { filename, pdf } = await paymentReceipt(app.ctx, actorOf(request), request.params.payment_id);
      return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );
};

export default routes;
