/**
 * Uploaded archives (every xlsx import): decompression bombs are refused from the central directory or
 * while streaming, before ExcelJS would inflate them whole; the import answers 400 and writes nothing.
 */
import ExcelJS from 'exceljs';
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import { ArchiveRefused, checkArchive, XLSX_ARCHIVE_LIMITS } from '../src/lib/upload/archive';
import { loadUploadedWorkbook } from '../src/lib/upload/workbook';
import { API, call, setUpTestApp } from './helpers';
import { overlappingBomb, xlsxBomb } from './support/zip-bomb';

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ArchiveRefused);
    return (error as ArchiveRefused).reason;
  }
  return 'accepted';
};

async function goodWorkbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Thí sinh');
  sheet.addRow(['Họ và tên', 'Môn thi', 'Nhóm thí sinh']);
  for (let n = 0; n < rows; n += 1) sheet.addRow([`Thí sinh ${n}`, 'Vật lý', 'Lớp 6']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('checkArchive', () => {
  it('lets a real workbook through, and ExcelJS then reads it', async () => {
    const file = await goodWorkbook(2000);
    await expect(checkArchive(file)).resolves.toBeUndefined();
    expect((await loadUploadedWorkbook(file)).worksheets[0].actualRowCount).toBe(2001);
  });

  it('refuses a sheet whose header declares 4 GiB, from the central directory', async () => {
    expect(await reasonOf(checkArchive(xlsxBomb(4095)))).toBe('too-large');
  });

  it('stops an entry that lies about its size as soon as more comes out than it declared', async () => {
    expect(await reasonOf(checkArchive(xlsxBomb(1024, 'lying')))).toBe('not-an-archive');
  });

  it('counts entries that share their compressed data, and caps the number of entries', async () => {
    expect(await reasonOf(checkArchive(overlappingBomb(30, 1)))).toBe('too-large');
    expect(await reasonOf(checkArchive(overlappingBomb(XLSX_ARCHIVE_LIMITS.entriesMax, 0)))).toBe('too-large');
  });

  it('refuses a small file that unpacks to far more than its size (ratio), and what is no archive', async () => {
    expect(await reasonOf(checkArchive(xlsxBomb(5)))).toBe('too-large');
    expect(await reasonOf(checkArchive(Buffer.from('Họ và tên;Môn thi')))).toBe('not-an-archive');
    expect(await reasonOf(loadUploadedWorkbook(Buffer.from('Họ và tên;Môn thi')))).toBe('not-an-archive');
  });
});

describe('the examinee import', () => {
  const ctx = setUpTestApp();

  it('answers 400 to every bomb, and imports nothing', async () => {
    const app = ctx.t.app;
    const created = await call(app, 'POST', '/competition/event/create', ctx.tok.admin, {
      name: 'Cuộc thi bom giải nén',
      start_date: '2030-05-01',
      end_date: '2030-05-31',
      status: 2,
      center_id: 1,
    });
    expect(created.statusCode).toBe(201);
    const competitionId: number = created.json().data.competition_id;
    for (const [file, message] of [
      [xlsxBomb(4095), T.importUnpackedTooLarge],
      [xlsxBomb(1024, 'lying'), T.importFileInvalid],
      [overlappingBomb(60, 1), T.importUnpackedTooLarge],
    ] as const) {
      const form = new FormData();
      form.append('competition_id', String(competitionId));
      form.append('file', new Blob([new Uint8Array(file)]), 'thi-sinh.xlsx');
      const res = await app.inject({ method: 'POST', url: `${API}/competition/examinee/import`, headers: { authorization: `Bearer ${ctx.tok.admin}` }, payload: form });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ file: message });
    }
    const listed = await call(app, 'GET', `/competition/examinee/list?competition_id=${competitionId}`, ctx.tok.admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.total_rows).toBe(0);
  });
});
