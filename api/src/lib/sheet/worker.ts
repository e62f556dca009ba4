/**
 * A sheet worker's body (a worker thread, one file per worker): writes one plain sheet with exceljs's
 * streaming writer from the batches of rows the API thread sends, and posts the file's bytes back as they
 * are zipped. Writing 100,000 rows costs about two seconds of CPU; here it runs beside the API thread,
 * which meanwhile reads the next batch and goes on answering other requests.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { guardFormulaText } from './formulaText';
import type { FromSheetWorker, SheetSpec, ToSheetWorker } from './protocol';

const port = parentPort;
if (!port) throw new Error('The sheet writer runs in a worker thread');
const post = (message: FromSheetWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

let sheet: ExcelJS.Worksheet | undefined;
let workbook: ExcelJS.stream.xlsx.WorkbookWriter | undefined;

function start(spec: SheetSpec) {
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      // a copy of its own, so that its memory moves to the API thread instead of being copied again
      const bytes = new Uint8Array(chunk);
      post({ type: 'bytes', bytes }, [bytes.buffer as ArrayBuffer]);
      done();
    },
  });
  output.on('finish', () => post({ type: 'ended' }));
  // no styles (per-cell styles cost more than the rows) but the quote prefix of a formula-like text (see
  // ./formulaText), and no shared strings (they stay in memory)
  workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  guardFormulaText(workbook);
  sheet = workbook.addWorksheet(spec.name);
  sheet.columns = spec.columns.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).commit();
}

async function handle(message: ToSheetWorker) {
  if (message.type === 'start') return start(message.sheet);
  if (!sheet || !workbook) throw new Error('Rows before the sheet');
  if (message.type === 'rows') {
    for (const row of message.rows) sheet.addRow(row).commit();
    return post({ type: 'written' });
  }
  sheet.commit();
  await workbook.commit();
}

// messages are handled one after the other: the API thread sends the next batch once this one is written
let queue = Promise.resolve();
port.on('message', (message: ToSheetWorker) => {
  queue = queue.then(() => handle(message)).catch((error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
});
