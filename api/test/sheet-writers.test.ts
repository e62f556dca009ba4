/** Large sheets written in a worker thread (lib/sheet/writers): the file, the pace of the reading, a cancelled or failed download. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import { sendSheet, SheetWorkers, type SheetCell } from '../src/lib/sheet/writers';
import { cellKinds } from './support/xlsxCells';

const SHEET = {
  name: 'Học viên',
  columns: [
    { header: 'ID', width: 8 },
    { header: 'Tên', width: 28 },
    { header: 'Ghi chú', width: 40 },
  ],
};

/** An app whose GET /file answers with the sheet of `rows()`. */
async function appWith(rows: () => AsyncIterable<SheetCell[][]>, workers = new SheetWorkers()): Promise<FastifyInstance> {
  const app = Fastify();
  app.get('/file', (request, reply) => sendSheet(request, reply, { filename: 'file.xlsx', sheet: SHEET, rows: rows(), workers }));
  app.addHook('onClose', async () => workers.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}
const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/file`;
/** Checks `condition` every `every` ms until it holds. */
const until = async (condition: () => boolean, { every = 20, within = 10_000 } = {}) => {
  const end = Date.now() + within;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, every));
  }
};

describe('a sheet written in a worker', () => {
  it('holds the header, the column widths and every row of every batch, in order', async () => {
    const app = await appWith(async function* () {
      for (let batch = 0; batch < 3; batch += 1) {
        yield Array.from({ length: 500 }, (_, i): SheetCell[] => [batch * 500 + i + 1, `Nguyễn Văn ${batch * 500 + i + 1}`, i % 2 ? null : 'Đã đóng học phí & <xác nhận>']);
      }
    });
    try {
      const answer = await fetch(urlOf(app));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="file.xlsx"');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await answer.arrayBuffer());
      const sheet = workbook.worksheets[0];
      expect(sheet.name).toBe('Học viên');
      expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Tên', 'Ghi chú']);
      expect([1, 2, 3].map((n) => sheet.getColumn(n).width)).toEqual([8, 28, 40]);
      expect(sheet.rowCount).toBe(1501);
      expect(sheet.getRow(2).values).toEqual([undefined, 1, 'Nguyễn Văn 1', 'Đã đóng học phí & <xác nhận>']);
      expect(sheet.getRow(3).getCell(3).value).toBeNull();
      expect(sheet.getRow(1501).getCell(1).value).toBe(1500);
    } finally {
      await app.close();
    }
  });

  it('writes a text that starts like a formula as typed, in a cell that stays text (quote prefix), and leaves the rest alone', async () => {
    const formulaLike = ['=HYPERLINK("http://evil.example","Bấm vào")', '+84912000333', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'];
    const app = await appWith(async function* () {
      yield formulaLike.map((text, i): SheetCell[] => [i + 1, text, 'Nguyễn Văn An']);
      yield [[-5, 'a=b', null]];
    });
    try {
      const file = await (await fetch(urlOf(app))).arrayBuffer();
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file);
      const sheet = workbook.worksheets[0];
      // (XML reads a carriage return in a text as a line break, which a cell shows the same way)
      expect(formulaLike.map((_, i) => sheet.getRow(i + 2).getCell(2).value)).toEqual(formulaLike.map((text) => text.replace('\r', '\n')));
      const kinds = await cellKinds(Buffer.from(file));
      expect(formulaLike.map((_, i) => kinds.get(`B${i + 2}`))).toEqual(formulaLike.map(() => ({ formula: false, quotePrefix: true })));
      // a number, a text with = inside, a name and the header stay as they were
      expect(['A2', 'C2', 'A8', 'B8', 'B1'].map((ref) => kinds.get(ref))).toEqual(Array(5).fill({ formula: false, quotePrefix: false }));
      expect(sheet.getRow(8).values).toEqual([undefined, -5, 'a=b']);
    } finally {
      await app.close();
    }
  });

  it('stops reading while the download takes nothing, and for good once it is cancelled', async () => {
    let batchesRead = 0;
    let readingStopped = false;
    const app = await appWith(async function* () {
      try {
        // 1,000 batches of about 2 MB of text that barely compresses: 2 GB if it were all read
        for (let batch = 0; batch < 1000; batch += 1) {
          batchesRead += 1;
          yield Array.from({ length: 2000 }, (_, i): SheetCell[] => [i, randomBytes(768).toString('base64'), null]);
        }
      } finally {
        readingStopped = true;
      }
    });
    const request = http.get(urlOf(app));
    try {
      const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
      expect(response.statusCode).toBe(200);
      response.pause();
      // the reading stops once the buffers between the worker and the client are full: the sockets' own,
      // which a loopback sizes as it sees fit (30 to 120 batches' worth on the machines this ran on)
      let seen = -1;
      await until(() => {
        const settled = batchesRead === seen;
        seen = batchesRead;
        return settled;
      }, { every: 1500, within: 30_000 });
      // (settled: nothing more read for 1.5 s, far from the 1,000 batches a reading without a brake would go on to)
      expect(batchesRead).toBeLessThan(400);
      expect(readingStopped).toBe(false);
      request.destroy();
      await until(() => readingStopped);
      expect(batchesRead).toBe(seen);
    } finally {
      request.destroy();
      await app.close();
    }
  });

  it('cuts the download when the rows fail half-way, and writes the next file', async () => {
    let fail = true;
    let fileBegun = () => undefined as void;
    const begun = new Promise<void>((resolve) => (fileBegun = resolve));
    const app = await appWith(async function* () {
      yield [[1, 'Một', null]];
      // once the client has the file's first bytes
      if (fail) await begun;
      if (fail) throw new Error('the database went away');
      yield [[2, 'Hai', null]];
    });
    try {
      const outcome = await new Promise<string>((resolve) => {
        http.get(urlOf(app), (response) => {
          response.on('data', () => fileBegun());
          response.on('end', () => resolve(`complete ${response.statusCode}`));
          response.on('error', () => resolve(`cut ${response.statusCode}`));
        });
      });
      expect(outcome).toBe('cut 200');
      fail = false;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await (await fetch(urlOf(app))).arrayBuffer());
      expect(workbook.worksheets[0].rowCount).toBe(3);
    } finally {
      await app.close();
    }
  });
});
