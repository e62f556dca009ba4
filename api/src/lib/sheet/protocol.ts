/**
 * The messages between the API thread and a sheet worker (see ./writers): the API thread reads the rows
 * and sends them in batches; the worker writes them with exceljs and sends the file's bytes back.
 */

/** A cell as a plain sheet holds it: text, a number, or empty. */
export type SheetCell = string | number | null;

export interface SheetSpec {
  /** The tab's name. */
  name: string;
  /** The header row: each column's title and width (in characters). */
  columns: Array<{ header: string; width: number }>;
}

export type ToSheetWorker = { type: 'start'; sheet: SheetSpec } | { type: 'rows'; rows: SheetCell[][] } | { type: 'end' };

export type FromSheetWorker =
  /** A piece of the file, in order. */
  | { type: 'bytes'; bytes: Uint8Array }
  /** The last batch of rows is written: the next may come. */
  | { type: 'written' }
  /** The file is complete (every byte has been sent). */
  | { type: 'ended' }
  | { type: 'failed'; message: string };
