/**
 * The operator's insights: GET /learning/insights/attendance (rates per week, class and teacher, the most
 * absent students), GET /learning/insights/money (collected per month and method, owed and overdue now,
 * collected per course), and each one's /export (the same as xlsx, a sheet per table). Behind the Insight
 * permission resource; a giáo vụ with a centre reads their centre only (services/insights).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatDate } from '@trungtam/shared/format';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { AttendanceInsightSchema, InsightQuery, MoneyInsightSchema } from '@trungtam/shared/schemas/insights';
import { actorOf, requirePermission } from '../factory';
import type { ExcelJS } from '../lib/sheet/exceljs';
import { sendWorkbook, writeTableSheet, xlsxSchema } from '../lib/xlsx';
import { attendanceInsight, moneyInsight } from '../services/insights';

const PERCENT = '0.0%';
const MONEY = '#,##0';

const RATE_COLUMNS: Array<Partial<ExcelJS.Column>> = [
  { header: 'Lượt điểm danh', key: 'marked', width: 16 },
  { header: 'Có mặt', key: 'present', width: 12 },
  { header: 'Tỉ lệ có mặt', key: 'rate', width: 14, style: { numFmt: PERCENT } },
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/insights/attendance',
    {
      schema: {
        tags: ['insights'],
        description:
          'Attendance over the sessions of the period whose roll was taken: students marked, present and the rate (present ÷ marked) per week, class and teacher (the 50 lowest rates of each, with their counts), and the 10 students most often absent (not excused). Default period: the last 8 weeks; at most a year. The export lists every class and teacher.',
        querystring: InsightQuery,
        response: { 200: Data(AttendanceInsightSchema), ...errorResponses },
      },
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request) => ({ data: await attendanceInsight(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/insights/attendance/export',
    {
      schema: xlsxSchema('insights', InsightQuery, 'The attendance insight as an xlsx file: a sheet per week, class, teacher and the most absent students.'),
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request, reply) => {
      // read (and checked) before the download starts: a bad period is a 400, never a cut file
      const report = await attendanceInsight(app.ctx, actorOf(request), request.query, { every: true });
      return sendWorkbook(request, reply, `chuyen-can-${report.from}-${report.to}.xlsx`, async (workbook) => {
        writeTableSheet(workbook, 'Theo tuần', [{ header: 'Tuần từ', key: 'week', width: 14 }, ...RATE_COLUMNS], report.weeks.map((row) => ({ ...row, week: formatDate(row.week_start) })));
        writeTableSheet(workbook, 'Theo lớp', [{ header: 'Lớp', key: 'class_name', width: 32 }, ...RATE_COLUMNS], report.classes);
        writeTableSheet(workbook, 'Theo giáo viên', [{ header: 'Giáo viên', key: 'name', width: 28 }, ...RATE_COLUMNS], report.teachers);
        writeTableSheet(workbook, 'Vắng nhiều nhất', [{ header: 'Học viên', key: 'name', width: 28 }, { header: 'Số buổi vắng', key: 'absences', width: 14 }], report.absent_students);
      });
    },
  );

  app.get(
    '/learning/insights/money',
    {
      schema: {
        tags: ['insights'],
        description:
          "Money of the period and centre: collected per month and method (the revenue report's figures), what orders owe now and the part overdue (the debts' totals), and the collected money per course. The course and teacher filters do not narrow money.",
        querystring: InsightQuery,
        response: { 200: Data(MoneyInsightSchema), ...errorResponses },
      },
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request) => ({ data: await moneyInsight(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/insights/money/export',
    {
      schema: xlsxSchema('insights', InsightQuery, 'The money insight as an xlsx file: a sheet of the months (with the owed and overdue totals) and one of the courses.'),
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request, reply) => {
      const report = await moneyInsight(app.ctx, actorOf(request), request.query);
      const money = (header: string, key: string) => ({ header, key, width: 18, style: { numFmt: MONEY } });
      return sendWorkbook(request, reply, `tai-chinh-${report.from}-${report.to}.xlsx`, async (workbook) => {
        writeTableSheet(
          workbook,
          'Theo tháng',
          [{ header: 'Tháng', key: 'month', width: 12 }, money('Tiền mặt (VND)', 'cash'), money('Chuyển khoản (VND)', 'transfer'), money('Thẻ (VND)', 'card'), money('Tổng thu (VND)', 'collected')],
          [
            ...report.months.map((row) => ({ ...row, month: `${row.month.slice(5, 7)}/${row.month.slice(0, 4)}` })),
            { month: 'Tổng', collected: report.collected },
            { month: 'Còn phải thu', collected: report.owed },
            { month: 'Quá hạn', collected: report.overdue },
          ],
        );
        writeTableSheet(workbook, 'Theo khoá học', [{ header: 'Khoá học', key: 'name', width: 32 }, money('Đã thu (VND)', 'collected')], report.courses);
      });
    },
  );
};

export default routes;
