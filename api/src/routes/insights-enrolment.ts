/**
 * The operator's enrolment insight: GET /learning/insights/enrolment (per month the enrolments started,
 * ended, active and their students at its end; the running classes' fill; the "Sắp hết buổi" count) and its
 * /export (the same as xlsx: a sheet of the months with the totals, one of the classes). Behind the Insight
 * permission resource; a giáo vụ with a centre reads their centre only (services/insights-enrolment).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { EnrolmentInsightSchema, InsightQuery } from '@trungtam/shared/schemas/insights';
import { actorOf, requirePermission } from '../factory';
import { sendWorkbook, writeTableSheet, xlsxSchema } from '../lib/xlsx';
import { enrolmentInsight } from '../services/insights-enrolment';

const PERCENT = '0.0%';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/insights/enrolment',
    {
      schema: {
        tags: ['insights'],
        description:
          "Enrolments through their class (the centre, course and teacher filters are the class's): per month of the period those started and ended, and at its end the active enrolments and distinct students; the running classes' active enrolments ÷ capacity (the class's, else its room's), the fullest first; and the \"Sắp hết buổi\" count, the low-balance list's total for the centre. Default period: the last 8 weeks; at most a year.",
        querystring: InsightQuery,
        response: { 200: Data(EnrolmentInsightSchema), ...errorResponses },
      },
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request) => ({ data: await enrolmentInsight(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/insights/enrolment/export',
    {
      schema: xlsxSchema('insights', InsightQuery, "The enrolment insight as an xlsx file: a sheet of the months (with the period's totals) and one of the classes' fill."),
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request, reply) => {
      // read (and checked) before the download starts: a bad period is a 400, never a cut file
      const report = await enrolmentInsight(app.ctx, actorOf(request), request.query, { every: true });
      return sendWorkbook(request, reply, `ghi-danh-${report.from}-${report.to}.xlsx`, async (workbook) => {
        writeTableSheet(
          workbook,
          'Theo tháng',
          [
            { header: 'Tháng', key: 'month', width: 14 },
            { header: 'Ghi danh mới', key: 'started', width: 14 },
            { header: 'Kết thúc', key: 'ended', width: 12 },
            { header: 'Đang học (cuối tháng)', key: 'active', width: 22 },
            { header: 'Học viên (cuối tháng)', key: 'students', width: 22 },
          ],
          [
            ...report.months.map((row) => ({ ...row, month: `${row.month.slice(5, 7)}/${row.month.slice(0, 4)}` })),
            { month: 'Tổng', started: report.totals.started, ended: report.totals.ended, active: report.totals.active, students: report.totals.students },
            { month: 'Sắp hết buổi', active: report.low_balance },
          ],
        );
        writeTableSheet(
          workbook,
          'Sĩ số lớp',
          [
            { header: 'Lớp', key: 'class_name', width: 32 },
            { header: 'Đang học', key: 'enrolled', width: 12 },
            { header: 'Sĩ số tối đa', key: 'capacity', width: 14 },
            { header: 'Theo', key: 'from', width: 12 },
            { header: 'Lấp đầy', key: 'fill', width: 12, style: { numFmt: PERCENT } },
          ],
          report.classes.map((row) => ({ ...row, from: row.capacity_from === 'class' ? 'Lớp' : row.capacity_from === 'room' ? 'Phòng học' : '' })),
        );
      });
    },
  );
};

export default routes;
