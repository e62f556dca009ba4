/**
 * The birth dates of an examinee import, whatever the server's zone: DD/MM/YYYY and YYYY-MM-DD text, and
 * date cells read back from a real xlsx file, a whole day and an instant a program in Việt Nam wrote at
 * its midnight. `npm test` runs this file under TZ=UTC and again under TZ=Asia/Ho_Chi_Minh.
 */
import ExcelJS from 'exceljs';
import { sheetBirthDate } from '../src/services/examinee-import';

/** The values of the cells A2, A3 … of a file written with `values` and read back, as the import reads them. */
async function roundTrip(values: Date[]): Promise<unknown[]> {
  const written = new ExcelJS.Workbook();
  const sheet = written.addWorksheet('Thí sinh');
  sheet.addRow(['Ngày sinh']);
  for (const value of values) sheet.addRow([value]);
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(await written.xlsx.writeBuffer());
  return values.map((_, i) => read.worksheets[0].getRow(i + 2).getCell(1).value);
}

describe('a birth date cell', () => {
  it('takes DD/MM/YYYY and YYYY-MM-DD text, one-digit days and months included', () => {
    expect(sheetBirthDate('12/05/2014')).toBe('2014-05-12');
    expect(sheetBirthDate('2/5/2014')).toBe('2014-05-02');
    expect(sheetBirthDate('2014-05-12')).toBe('2014-05-12');
    expect(sheetBirthDate('2014-5-2')).toBe('2014-05-02');
    expect(sheetBirthDate('2016-02-29')).toBe('2016-02-29');
  });

  it('refuses text that is no calendar date in either order', () => {
    for (const text of ['2014-02-30', '30/02/2014', '2015-02-29', '12-05-2014', '2014/05/12', '05/2014', '2014-13-01', 'mười hai']) {
      expect({ text, date: sheetBirthDate(text) }).toEqual({ text, date: null });
    }
  });

  it('reads a date cell as the day it holds, a whole day or the operator’s midnight written by a program, never the machine’s day', async () => {
    const [wholeDay, vietnamMidnight, lateEvening, beforeEpoch] = await roundTrip([
      new Date(Date.UTC(2014, 4, 12)),
      new Date('2014-05-12T00:00:00+07:00'),
      new Date('2014-05-12T23:30:00+07:00'),
      new Date(Date.UTC(1960, 0, 2)),
    ]);
    // what the file holds: exceljs reads every cell as UTC, so the machine's zone changes none of these
    expect(wholeDay).toEqual(new Date('2014-05-12T00:00:00Z'));
    expect(vietnamMidnight).toEqual(new Date('2014-05-11T17:00:00Z'));
    expect(sheetBirthDate(wholeDay as Date)).toBe('2014-05-12');
    expect(sheetBirthDate(vietnamMidnight as Date)).toBe('2014-05-12');
    expect(sheetBirthDate(lateEvening as Date)).toBe('2014-05-12');
    expect(sheetBirthDate(beforeEpoch as Date)).toBe('1960-01-02');
    expect(sheetBirthDate(new Date(Number.NaN))).toBeNull();
  });
});
