/**
 * exceljs, loaded the first time a workbook is read or written: it takes about 0.4 s to load, which every
 * start of the API (and every API test file) would otherwise pay for the few requests that use it.
 */
import type ExcelJS from 'exceljs';

export type { ExcelJS };

let loading: Promise<typeof ExcelJS> | undefined;

/** The exceljs module, loaded once. */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
