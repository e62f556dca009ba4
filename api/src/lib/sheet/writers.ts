/**
 * Large plain sheets (the accounts export: 100,000 rows and more) are written in a worker thread, one per
 * download, while the API thread reads the rows from the database and goes on answering other requests.
 * Styled workbooks of a few thousand rows (reports, competitions) are written in place: lib/xlsx.
 *
 * Starting a worker (tsx and exceljs loaded) takes most of a second; once the server listens it keeps one
 * started in advance (keepSpare), replaced a moment after each download.
 */
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendXlsxFile } from '../xlsx';
import type { FromSheetWorker, SheetCell, SheetSpec, ToSheetWorker } from './protocol';

export type { SheetCell, SheetSpec } from './protocol';

const WORKER_ENTRY = new URL('./worker.boot.mjs', import.meta.url);
/** How much of the file may wait for a slow download before the next batch of rows is sent to be written. */
const BUFFERED_BYTES = 1024 * 1024;
/** The pause after a download before a new spare worker starts, so that it does not compete with the next request. */
const SPARE_DELAY_MS = 1000;

export class SheetWorkers {
  private spare: Worker | undefined;
  private keepingSpare = false;
  private closed = false;

  /** From now on, one worker is kept started in advance (not in tests: each would cost a worker). */
  keepSpare() {
    this.keepingSpare = true;
    this.prepareSpare();
  }

  /** A worker for one download: the spare one if it is ready, else a new one. */
  take(): Worker {
    const worker = this.spare ?? new Worker(WORKER_ENTRY);
    this.spare = undefined;
    worker.ref();
    return worker;
  }

  /** Ends a download's worker (each writes one file) and prepares the next spare. */
  release(worker: Worker) {
    void worker.terminate();
    if (this.keepingSpare) setTimeout(() => this.prepareSpare(), SPARE_DELAY_MS).unref();
  }

  async close() {
    this.closed = true;
    await this.spare?.terminate();
    this.spare = undefined;
  }

  private prepareSpare() {
    if (this.spare || this.closed) return;
    const worker = new Worker(WORKER_ENTRY);
    // a waiting worker neither keeps the process alive nor takes it down
    worker.unref();
    const forget = () => {
      if (this.spare === worker) this.spare = undefined;
    };
    worker.once('error', forget);
    worker.once('exit', forget);
    this.spare = worker;
  }
}

/**
 * Answers with the xlsx file of one sheet, streamed: the header row from `sheet`, then `rows`, read one
 * batch ahead of the worker's writing and no faster than the download takes the file. A failure half-way
 * is logged and cuts the download (everything a request can get wrong is checked before calling this); a
 * download cancelled by the client stops the reading and the writing.
 */
export function sendSheet(
  request: FastifyRequest,
  reply: FastifyReply,
  { filename, sheet, rows, workers }: { filename: string; sheet: SheetSpec; rows: AsyncIterable<SheetCell[][]>; workers: SheetWorkers },
) {
  const worker = workers.take();
  const post = (message: ToSheetWorker) => worker.postMessage(message);
  let finished = false;
  // what the reading loop waits for: the previous batch written, room in the file's buffer
  let whenWritten: (() => void) | undefined;
  let whenWanted: (() => void) | undefined;
  const wake = () => {
    whenWritten?.();
    whenWanted?.();
  };

  const file = new Readable({
    highWaterMark: BUFFERED_BYTES,
    read() {
      const wanted = whenWanted;
      whenWanted = undefined;
      wanted?.();
    },
  });
  const finish = () => {
    finished = true;
    workers.release(worker);
    wake();
  };
  const fail = (error: Error) => {
    if (finished) return;
    request.log.error({ err: error }, 'export failed');
    file.destroy(error);
    finish();
  };

  worker.on('message', (message: FromSheetWorker) => {
    if (message.type === 'bytes') file.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else if (message.type === 'written') whenWritten?.();
    else if (message.type === 'ended') {
      if (finished) return;
      file.push(null);
      finish();
    } else fail(new Error(message.message));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The sheet worker stopped (exit code ${code})`)));
  // the download went away before the end
  file.on('close', () => {
    if (!finished) finish();
  });

  const written = () => new Promise<void>((resolve) => (whenWritten = resolve));
  const room = () => (finished || file.readableLength < BUFFERED_BYTES ? Promise.resolve() : new Promise<void>((resolve) => (whenWanted = resolve)));
  const pump = async () => {
    // only what the worker needs (a column may carry more, such as its cell function)
    post({ type: 'start', sheet: { name: sheet.name, columns: sheet.columns.map(({ header, width }) => ({ header, width })) } });
    let previous = Promise.resolve();
    for await (const batch of rows) {
      // ended meanwhile (cancelled, failed): the loop's return ends the reading too
      await previous;
      await room();
      if (finished) return;
      previous = written();
      post({ type: 'rows', rows: batch });
    }
    await previous;
    if (!finished) post({ type: 'end' });
  };
  pump().catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));

  return sendXlsxFile(reply, filename, file);
}
