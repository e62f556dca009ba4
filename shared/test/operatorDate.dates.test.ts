/**
 * "Today", the ISO week and range ends are the operator's (Asia/Ho_Chi_Minh), whatever the machine's zone
 * and hour. `npm test` runs this file under TZ=UTC and again under TZ=Asia/Ho_Chi_Minh; the clock is
 * faked to either side of midnight, in both zones, at the end of an ISO week.
 */
import { formatDate, formatDateTime, isoWeekBounds } from '../src/format';
import { isIsoDate, operatorInstant, operatorIsoWeek, operatorToday } from '../src/operatorDate';

afterEach(() => {
  jest.useRealTimers();
});

const at = (instant: string) => jest.useFakeTimers({ now: new Date(instant) });

describe('the operator date at any hour, in any machine zone', () => {
  const cases: Array<[string, string, { start: string; end: string }]> = [
    // Sunday 23:30 in Việt Nam (16:30 UTC): still Sunday, the week that ends today
    ['2026-11-29T23:30:00+07:00', '2026-11-29', { start: '2026-11-23', end: '2026-11-29' }],
    // Monday 00:30 in Việt Nam is Sunday 17:30 UTC: a UTC machine still says Sunday, the operator says Monday
    ['2026-11-30T00:30:00+07:00', '2026-11-30', { start: '2026-11-30', end: '2026-12-06' }],
    // Sunday 23:30 UTC is Monday 06:30 in Việt Nam
    ['2026-11-29T23:30:00Z', '2026-11-30', { start: '2026-11-30', end: '2026-12-06' }],
    // Monday 00:30 UTC is Monday 07:30 in Việt Nam
    ['2026-11-30T00:30:00Z', '2026-11-30', { start: '2026-11-30', end: '2026-12-06' }],
  ];

  it.each(cases)('at %s the operator’s today is %s', (instant, today, week) => {
    at(instant);
    expect(operatorToday()).toBe(today);
    expect(operatorIsoWeek()).toEqual(week);
    expect(isoWeekBounds()).toEqual(week);
    expect(formatDate(new Date())).toBe(today.split('-').reverse().join('/'));
  });

  it('gives the instants of a day’s ends in Việt Nam time', () => {
    expect(operatorInstant('2026-11-29')?.toISOString()).toBe('2026-11-28T17:00:00.000Z');
    expect(operatorInstant('2026-11-29', true)?.toISOString()).toBe('2026-11-29T16:59:59.999Z');
    expect(operatorInstant('2026-11-29 23:59:59', true)?.toISOString()).toBe('2026-11-29T16:59:59.999Z');
    // the zone's own history applies: Saigon kept UTC+8 in 1970
    expect(operatorInstant('1970-01-01 00:00:00')?.toISOString()).toBe('1969-12-31T16:00:00.000Z');
    expect(operatorInstant('2026-02-30')).toBeNull();
    expect(operatorInstant('2026-11-29 24:00:00')).toBeNull();
    expect(operatorInstant('29/11/2026')).toBeNull();
  });

  it('shows instants on the operator’s clock', () => {
    expect(formatDateTime('2026-11-29T16:30:00Z')).toBe('29/11/2026 23:30:00');
    expect(formatDateTime('2026-11-29T17:30:00Z')).toBe('30/11/2026 24:30:00');
    // a bare date is a calendar date, not an instant: it never shifts
    expect(formatDate('2026-11-29')).toBe('29/11/2026');
  });

  it('knows a real calendar date', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-5')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(isIsoDate('2026-12-31')).toBe(true);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate(' 2026-12-31')).toBe(false);
  });
});
