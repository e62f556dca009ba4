/** The export's date formatter writes exactly what the screens' formatDateTime shows. */
import { formatDateTime } from '@trungtam/shared/format';
import { DEFAULT_OPERATOR_TIME_ZONE, setOperatorTimeZone } from '@trungtam/shared/operatorDate';
import { exportDateTime } from '../src/lib/operator-clock';

afterAll(() => setOperatorTimeZone(DEFAULT_OPERATOR_TIME_ZONE));

describe('exportDateTime', () => {
  it.each([DEFAULT_OPERATOR_TIME_ZONE, 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'UTC'])('equals formatDateTime in %s', (zone) => {
    setOperatorTimeZone(zone);
    const instants = [
      Date.UTC(2026, 0, 1, 0, 0, 0),
      Date.UTC(2026, 0, 1, 17, 0, 0), // midnight in Hồ Chí Minh City: hour 24 in 'kk'
      Date.UTC(2026, 2, 29, 0, 59, 59), // around a change of summer time in Europe
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 10, 1, 5, 30, 0),
      Date.UTC(1970, 0, 1),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      // Lord Howe Island moves its clocks by 30 minutes at 15:30 UTC: a change inside an hour
      Date.UTC(2026, 9, 3, 15, 10, 0),
      Date.UTC(2026, 9, 3, 15, 29, 59),
      Date.UTC(2026, 9, 3, 15, 30, 0),
      Date.UTC(2026, 9, 3, 15, 45, 30),
    ];
    // and one every 7 h 13 min 17.5 s over two years
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 26_000_500) instants.push(t);
    for (const t of instants) expect(exportDateTime(new Date(t))).toBe(formatDateTime(new Date(t)));
    expect(exportDateTime(null)).toBe('');
  });
});
