/**
 * The revenue report: GET /learning/order/revenue (what was collected per period and method, refunded,
 * the net, per centre, and what orders owe now) and /revenue/export (the same as xlsx: a sheet of the
 * periods and one of the centres, each with its totals row). Behind the Payment permission resource; a
 * giáo vụ reads their centre's money only (services/revenue).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RevenueAmounts } from '@trungtam/shared/contracts/revenue';
import { formatDate } from '@trungtam/shared/format';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { RevenueQuery, RevenueReportSchema } from '@trungtam/shared/schemas/revenue';
import { actorOf, requirePermission } from '../factory';
import type { ExcelJS } from '../lib/sheet/exceljs';
import { sendWorkbook, xlsxSchema } from '../lib/xlsx';
import { revenueReport } from '../services/revenue';

const MONEY = '#,##0';

/** The money columns of both sheets, in the screen's order. */
const AMOUNT_COLUMNS: Array<{ header: string; key: keyof RevenueAmounts }> = [
  { header: 'Tiền mặt (VND)', key: 'cash' },
  { header: 'Chuyển khoản (VND)', key: 'transfer' },
  { header: 'Thẻ (VND)', key: 'card' },
  { header: 'Tổng thu (VND)', key: 'collected' },
  { header: 'Hoàn tiền (VND)', key: 'refunds' },
  { header: 'Thực thu (VND)', key: 'net' },
  { header: 'Trừ vào số dư (VND)', key: 'credit_used' },
];
const amountColumns = () => AMOUNT_COLUMNS.map((column) => ({ ...column, width: 18, style: { numFmt: MONEY } }));
const amountsOf = (row: RevenueAmounts) => Object.fromEntries(AMOUNT_COLUMNS.map(({ key }) => [key, row[key]]));

/** "05/11/2026" for a day, "11/2026" for a month. */
const periodLabel = (period: string) => (period.length === 7 ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : formatDate(period));

function totalsRow(sheet: ExcelJS.Worksheet, values: Record<string, unknown>) {
  const row = sheet.addRow(values);
  row.font = { bold: true };
  row.commit();
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/order/revenue',
    {
      schema: {
        tags: ['payments'],
        description:
          'What was collected (payments not voided, by the day paid) per day or month and method, what was refunded, the net, per centre, and what orders not cancelled owe now. Payments from a student\'s credit are shown apart (credit_used), not as money collected.',
        querystring: RevenueQuery,
        response: { 200: Data(RevenueReportSchema), ...errorResponses },
      },
      preHandler: requirePermission('Payment', 'GetAll'),
    },
    async (request) => ({ data: await revenueReport(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/order/revenue/export',
    {
      schema: xlsxSchema('payments', RevenueQuery, 'The revenue report as an xlsx file: a sheet of the periods and one of the centres, each with its totals row.'),
      preHandler: requirePermission('Payment', 'Export'),
    },
    async (request, reply) => {
      // read (and checked) before the download starts: a bad range is a 400, never a cut file
      const report = await revenueReport(app.ctx, actorOf(request), request.query);
      return sendWorkbook(request, reply, `doanh-thu-${report.from}-${report.to}.xlsx`, async (workbook) => {
        const periods = workbook.addWorksheet(report.group === 'month' ? 'Theo tháng' : 'Theo ngày');
        periods.columns = [{ header: report.group === 'month' ? 'Tháng' : 'Ngày', key: 'period', width: 14 }, ...amountColumns()];
        periods.getRow(1).font = { bold: true };
        for (const row of report.rows) periods.addRow({ period: periodLabel(row.period), ...amountsOf(row) }).commit();
        totalsRow(periods, { period: 'Tổng', ...amountsOf(report.totals) });
        periods.commit();

        const centres = workbook.addWorksheet('Theo trung tâm');
        centres.columns = [{ header: 'Trung tâm', key: 'centre', width: 28 }, ...amountColumns(), { header: 'Còn phải thu hiện tại (VND)', key: 'owed', width: 22, style: { numFmt: MONEY } }];
        centres.getRow(1).font = { bold: true };
        for (const row of report.centers) centres.addRow({ centre: row.center?.name ?? 'Không thuộc trung tâm', ...amountsOf(row), owed: row.owed }).commit();
        totalsRow(centres, { centre: 'Tổng', ...amountsOf(report.totals), owed: report.owed });
        centres.commit();
      });
    },
  );
};

export default routes;
