/**
 * The reports: GET /payroll-timesheet/list and /export (PayrollTimesheet GetAll / Export), GET /order/list
 * and /export (Order GetAll / Export). The exports are xlsx files of every line of the range (the list's
 * limit and page do not apply), streamed as the user export is, with Vietnamese column titles and the
 * totals at the end.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatDate, formatDateTime, formatTime } from '@trungtam/shared/format';
import { ORDER_STATUS_LABELS } from '@trungtam/shared/labels';
import { OrderListRecord, OrderQuery, PayrollListRecord, PayrollQuery } from '@trungtam/shared/schemas/reports';
import { sendWorkbook, xlsxSchema } from '../lib/xlsx';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { listOrders, listPayroll, ordersExport, payrollExport } from '../services/reports';
import { actorOf, requirePermission } from '../factory';

const MONEY = '#,##0';
const HOURS = '0.##';

/** The titles of the exports (the tests read the files back by them). */
export const REPORT_EXPORT_TEXTS = {
  payrollSheet: 'Bảng chấm công',
  payrollTotals: 'Tổng theo giáo viên',
  ordersSheet: 'Đơn hàng',
  ordersTotals: 'Tổng (không tính đơn đã huỷ)',
  grandTotal: 'Tổng cộng',
  orderCount: 'Số đơn hàng',
  orderAmount: 'Tổng tiền (VND)',
} as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = () => app.ctx.database.db;

  app.get(
    '/payroll-timesheet/list',
    {
      schema: {
        tags: ['reports'],
        description:
          "The teachers' payroll: one line per taught session with attendance taken whose date is in the range (created_at twice: start and end, the operator's days), by teacher then date; the totals per teacher and overall cover the whole range. A teacher gets their own lines, a giáo vụ of a centre that centre's.",
        querystring: PayrollQuery,
        response: { 200: Data(PayrollListRecord), ...errorResponses },
      },
      preHandler: requirePermission('PayrollTimesheet', 'GetAll'),
    },
    async (request) => ({ data: await listPayroll(db(), actorOf(request), request.query) }),
  );

  app.get(
    '/payroll-timesheet/export',
    {
      schema: xlsxSchema('reports', PayrollQuery, 'The payroll of the range as an xlsx file: every line (one per session: id, date, class), then the totals per teacher.'),
      preHandler: requirePermission('PayrollTimesheet', 'Export'),
    },
    async (request, reply) => {
      const T = REPORT_EXPORT_TEXTS;
      const { range, totals, grand, lines } = await payrollExport(db(), actorOf(request), request.query);
      return sendWorkbook(request, reply, `${range.from}_${range.to}_payroll-timesheet.xlsx`, async (workbook) => {
        const sheet = workbook.addWorksheet(T.payrollSheet);
        sheet.columns = [
          { header: 'Mã buổi học', key: 'id', width: 12 },
          { header: 'Ngày', key: 'date', width: 12 },
          { header: 'Giờ', key: 'time', width: 8 },
          { header: 'Lớp học', key: 'className', width: 32 },
          { header: 'Giáo viên', key: 'teacher', width: 24 },
          { header: 'Dạy thay cho', key: 'replaced', width: 24 },
          { header: 'Trung tâm', key: 'center', width: 22 },
          { header: 'Thời lượng (phút)', key: 'duration', width: 16 },
          { header: 'Số giờ', key: 'hours', width: 10, style: { numFmt: HOURS } },
          { header: 'Lương mỗi buổi (VND)', key: 'salary', width: 20, style: { numFmt: MONEY } },
          { header: 'Thành tiền (VND)', key: 'amount', width: 18, style: { numFmt: MONEY } },
        ];
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        for await (const batch of lines) {
          for (const line of batch) {
            sheet
              .addRow({
                id: line.schedule_id,
                date: formatDate(line.schedule_date),
                time: formatTime(line.schedule_hour, line.schedule_minute),
                className: line.class_name,
                teacher: line.teacher_name,
                replaced: line.original_teacher_name ?? '',
                center: line.center_name ?? '',
                duration: line.duration,
                hours: line.hours,
                salary: line.teacher_salary,
                amount: line.amount,
              })
              .commit();
          }
        }
        sheet.addRow([]).commit();
        const title = sheet.addRow([T.payrollTotals]);
        title.font = { bold: true };
        title.commit();
        const head = sheet.addRow(['Giáo viên', 'Số buổi', 'Số giờ', 'Thành tiền (VND)']);
        head.font = { bold: true };
        head.commit();
        for (const total of totals) sheet.addRow([total.teacher_name, total.sessions, total.hours, total.amount]).commit();
        const last = sheet.addRow([T.grandTotal, grand.sessions, grand.hours, grand.amount]);
        last.font = { bold: true };
        last.commit();
        sheet.commit();
      });
    },
  );

  app.get(
    '/order/list',
    {
      schema: {
        tags: ['reports'],
        description:
          "The orders created in the range (created_at twice: start and end on the operator's clock), newest first, optionally of one status or whose student or class name holds `search`; totals: the count and sum of those not cancelled. A giáo vụ of a centre gets the orders of that centre's classes.",
        querystring: OrderQuery,
        response: { 200: Data(OrderListRecord), ...errorResponses },
      },
      preHandler: requirePermission('Order', 'GetAll'),
    },
    async (request) => ({ data: await listOrders(db(), actorOf(request), request.query) }),
  );

  app.get(
    '/order/export',
    {
      schema: xlsxSchema('reports', OrderQuery, 'The orders of the range as an xlsx file: every order, newest first, then the count and sum of those not cancelled.'),
      preHandler: requirePermission('Order', 'Export'),
    },
    async (request, reply) => {
      const T = REPORT_EXPORT_TEXTS;
      const { range, totals, rows } = await ordersExport(db(), actorOf(request), request.query);
      return sendWorkbook(request, reply, `${range.from}_${range.to}_orders.xlsx`, async (workbook) => {
        const sheet = workbook.addWorksheet(T.ordersSheet);
        sheet.columns = [
          { header: 'Mã đơn', key: 'id', width: 10 },
          { header: 'Ngày tạo', key: 'createdAt', width: 20 },
          { header: 'Học viên', key: 'student', width: 26 },
          { header: 'Lớp học', key: 'className', width: 32 },
          { header: 'Gói khoá học', key: 'item', width: 32 },
          { header: 'Giá niêm yết (VND)', key: 'listPrice', width: 18, style: { numFmt: MONEY } },
          { header: 'Khuyến mại (%)', key: 'percent', width: 14 },
          { header: 'Thành tiền (VND)', key: 'amount', width: 18, style: { numFmt: MONEY } },
          { header: 'Trạng thái', key: 'status', width: 16 },
        ];
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
        for await (const batch of rows) {
          for (const order of batch) {
            sheet
              .addRow({
                id: order.order_id,
                createdAt: formatDateTime(order.created_at),
                student: order.student_name,
                className: order.class_name,
                item: order.product_item_name ?? '',
                listPrice: order.list_price,
                percent: order.discount_percent,
                amount: order.amount,
                status: ORDER_STATUS_LABELS[order.status],
              })
              .commit();
          }
        }
        sheet.addRow([]).commit();
        const title = sheet.addRow([T.ordersTotals]);
        title.font = { bold: true };
        title.commit();
        sheet.addRow([T.orderCount, totals.count]).commit();
        sheet.addRow([T.orderAmount, totals.amount]).commit();
        sheet.commit();
      });
    },
  );
};

export default routes;
