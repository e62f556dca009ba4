/**
 * An uploaded xlsx workbook, read only after its archive passed the size checks of `checkArchive`:
 * every import reads its file through here.
 */
import { invalid } from '../errors';
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

/** What an import says on its `file` field when the upload is not one of its files. */
export interface UploadTexts {
  /** Not an xlsx archive, unreadable, or without a sheet. */
  invalid: string;
  /** The archive unpacks past its limits. */
  unpackedTooLarge: string;
  /**
   * A cell of the sheet holds a formula (named by its address, "C7"). An import takes values only: a
   * formula's cached result is whatever the file's author wrote there, not what the formula computes.
   */
  formula: (cell: string) => string;
}

/** The first sheet of the uploaded workbook `file`, holding values only; a 400 on `file` (in the import's words) for anything else. */
export async function firstUploadedSheet(file: Buffer, texts: UploadTexts): Promise<ExcelJS.Worksheet> {
  let book: ExcelJS.Workbook;
  try {
    book = await loadUploadedWorkbook(file);
  } catch (error) {
    if (error instanceof ArchiveRefused && error.reason === 'too-large') throw invalid({ file: texts.unpackedTooLarge });
    throw invalid({ file: texts.invalid });
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw invalid({ file: texts.invalid });
  const formula = await firstFormulaCell(sheet);
  if (formula) throw invalid({ file: texts.formula(formula) });
  return sheet;
}

/** The address of the sheet's first formula cell (row by row), or undefined. */
async function firstFormulaCell(sheet: ExcelJS.Worksheet): Promise<string | undefined> {
  const { ValueType } = await loadExcelJS();
  let found: string | undefined;
  sheet.eachRow((row) => {
    if (found) return;
    row.eachCell((cell) => {
      if (cell.type === ValueType.Formula) found ??= cell.address;
    });
  });
  return found;
}
