/**
 * The account lists' default created-at range ends on the operator's today (Việt Nam), whatever the
 * browser's zone and hour: an account created tonight is listed, counted and exported. `npm test`
 * runs this file under TZ=UTC and again under TZ=Asia/Ho_Chi_Minh.
 */
import { accountListParams } from '../src/common/accounts';
import { defaultStudentFilters, exportFileName, studentExportParams, studentListParams } from '../src/features/students/filters';

afterEach(() => {
  jest.useRealTimers();
});

describe.each([
  // Monday 00:30 in Việt Nam = Sunday 17:30 UTC: a UTC browser still thinks it is Sunday
  ['2026-11-29T17:30:00Z', '2026-11-30'],
  // Sunday 23:30 in Việt Nam = Sunday 16:30 UTC
  ['2026-11-29T16:30:00Z', '2026-11-29'],
  // Sunday 23:30 UTC = Monday 06:30 in Việt Nam
  ['2026-11-29T23:30:00Z', '2026-11-30'],
])('at %s (operator date %s)', (now, today) => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date(now) });
  });

  it('students: the default range, the list call, the export call and the file name use that date', () => {
    const filters = defaultStudentFilters();
    expect(filters.createdTo).toBe(today);
    expect(studentListParams(filters, 1).getAll('created_at')).toEqual(['1970-01-01 00:00:00', `${today} 23:59:59`]);
    expect(studentExportParams(filters).getAll('created_at')).toEqual(['1970-01-01 00:00:00', `${today} 23:59:59`]);
    expect(exportFileName()).toBe(`${today}_students-file.xlsx`);
  });

  it('teachers and staff: both ends of the range are sent, ending on that date', () => {
    for (const type of ['teacher', 'academic_affair'] as const) {
      expect(accountListParams(type, { search: '', status: 0 }, 1, 50).getAll('created_at')).toEqual(['1970-01-01 00:00:00', `${today} 23:59:59`]);
    }
  });
});
