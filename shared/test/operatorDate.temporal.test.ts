/**
 * With the runtime's Temporal (the browsers that have one), the operator's clock is read from it rather
 * than from Intl's date formatters: the same dates and times either way, in zones with and without
 * daylight saving, with odd offsets, and around a change of offset. Node has no Temporal: a stand-in
 * answers the zone offsets as Temporal does (from Intl, here).
 */
import { formatDate, formatDateTime, vietnameseWeekday } from '../src/format';
import { inOperatorZone, operatorClockWithoutIntl, operatorIsoWeek, setOperatorTimeZone } from '../src/operatorDate';

/** The offset at `epochMs` in `zone`, in nanoseconds, from Intl: what Temporal's ZonedDateTime says. */
function offsetNanoseconds(zone: string, epochMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, Number(part.value)]),
  );
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return (wall - Math.floor(epochMs / 1000) * 1000) * 1e6;
}

const asked: string[] = [];
const temporalStandIn = {
  Instant: {
    fromEpochMilliseconds: (ms: number) => ({
      toZonedDateTimeISO: (zone: string) => {
        asked.push(zone);
        return { offsetNanoseconds: offsetNanoseconds(zone, ms) };
      },
    }),
  },
};

const INSTANTS = [
  '2026-11-29T16:59:59Z',
  '2026-11-29T17:00:00Z',
  '2026-03-08T06:59:59Z', // New York, a second before the clocks go forward
  '2026-03-08T07:00:00Z',
  '2026-11-01T05:30:00Z', // New York, inside the hour that repeats
  '1999-12-31T18:15:00Z',
  '1970-01-01T00:00:00Z',
];
const ZONES = ['Asia/Ho_Chi_Minh', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'UTC'];

function shown(value: string) {
  return [formatDate(value), formatDateTime(value), vietnameseWeekday(value), operatorIsoWeek(value), inOperatorZone(value)?.format('YYYY-MM-DD HH:mm:ss Z')];
}

afterEach(() => {
  delete (globalThis as { Temporal?: unknown }).Temporal;
  setOperatorTimeZone('Asia/Ho_Chi_Minh');
  asked.length = 0;
});

describe('the operator clock with the runtime’s Temporal', () => {
  it.each(ZONES)('shows the same dates and times as without it, in %s', (zone) => {
    setOperatorTimeZone(zone);
    const withIntl = INSTANTS.map(shown);
    expect(operatorClockWithoutIntl()).toBe(false);
    Object.assign(globalThis, { Temporal: temporalStandIn });
    expect(operatorClockWithoutIntl()).toBe(true);
    expect(INSTANTS.map(shown)).toEqual(withIntl);
    // (read from the stand-in: the values above are Temporal's, not the date library's)
    expect(asked).toContain(zone);
  });

  it('reads the zone from Intl when Temporal refuses it', () => {
    Object.assign(globalThis, {
      Temporal: { Instant: { fromEpochMilliseconds: () => ({ toZonedDateTimeISO: () => { throw new RangeError('unknown zone'); } }) } },
    });
    expect(operatorClockWithoutIntl()).toBe(false);
    expect(formatDateTime('2026-11-29T17:00:00Z')).toBe('30/11/2026 24:00:00');
  });
});
