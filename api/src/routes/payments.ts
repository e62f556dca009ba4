/**
 * Orders' payments: GET /learning/order/show/:order_id (the order, its payments, what is owed and its
 * VietQR code), POST /learning/order/payment/create and /void, and GET
 * /learning/order/payment/receipt/:payment_id (the receipt as a PDF); the debts, GET /learning/order/debts and
 * /debts/export (xlsx). Behind the Payment permission
 * resource; a giáo vụ acts on the orders of their centre's classes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { DebtListSchema, DebtQuery, OrderDetailSchema, OrderIdParams, PaymentCreateBody, PaymentIdParams, PaymentVoidBody, StudentCreditSchema, StudentIdParams } from '@trungtam/shared/schemas/payments';
import { formatDate } from '@trungtam/shared/format';
import { actorOf, auditCtx, requirePermission } from '../factory';
import { debtsExport, listDebts, orderDetail, paymentReceipt, recordPayment, studentCredit, voidPayment } from '../services/payments';
import { sendWorkbook, xlsxSchema } from '../lib/xlsx';

const MONEY = '#,##0';

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

  app.get(
    '/learning/order/credit/:user_id',
    {
      schema: {
        tags: ['payments'],
        description: "The money the centre holds for a student (over-payments kept, cancelled enrolments' lessons, less what paid orders), line by line with the balance after each.",
        params: StudentIdParams,
        response: { 200: Data(StudentCreditSchema), ...errorResponses },
      },
      preHandler: requirePermission('Payment', 'GetAll'),
    },
    async (request) => ({ data: await studentCredit(app.ctx, actorOf(request), request.params.user_id) }),
  );

  app.get(
    '/learning/order/debts',
    {
      schema: {
        tags: ['payments'],
        description: 'The orders with money owed (not cancelled), overdue first then the largest, by centre, class, due date and amount owed; with what every order of the filter owes and how much of it is overdue.',
        querystring: DebtQuery,
        response: { 200: Data(DebtListSchema), ...errorResponses },
      },
      preHandler: requirePermission('Payment', 'GetAll'),
    },
    async (request) => ({ data: await listDebts(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/order/debts/export',
    {
      schema: xlsxSchema('payments', DebtQuery, 'The debts of the filter as an xlsx file, overdue first, then the totals.'),
      preHandler: requirePermission('Payment', 'Export'),
    },
    async (request, reply) => {
      const { totals, rows } = await debtsExport(app.ctx, actorOf(request), request.query);
      return sendWorkbook(request, reply, 'cong-no.xlsx', async (workbook) => {
        const sheet = workbook.addWorksheet('Công nợ');
        sheet.columns = [
          { header: 'Mã đơn', key: 'id', width: 10 },
          { header: 'Học viên', key: 'student', width: 26 },
          { header: 'Số điện thoại', key: 'phone', width: 16 },
          { header: 'Lớp học', key: 'className', width: 30 },
          { header: 'Trung tâm', key: 'centre', width: 24 },
          { header: 'Số tiền (VND)', key: 'amount', width: 16, style: { numFmt: MONEY } },
          { header: 'Đã thu (VND)', key: 'paid', width: 16, style: { numFmt: MONEY } },
          { header: 'Còn nợ (VND)', key: 'owed', width: 16, style: { numFmt: MONEY } },
          { header: 'Hạn thanh toán', key: 'due', width: 14 },
          { header: 'Quá hạn (ngày)', key: 'late', width: 14 },
        ];
        sheet.getRow(1).font = { bold: true };
        for await (const batch of rows) {
          for (const row of batch) {
            sheet
              .addRow({
                id: row.order_id,
                student: row.student.name,
                phone: row.student.phone_number ?? '',
                className: row.class.class_name,
                centre: row.center?.name ?? '',
                amount: row.amount,
                paid: row.paid_amount,
                owed: row.owed,
                due: formatDate(row.due_date),
                late: row.days_overdue,
              })
              .commit();
          }
        }
        const total = sheet.addRow({ student: `Tổng (${totals.count} đơn)`, owed: totals.owed, late: '' });
        total.font = { bold: true };
        total.commit();
        const overdue = sheet.addRow({ student: 'Trong đó quá hạn', owed: totals.overdue });
        overdue.commit();
        sheet.commit();
      });
    },
  );
};

export default routes;
