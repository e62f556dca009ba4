import {
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatNumber,
  formatTime,
  formatVnd,
  isoWeekBounds,
  vietnameseWeekday,
} from '../src/format';

describe('format helpers', () => {
  it('formats dates as DD/MM/YYYY and invalid or missing ones as "-"', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate(new Date('2026-12-31T10:00:00+07:00'))).toBe('31/12/2026');
    // an instant is read on the operator's clock: 18:00 UTC on the 31st is already 1 January there
    expect(formatDate('2026-12-31T18:00:00Z')).toBe('01/01/2027');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDate(null)).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('')).toBe('-');
  });

  it('formats date-times with kk hours (1–24)', () => {
    expect(formatDateTime(new Date('2026-03-05T14:07:09+07:00'))).toBe('05/03/2026 14:07:09');
    expect(formatDateTime(new Date('2026-03-05T00:05:06+07:00'))).toBe('05/03/2026 24:05:06');
    expect(formatDateTime('garbage')).toBe('-');
  });

  it('formats a moment to the minute, HH:mm on the operator clock', () => {
    expect(formatDateMinute('2026-03-05T17:30:59Z')).toBe('06/03/2026 00:30');
    expect(formatDateMinute(null)).toBe('-');
  });

  it('formats hour and minute', () => {
    expect(formatTime(8, 5)).toBe('08:05');
    expect(formatTime(18, 30)).toBe('18:30');
  });

  it('names weekdays in Vietnamese from a date', () => {
    // 2026-11-23 is a Monday
    const names = [23, 24, 25, 26, 27, 28, 29].map((d) => vietnameseWeekday(new Date(`2026-11-${d}T12:00:00+07:00`)));
    expect(names).toEqual(['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật']);
  });

  it('names weekdays in Vietnamese from an English weekday name', () => {
    expect(vietnameseWeekday('Monday')).toBe('Thứ Hai');
    expect(vietnameseWeekday('sunday')).toBe('Chủ Nhật');
    expect(vietnameseWeekday('Wednesday ')).toBe('Thứ Tư');
    expect(vietnameseWeekday('Someday')).toBe('-');
  });

  it('gives the ISO week (Monday to Sunday) of a Sunday and of a Monday', () => {
    expect(isoWeekBounds(new Date('2026-11-29T12:00:00+07:00'))).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(isoWeekBounds(new Date('2026-11-30T12:00:00+07:00'))).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(isoWeekBounds('2026-11-25')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
  });

  it('writes numbers and amounts of đồng as Vietnamese does: dots between thousands, a comma before decimals', () => {
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(formatNumber(1.25)).toBe('1,25');
    expect(formatNumber(8)).toBe('8');
    expect(formatVnd(4_800_000).replace(/\s/g, ' ')).toBe('4.800.000 ₫');
    expect(formatVnd(0).replace(/\s/g, ' ')).toBe('0 ₫');
  });
});
