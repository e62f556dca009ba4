/**
 * Holidays (days off) under /learning/holiday/…, on the resource factory. A holiday is a centre's, or
 * every centre's (center_id null); generated sessions that fall on one clash (session-plan.ts). They are
 * part of scheduling classes, so the LearningClass permissions govern them, and the access policy keeps a
 * giáo vụ of a centre to that centre's days off (every centre's are only read there).
 */
import { eq, gte, isNull, lte, or } from 'drizzle-orm';
import { isIsoDate } from '@trungtam/shared/operatorDate';
import { HOLIDAY_TEXT, HolidayRecord, HolidayWrite } from '@trungtam/shared/schemas/learning';
import { centreReference } from '../access/references';
import { holidays } from '../db/schema';
import { invalid } from '../lib/errors';
import { crudPaths, listFilter, declareResource } from '../factory';
import { IdFilter, Text } from '@trungtam/shared/schemas/builders';

const dateFilter = Text(10, { pattern: '^\\d{4}-\\d{2}-\\d{2}$', messages: { default: HOLIDAY_TEXT.date } });

export default declareResource({
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
  // a centre's days off: another centre's is answered as a missing one (every centre's, null, is the policy's)
  references: async (db, actor, body) => {
    if (body.center_id) await centreReference(db, actor, 'center_id', body.center_id);
  },
  async beforeWrite(_db, _actor, body) {
    if (!isIsoDate(body.date)) throw invalid({ date: HOLIDAY_TEXT.date });
  },
  messages: { duplicate: HOLIDAY_TEXT.duplicate, inUse: HOLIDAY_TEXT.duplicate },
});

