/** What the schedules screen computes on its own: the range a view covers, the list call, a session's times and colours. */
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { readListSearch, writeListSearch } from '@trungtam/shared/resource';
import { CLASS_PALETTE, CLASS_TEXT_COLOR, classColor } from '../src/features/schedules/colors';
import { byDateAndTime, listPeriodProblem, listRange, NO_LIST_FILTERS, periodTitle, rangeTitle, scheduleCodecs, type ScheduleScreen, scheduleListParams, sessionTimes, shiftDate, slotBounds, timeRange, visibleRange } from '../src/features/schedules/view';

describe('the range a view covers', () => {
  it('a week and the list: Monday to Sunday, across a year end too', () => {
    expect(visibleRange('week', '2026-03-04')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(visibleRange('list', '2026-03-08')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(visibleRange('week', '2026-01-01')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });

  it("a month: the whole weeks of its first and last days, as the grid shows them", () => {
    // 1 March 2026 is a Sunday, 31 March a Tuesday
    expect(visibleRange('month', '2026-03-18')).toEqual({ start: '2026-02-23', end: '2026-04-05' });
    // 1 June 2026 is a Monday, 30 June a Tuesday
    expect(visibleRange('month', '2026-06-30')).toEqual({ start: '2026-06-01', end: '2026-07-05' });
    // February 2027 starts on a Monday and ends on a Sunday: four weeks exactly
    expect(visibleRange('month', '2027-02-10')).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  it('moves by a week or a month; a month from the 31st lands on the last day of a shorter one', () => {
    expect(shiftDate('week', '2026-03-04', 1)).toBe('2026-03-11');
    expect(shiftDate('list', '2026-01-02', -1)).toBe('2025-12-26');
    expect(shiftDate('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftDate('month', '2026-01-15', -1)).toBe('2025-12-15');
  });

  it('is titled by its month, or by its week (with both years when it spans two)', () => {
    expect(rangeTitle('month', '2026-03-18')).toBe('Tháng 3/2026');
    expect(rangeTitle('week', '2026-03-04')).toBe('02/03 – 08/03/2026');
    expect(rangeTitle('list', '2026-01-01')).toBe('29/12/2025 – 04/01/2026');
  });
});

describe('the URL', () => {
  it('keeps the view, the date and the filters; the defaults are left out; bad values fall back to them', () => {
    const codecs = scheduleCodecs('week');
    const state: ScheduleScreen = { class_id: 3, teacher_id: 0, center_id: 1, room_id: 0, view: 'month', date: '2026-03-04', ...NO_LIST_FILTERS };
    const written = writeListSearch(codecs, state, 1);
    expect(written.toString()).toBe('class_id=3&center_id=1&view=month&date=2026-03-04');
    expect(readListSearch(codecs, written).filters).toEqual({ class_id: 3, teacher_id: 0, center_id: 1, room_id: 0, view: 'month', date: '2026-03-04', ...NO_LIST_FILTERS });

    const bad = readListSearch(codecs, new URLSearchParams('view=year&date=2026-02-30&class_id=abc')).filters;
    expect(bad.view).toBe('week');
    expect(bad.class_id).toBe(0);
    expect(bad.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(bad.date).not.toBe('2026-02-30');
  });

  it('on a phone the list is the default, so a link without a view opens the list there', () => {
    const codecs = scheduleCodecs('list');
    expect(readListSearch(codecs, new URLSearchParams('')).filters.view).toBe('list');
    const week: ScheduleScreen = { ...readListSearch(codecs, new URLSearchParams('')).filters, view: 'week' };
    expect(writeListSearch(codecs, week, 1).get('view')).toBe('week');
  });
});

describe("the list's own filters", () => {
  it('keeps a period, the roll taken, an absent student and a course in the URL; bad values fall back to none', () => {
    const codecs = scheduleCodecs('week');
    const read = readListSearch(codecs, new URLSearchParams('view=list&from=2026-10-05&to=2026-10-18&attendance_taken=1&absent_student_id=88&product_id=4')).filters;
    expect(read).toMatchObject({ view: 'list', from: '2026-10-05', to: '2026-10-18', attendance_taken: '1', absent_student_id: 88, product_id: 4 });
    // the date is today's, left out
    expect(writeListSearch(codecs, read, 1).toString()).toBe('view=list&from=2026-10-05&to=2026-10-18&attendance_taken=1&absent_student_id=88&product_id=4');
    const bad = readListSearch(codecs, new URLSearchParams('from=2026-02-30&to=hôm nay&attendance_taken=true&absent_student_id=-1&product_id=x')).filters;
    expect(bad).toMatchObject(NO_LIST_FILTERS);
  });

  it('a period replaces the week, an end may stay open; a reversed one is refused in Vietnamese', () => {
    expect(listRange({ from: '2026-10-05', to: '2026-10-18' }, '2026-03-04')).toEqual({ start: '2026-10-05', end: '2026-10-18' });
    expect(listRange({ from: '2026-10-05', to: '' }, '2026-03-04')).toEqual({ start: '2026-10-05', end: '' });
    expect(listRange({ from: '', to: '2026-10-18' }, '2026-03-04')).toEqual({ start: '1900-01-01', end: '2026-10-18' });
    expect(listRange({ from: '', to: '' }, '2026-03-04')).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(periodTitle({ from: '2026-10-05', to: '2026-10-18' })).toBe('05/10/2026 – 18/10/2026');
    expect(periodTitle({ from: '2026-10-05', to: '' })).toBe('Từ 05/10/2026');
    expect(listPeriodProblem({ from: '2026-10-18', to: '2026-10-05' })).toBe('Ngày bắt đầu phải trước hoặc bằng ngày kết thúc: hãy chọn lại khoảng ngày.');
    expect(listPeriodProblem({ from: '2026-10-05', to: '2026-10-05' })).toBeNull();
  });

  it('are sent as schedule_date (once for an open end), attendance_taken, absent_student_id and product_id', () => {
    const none = { class_id: 0, teacher_id: 0, center_id: 2, room_id: 0 };
    const params = scheduleListParams({ start: '2026-10-05', end: '' }, none, { limit: 20, page: 1 }, { attendance_taken: '1', absent_student_id: 88, product_id: 4 });
    expect(params.getAll('schedule_date')).toEqual(['2026-10-05']);
    expect([params.get('center_id'), params.get('attendance_taken'), params.get('absent_student_id'), params.get('product_id')]).toEqual(['2', '1', '88', '4']);
    const all = scheduleListParams({ start: '2026-10-05', end: '2026-10-18' }, none, { limit: 20, page: 1 }, NO_LIST_FILTERS);
    expect([all.has('attendance_taken'), all.has('absent_student_id'), all.has('product_id')]).toEqual([false, false, false]);
  });
});

describe('the list call', () => {
  it('the range twice, the filters other than 0, the relationships repeated, by date', () => {
    const params = scheduleListParams({ start: '2026-03-02', end: '2026-03-08' }, { class_id: 0, teacher_id: 7, center_id: 0, room_id: 5 }, { limit: 20, page: 2, sort: { column: 'schedule_date', direction: 'DESC' } });
    expect(params.toString()).toBe(
      'limit=20&page=2&sort_column=schedule_date&sort_type=DESC&schedule_date=2026-03-02&schedule_date=2026-03-08&teacher_id=7&room_id=5' +
        '&relationships=class&relationships=center&relationships=room&relationships=teacher',
    );
    expect(scheduleListParams({ start: '2026-03-02', end: '2026-03-08' }, { class_id: 0, teacher_id: 0, center_id: 0, room_id: 0 }, { limit: 1000, page: 1 }).get('sort_type')).toBe('ASC');
  });
});

const at = (date: string, hour: number, minute: number, duration = 90) =>
  ({ schedule_id: hour * 100 + minute, schedule_date: date, schedule_hour: hour, schedule_minute: minute, duration }) as ClassSchedule;

describe("a session's time", () => {
  it("is the operator's wall clock, whatever the zone the browser is in", () => {
    expect(sessionTimes(at('2026-03-04', 18, 0))).toEqual({ start: '2026-03-04T18:00:00', end: '2026-03-04T19:30:00' });
    // a late session ends on the next day
    expect(sessionTimes(at('2026-03-31', 23, 15, 60))).toEqual({ start: '2026-03-31T23:15:00', end: '2026-04-01T00:15:00' });
    expect(timeRange(at('2026-03-04', 7, 5, 45))).toBe('07:05 – 07:50');
    expect(timeRange(at('2026-03-31', 23, 15, 60))).toBe('23:15 – 00:15');
  });

  it('orders a page by date then start, either way', () => {
    const rows = [at('2026-03-05', 8, 0), at('2026-03-04', 18, 0), at('2026-03-04', 9, 30)];
    expect([...rows].sort(byDateAndTime('ASC')).map((s) => `${s.schedule_date} ${s.schedule_hour}`)).toEqual(['2026-03-04 9', '2026-03-04 18', '2026-03-05 8']);
    expect([...rows].sort(byDateAndTime('DESC')).map((s) => `${s.schedule_date} ${s.schedule_hour}`)).toEqual(['2026-03-05 8', '2026-03-04 18', '2026-03-04 9']);
  });

  it('the week grid covers 07:00–21:00, widened to the sessions shown', () => {
    expect(slotBounds([])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '21:00:00' });
    expect(slotBounds([at('2026-03-04', 6, 30), at('2026-03-04', 21, 0, 45)])).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '22:00:00' });
    expect(slotBounds([at('2026-03-04', 23, 0, 120)]).slotMaxTime).toBe('24:00:00');
  });
});

/** WCAG 2 contrast of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

describe("a class's colour", () => {
  it('is the same for a class every time, differs between neighbouring classes, and holds its text at 4.5:1 at least', () => {
    expect(classColor(3)).toEqual(classColor(3));
    expect(classColor(3)).toEqual(classColor(3 + CLASS_PALETTE.length));
    const firstTwelve = new Set(Array.from({ length: CLASS_PALETTE.length }, (_, i) => classColor(i + 1).background));
    expect(firstTwelve.size).toBe(CLASS_PALETTE.length);
    for (const background of CLASS_PALETTE) expect(contrast(background, CLASS_TEXT_COLOR)).toBeGreaterThanOrEqual(4.5);
  });
});
