/**
 * Session generation on the operator's calendar (Việt Nam), whatever the server's zone and hour: the
 * pattern's weekdays fall on the operator's dates across a month's and a year's end, and a running
 * class's "past" ends at the operator's present minute. `npm test` runs this file under TZ=UTC and again
 * under TZ=Asia/Ho_Chi_Minh.
 */
import { occurrences, operatorMinute, planSessions, type Calendar } from '../src/services/session-plan';

afterEach(() => {
  jest.useRealTimers();
});

const EMPTY: Calendar = { teacherBusy: [], roomBusy: [], studentBusy: new Map(), studentNames: new Map(), holidays: new Map(), rooms: [], teachers: [] };
const take = (count: number, iterator: Iterable<{ date: string; hour: number }>) => {
  const out: string[] = [];
  for (const slot of iterator) {
    out.push(`${slot.date} ${slot.hour}`);
    if (out.length === count) break;
  }
  return out;
};

describe.each([
  // Monday 00:30 in Việt Nam = Sunday 17:30 UTC: a UTC server still thinks it is Sunday
  ['2026-11-29T17:30:00Z', '2026-11-30 00:30'],
  // Sunday 23:30 in Việt Nam = Sunday 16:30 UTC
  ['2026-11-29T16:30:00Z', '2026-11-29 23:30'],
])('at %s (operator time %s)', (now, operatorTime) => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(now) });
  });

  it('the present is the operator’s minute', () => {
    expect(operatorMinute()).toBe(operatorTime);
  });

  it('Monday and Saturday slots fall on those weekdays across a year’s end', () => {
    const pattern = [
      { weekday: 1, hour: 18, minute: 0, duration: 90 },
      { weekday: 6, hour: 8, minute: 0, duration: 90 },
    ];
    expect(take(5, occurrences(pattern, '2026-12-26'))).toEqual(['2026-12-26 8', '2026-12-28 18', '2027-01-02 8', '2027-01-04 18', '2027-01-09 8']);
  });

  it('a running class places its new sessions from the operator’s present on, never before it', () => {
    // every evening at 00:00 and 23:45: which of the two on the operator's today are still to come depends on the operator's time
    const pattern = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
      { weekday, hour: 0, minute: 0, duration: 15 },
      { weekday, hour: 23, minute: 45, duration: 15 },
    ]);
    const plan = planSessions({ teacherId: 1, roomId: 1, centerId: 1, startDate: '2026-11-01', pattern, totalLesson: 2 }, EMPTY, [], operatorMinute());
    const [day] = operatorTime.split(' ');
    const first = plan.sessions[0];
    expect(`${first.schedule_date} ${first.schedule_hour}:${first.schedule_minute}`).toBe(`${day} 23:45`);
    expect(plan.sessions.every((s) => `${s.schedule_date} ${String(s.schedule_hour).padStart(2, '0')}:${String(s.schedule_minute).padStart(2, '0')}` >= operatorTime)).toBe(true);
  });
});
