/**
 * The operator's insights, a GET and its /export (the same as xlsx, a sheet per table) per section of the
 * overview: attendance (rates per week, class and teacher, the most absent students), money (collected per
 * month and method, owed and overdue now, collected per course), enrolment (per month the enrolments
 * started, ended, active and their students; the classes' fill; the "Sắp hết buổi" count) and capacity (each
 * centre's room occupancy per weekday and hour, each room's use, each teacher's hours against their usual).
 * Behind the Insight permission resource; a giáo vụ with a centre reads their centre only (services/insights*).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from 'typebox';
import { formatDate, VIETNAMESE_WEEKDAYS } from '@trungtam/shared/format';
import { Data, errorResponses } from '@trungtam/shared/schemas/builders';
import { AttendanceInsightSchema, CapacityInsightSchema, EnrolmentInsightSchema, InsightQuery, MoneyInsightSchema } from '@trungtam/shared/schemas/insights';
import type { Actor } from '../access/access';
import { actorOf, requirePermission } from '../factory';
import type { ExcelJS } from '../lib/sheet/exceljs';
import { sendWorkbook, writeTableSheet, xlsxSchema } from '../lib/xlsx';
import { attendanceInsight, moneyInsight } from '../services/insights';
import { capacityInsight } from '../services/insights-capacity';
import { enrolmentInsight } from '../services/insights-enrolment';
import type { AppContext } from '../types';

const PERCENT = '0.0%';
const MONEY = '#,##0';
const HOURS = '#,##0.00';
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const RATE_COLUMNS: Array<Partial<ExcelJS.Column>> = [
  { header: 'Lượt điểm danh', key: 'marked', width: 16 },
  { header: 'Có mặt', key: 'present', width: 12 },
  { header: 'Tỉ lệ có mặt', key: 'rate', width: 14, style: { numFmt: PERCENT } },
];

/** A section of the overview: its answer, how it is read (`every`: the export's whole lists) and its workbook. */
interface InsightSection<Report extends { from: string; to: string }> {
  name: string;
  description: string;
  schema: TSchema;
  read: (ctx: AppContext, actor: Actor, query: Static<typeof InsightQuery>, options: { every: boolean }) => Promise<Report>;
  exportDescription: string;
  /** The file's name before its period: `<file>-<from>-<to>.xlsx`. */
  file: string;
  sheets: (workbook: ExcelJS.stream.xlsx.WorkbookWriter, report: Report) => void;
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** A section's GET and its /export, behind the Insight permission resource. */
const section =
  <Report extends { from: string; to: string }>({ name, description, schema, read, exportDescription, file, sheets }: InsightSection<Report>) =>
  (app: App) => {
    app.get(
      `/learning/insights/${name}`,
      {
        schema: { tags: ['insights'], description, querystring: InsightQuery, response: { 200: Data(schema), ...errorResponses } },
        preHandler: requirePermission('Insight', 'GetAll'),
      },
      async (request) => ({ data: await read(app.ctx, actorOf(request), request.query, { every: false }) }),
    );
    app.get(
      `/learning/insights/${name}/export`,
      { schema: xlsxSchema('insights', InsightQuery, exportDescription), preHandler: requirePermission('Insight', 'GetAll') },
      async (request, reply) => {
        // read (and checked) before the download starts: a bad period is a 400, never a cut file
        const report = await read(app.ctx, actorOf(request), request.query, { every: true });
        return sendWorkbook(request, reply, `${file}-${report.from}-${report.to}.xlsx`, async (workbook) => sheets(workbook, report));
      },
    );
  };

const SECTIONS = [
  section({
    name: 'attendance',
    description: 'Attendance over the sessions of the period whose roll was taken: students marked, present and the rate (present ÷ marked) per week, class and teacher (the 50 lowest rates of each, with their counts), and the 10 students most often absent (not excused). Default period: the last 8 weeks; at most a year. The export lists every class and teacher.',
    schema: AttendanceInsightSchema,
    read: attendanceInsight,
    exportDescription: 'The attendance insight as an xlsx file: a sheet per week, class, teacher and the most absent students.',
    file: 'chuyen-can',
    sheets: (workbook, report) => {
      writeTableSheet(workbook, 'Theo tuần', [{ header: 'Tuần từ', key: 'week', width: 14 }, ...RATE_COLUMNS], report.weeks.map((row) => ({ ...row, week: formatDate(row.week_start) })));
      writeTableSheet(workbook, 'Theo lớp', [{ header: 'Lớp', key: 'class_name', width: 32 }, ...RATE_COLUMNS], report.classes);
      writeTableSheet(workbook, 'Theo giáo viên', [{ header: 'Giáo viên', key: 'name', width: 28 }, ...RATE_COLUMNS], report.teachers);
      writeTableSheet(workbook, 'Vắng nhiều nhất', [{ header: 'Học viên', key: 'name', width: 28 }, { header: 'Số buổi vắng', key: 'absences', width: 14 }], report.absent_students);
    },
  }),
  section({
    name: 'money',
    description: "Money of the period and centre: collected per month and method (the revenue report's figures), what orders owe now and the part overdue (the debts' totals), and the collected money per course. The course and teacher filters do not narrow money.",
    schema: MoneyInsightSchema,
    read: (ctx, actor, query) => moneyInsight(ctx, actor, query),
    exportDescription: 'The money insight as an xlsx file: a sheet of the months (with the owed and overdue totals) and one of the courses.',
    file: 'tai-chinh',
    sheets: (workbook, report) => {
      const money = (header: string, key: string) => ({ header, key, width: 18, style: { numFmt: MONEY } });
      writeTableSheet(
        workbook,
        'Theo tháng',
        [{ header: 'Tháng', key: 'month', width: 12 }, money('Tiền mặt (VND)', 'cash'), money('Chuyển khoản (VND)', 'transfer'), money('Thẻ (VND)', 'card'), money('Tổng thu (VND)', 'collected')],
        [
          ...report.months.map((row) => ({ ...row, month: monthLabel(row.month) })),
          { month: 'Tổng', collected: report.collected },
          { month: 'Còn phải thu', collected: report.owed },
          { month: 'Quá hạn', collected: report.overdue },
        ],
      );
      writeTableSheet(workbook, 'Theo khoá học', [{ header: 'Khoá học', key: 'name', width: 32 }, money('Đã thu (VND)', 'collected')], report.courses);
    },
  }),
  section({
    name: 'enrolment',
    description: "Enrolments through their class (the centre, course and teacher filters are the class's): per month of the period those started and ended, and at its end the active enrolments and distinct students; the running classes' active enrolments ÷ capacity (the class's, else its room's), the fullest first; and the \"Sắp hết buổi\" count, the low-balance list's total for the centre. Default period: the last 8 weeks; at most a year.",
    schema: EnrolmentInsightSchema,
    read: enrolmentInsight,
    exportDescription: "The enrolment insight as an xlsx file: a sheet of the months (with the period's totals) and one of the classes' fill.",
    file: 'ghi-danh',
    sheets: (workbook, report) => {
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
          ...report.months.map((row) => ({ ...row, month: monthLabel(row.month) })),
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
    },
  }),
  section({
    name: 'capacity',
    description: "Capacity. Per centre in reach (only the centre filter narrows rooms): for each weekday × hour, the minutes of the period's sessions held in its rooms in use (not deleted, active) within that hour ÷ those rooms × the period's dates on that weekday × 60; per room, its sessions, their minutes and those ÷ the period's opening minutes (06:00–22:00 every day). Per teacher: hours taught (sessions whose roll was taken) from the 1st of the month of `to` to `to`, against the mean of the 3 full months before; every filter narrows them.",
    schema: CapacityInsightSchema,
    read: (ctx, actor, query) => capacityInsight(ctx, actor, query),
    exportDescription: "The capacity insight as an xlsx file: the heat maps' cells (a row per centre, weekday and hour), the rooms and the teachers' hours.",
    file: 'cong-suat',
    sheets: (workbook, report) => {
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
    },
  }),
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  for (const register of SECTIONS) register(app);
};

export default routes;
