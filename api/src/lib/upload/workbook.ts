/**
 * An uploaded xlsx workbook, read only after its archive passed the size checks of `checkArchive`:
 * every import reads its file through here.
 */
import { loadExcelJS, type ExcelJS } from '../sheet/exceljs';
import { ArchiveRefused, checkArchive, XLSX_ARCHIVE_LIMITS, type ArchiveLimits } from './archive';

/** Every xlsx file is a zip archive: it starts with a local file header. */
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The workbook in `file`; rejects with ArchiveRefused when it is no xlsx archive or unpacks past `limits`. */
export async function loadUploadedWorkbook(file: Buffer, limits: ArchiveLimits = XLSX_ARCHIVE_LIMITS): Promise<ExcelJS.Workbook> {
  if (!file.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) throw new ArchiveRefused('not-an-archive');
  await checkArchive(file, limits);
  const book = new (await loadExcelJS()).Workbook();
  try {
    // exceljs types its Buffer as an ArrayBuffer; a Node Buffer is what it reads
    await book.xlsx.load(file as unknown as ExcelJS.Buffer);
  } catch {
    throw new ArchiveRefused('not-an-archive');
  }
  return book;
}
