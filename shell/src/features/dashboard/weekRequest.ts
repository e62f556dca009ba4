/**
 * The dashboard's week request as plain values (size 20, page 1, sort schedule_date DESC,
 * the class and centre relations, the ISO week's Monday and Sunday): the card's query (api.ts) builds
 * its call from here, and so does a returning user's entry opening the dashboard (earlySignedInPart.ts),
 * which sends it with the session check when the runtime's Temporal gives the operator's date without
 * the date library. Imports nothing but the entry's own reading of Temporal and its path writer, as the
 * entry takes it before any shared module is loaded.
 */
import { apiPath } from '../../startup/apiPath';
import { runtimeTemporal } from '../../startup/runtimeTemporal';

export const WEEK_SCHEDULES_PATH = '/learning/class-schedule';

export interface Week {
  /** Monday, 'YYYY-MM-DD' */
  start: string;
  /** Sunday, 'YYYY-MM-DD' */
  end: string;
}

/** The card's list of `week` (20 sessions, PAGE_SIZES.dashboardSchedules). */
export function weekSchedulesParams(week: Week) {
  return {
    limit: 20,
    page: 1,
    sort_column: 'schedule_date',
    sort_type: 'DESC',
    relationships: ['class', 'center'],
    schedule_date: [week.start, week.end],
  };
}

/**
 * The card's call for `week` as the API client writes it (queryString of @trungtam/shared/api with
 * repeated keys: relationships=class&relationships=center).
 */
export function weekSchedulesPath(week: Week): string {
  return apiPath(WEEK_SCHEDULES_PATH, weekSchedulesParams(week));
}

/** The ISO week of the operator's today in `zone`, from the runtime's Temporal; undefined without one. */
export function temporalOperatorWeek(zone: string): Week | undefined {
  const temporal = runtimeTemporal();
  if (!temporal) return undefined;
  try {
    const today = temporal.Now.plainDateISO(zone);
    // (Temporal counts Monday 1 to Sunday 7)
    const monday = today.subtract({ days: today.dayOfWeek - 1 });
    return { start: monday.toString(), end: monday.add({ days: 6 }).toString() };
  } catch {
    return undefined;
  }
}
