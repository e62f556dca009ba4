/** The access policy of Holiday: the days off of every centre and of the user's own (access.ts registers it). */
import { eq, isNull, or, type SQL } from 'drizzle-orm';
import { holidays } from '../../db/schema';
import { Actor, isAdmin, allow, deny, ResourcePolicy } from '../policy';
import { managesClassAt } from './classes';

export interface HolidayRow {
  centerId: number | null;
}

/**
 * Whose days off `actor` reads besides every centre's: 'all' for an administrator and a giáo vụ without a
 * centre; otherwise their own centre's (null: none, for an account without a centre), as with other centre rows.
 */
export function holidayCenter(actor: Actor): number | null | 'all' {
  if (isAdmin(actor) || (actor.type === 'academic_affair' && !actor.center_id)) return 'all';
  return actor.center_id ?? null;
}

/** Days off: read by whoever schedules, each their own centre's and every centre's; written as classes are. */
export const holidayPolicy: ResourcePolicy<HolidayRow, HolidayRow> = {
  scope(actor) {
    const center = holidayCenter(actor);
    if (center === 'all') return 'all';
    return center === null ? isNull(holidays.centerId) : (or(eq(holidays.centerId, center), isNull(holidays.centerId)) as SQL);
  },
  read(actor, row) {
    const center = holidayCenter(actor);
    return center === 'all' || row.centerId === null || row.centerId === center ? allow : deny();
  },
  create: (actor, row) => managesClassAt(actor, row.centerId),
  update(actor, row, change) {
    const now = managesClassAt(actor, row.centerId);
    return now.allowed && change.centerId !== undefined ? managesClassAt(actor, change.centerId) : now;
  },
  delete: (actor, row) => managesClassAt(actor, row.centerId),
};

/** Taking attendance: the session's teacher, or staff within their centre; never a student. */
