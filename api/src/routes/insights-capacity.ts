/**
 * The operator's capacity insight: GET /learning/insights/capacity (each centre's room occupancy per
 * weekday and hour, each room's use over the period, each teacher's hours this month against their usual)
 * and its /export (the same as xlsx). Behind the Insight permission resource; a giáo vụ with a centre reads
 * their centre only (services/insights-capacity).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatDate, VIETNAMESE_WEEKDAYS } from '@trungtam/shared/format';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { CapacityInsightSchema, InsightQuery } from '@trungtam/shared/schemas/insights';
import { actorOf, requirePermission } from '../factory';
import { sendWorkbook, writeTableSheet, xlsxSchema } from '../lib/xlsx';
import { capacityInsight } from '../services/insights-capacity';

const PERCENT = '0.0%';
const HOURS = '#,##0.00';
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/learning/insights/capacity',
    {
      schema: {
        tags: ['insights'],
        description:
          "Capacity. Per centre in reach (only the centre filter narrows rooms): for each weekday × hour, the minutes of the period's sessions held in its rooms in use (not deleted, active) within that hour ÷ those rooms × the period's dates on that weekday × 60; per room, its sessions, their minutes and those ÷ the period's opening minutes (06:00–22:00 every day). Per teacher: hours taught (sessions whose roll was taken) from the 1st of the month of `to` to `to`, against the mean of the 3 full months before; every filter narrows them.",
        querystring: InsightQuery,
        response: { 200: Data(CapacityInsightSchema), ...errorResponses },
      },
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request) => ({ data: await capacityInsight(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/learning/insights/capacity/export',
    {
      schema: xlsxSchema('insights', InsightQuery, "The capacity insight as an xlsx file: the heat maps' cells (a row per centre, weekday and hour), the rooms and the teachers' hours."),
      preHandler: requirePermission('Insight', 'GetAll'),
    },
    async (request, reply) => {
      // read (and checked) before the download starts: a bad period is a 400, never a cut file
      const report = await capacityInsight(app.ctx, actorOf(request), request.query);
      return sendWorkbook(request, reply, `cong-suat-${report.from}-${report.to}.xlsx`, async (workbook) => {
        writeTableSheet(
          workbook,
          'Công suất phòng',
          [
            { header: 'Trung tâm', key: 'centre', width: 28 },
            { header: 'Thứ', key: 'weekday', width: 12 },
            { header: 'Giờ', key: 'hour', width: 8 },
            { header: 'Phút đã xếp lịch', key: 'booked_minutes', width: 18 },
            { header: 'Phút có thể dùng', key: 'available_minutes', width: 18 },
            { header: 'Tỉ lệ sử dụng', key: 'occupancy', width: 14, style: { numFmt: PERCENT } },
          ],
          report.centres.flatMap((centre) => centre.cells.map((cell) => ({ ...cell, centre: centre.name, weekday: VIETNAMESE_WEEKDAYS[cell.weekday % 7], hour: hourLabel(cell.hour) }))),
        );
        writeTableSheet(
          workbook,
          'Theo phòng',
          [
            { header: 'Trung tâm', key: 'centre', width: 28 },
            { header: 'Phòng', key: 'name', width: 24 },
            { header: 'Số buổi', key: 'sessions', width: 10 },
            { header: 'Giờ đã dùng', key: 'hours', width: 12, style: { numFmt: HOURS } },
            { header: `Tỉ lệ sử dụng (${hourLabel(report.open_hour)}–${hourLabel(report.close_hour)})`, key: 'occupancy', width: 24, style: { numFmt: PERCENT } },
          ],
          report.centres.flatMap((centre) => centre.rooms.map((room) => ({ ...room, centre: centre.name, hours: room.booked_minutes / 60 }))),
        );
        writeTableSheet(
          workbook,
          'Giờ dạy giáo viên',
          [
            { header: 'Giáo viên', key: 'name', width: 28 },
            { header: `Giờ dạy ${formatDate(report.month_from)}–${formatDate(report.month_to)}`, key: 'hours', width: 26, style: { numFmt: HOURS } },
            { header: 'Trung bình 3 tháng trước', key: 'usual_hours', width: 24, style: { numFmt: HOURS } },
            { header: 'Chênh lệch (giờ)', key: 'difference', width: 16, style: { numFmt: HOURS } },
            { header: 'Chênh lệch (%)', key: 'difference_rate', width: 16, style: { numFmt: PERCENT } },
            { header: 'Số buổi', key: 'sessions', width: 10 },
          ],
          report.teachers,
        );
      });
    },
  );
};

export default routes;
