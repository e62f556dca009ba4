/**
 * Holidays (days off) under /learning/holiday/…, on the resource factory. A holiday is a centre's, or
 * every centre's (center_id null); generated sessions that fall on one clash (session-plan.ts). They are
 * part of scheduling classes, so the LearningClass permissions govern them, and the access policy keeps a
 * giáo vụ of a centre to that centre's days off (every centre's are only read there).
 */
import { eq, gte, isNull, lte, or } from 'drizzle-orm';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import { HOLIDAY_TEXT, HolidayRecord, HolidayWrite } from '@trungtam/shared/schemas/learning';
import { centers, holidays } from '../db/schema';
import { invalid, TEXT } from '../lib/errors';
import { crudPaths, listFilter, resourceRoutes } from '../lib/resource';
import { IdFilter, Text } from '../schemas/common';

const dateFilter = Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: HOLIDAY_TEXT.date } });

export default resourceRoutes({
  name: 'Holiday',
  tag: 'learning',
  paths: crudPaths('/learning/holiday'),
  permission: 'LearningClass',
  policy: 'Holiday',
  table: holidays,
  primaryKey: holidays.holidayId,
  idField: 'holiday_id',
  schemas: { record: HolidayRecord, write: HolidayWrite },
  sort: { columns: { holiday_id: holidays.holidayId, date: holidays.date, name: holidays.name }, default: 'date' },
  search: [holidays.name],
  filters: {
    // a centre's days off include every centre's
    center_id: listFilter(IdFilter('center_id phải là số'), (centerId) => (centerId ? or(eq(holidays.centerId, centerId), isNull(holidays.centerId)) : undefined)),
    from: listFilter(dateFilter, (date) => gte(holidays.date, date)),
    to: listFilter(dateFilter, (date) => lte(holidays.date, date)),
  },
  updatedAt: holidays.updatedAt,
  toRecord: (row: typeof holidays.$inferSelect) => ({ holiday_id: row.holidayId, center_id: row.centerId, date: row.date, name: row.name }),
  toValues: (body) => ({ centerId: body.center_id || null, date: body.date, name: body.name.trim() }),
  async beforeWrite(db, _actor, body) {
    if (!isIsoDate(body.date)) throw invalid({ date: HOLIDAY_TEXT.date });
    if (body.center_id) {
      const [centre] = await db.select({ id: centers.centerId }).from(centers).where(eq(centers.centerId, body.center_id)).limit(1);
      if (!centre) throw invalid({ center_id: TEXT.centerNotFound });
    }
  },
  messages: { duplicate: HOLIDAY_TEXT.duplicate, inUse: HOLIDAY_TEXT.duplicate },
});

