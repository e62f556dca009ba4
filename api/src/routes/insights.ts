/**
 * The operator's insights: GET /learning/insights/attendance (rates per week, class and teacher, the most
 * absent students) and /attendance/export (the same as xlsx, a sheet per table). Behind the Insight
 * permission resource; a giáo vụ with a centre reads their centre only (services/insights).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatDate } from '@trungtam/shared/format';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { AttendanceInsightSchema, InsightQuery } from '@trungtam/shared/schemas/insights';
import { actorOf, requirePermission } from '../factory';
import type { ExcelJS } from '../lib/sheet/exceljs';
import { sendWorkbook, xlsxSchema } from '../lib/xlsx';
import { attendanceInsight } from '../services/insights';

const PERCENT = '0.0%';

/** A sheet with bold headers, its rows, committed. */
function table(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Array<Partial<ExcelJS.Column>>, rows: Array<Record<string, unknown>>) {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
}

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
          'Attendance over the sessions of the period whose roll was taken: students marked, present and the rate (present ÷ marked) per week, class and teacher, and the 10 students most often absent (not excused). Default period: the last 8 weeks; at most a year.',
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
      const report = await attendanceInsight(app.ctx, actorOf(request), request.query);
      return sendWorkbook(request, reply, `chuyen-can-${report.from}-${report.to}.xlsx`, async (workbook) => {
        table(workbook, 'Theo tuần', [{ header: 'Tuần từ', key: 'week', width: 14 }, ...RATE_COLUMNS], report.weeks.map((row) => ({ ...row, week: formatDate(row.week_start) })));
        table(workbook, 'Theo lớp', [{ header: 'Lớp', key: 'class_name', width: 32 }, ...RATE_COLUMNS], report.classes);
        table(workbook, 'Theo giáo viên', [{ header: 'Giáo viên', key: 'name', width: 28 }, ...RATE_COLUMNS], report.teachers);
        table(workbook, 'Vắng nhiều nhất', [{ header: 'Học viên', key: 'name', width: 28 }, { header: 'Số buổi vắng', key: 'absences', width: 14 }], report.absent_students);
      });
    },
  );
};

export default routes;
