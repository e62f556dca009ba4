/** Formula-like texts in the styled exports written in place (lib/xlsx's sendWorkbook): kept as typed, never evaluated. */
import Fastify from 'fastify';
import ExcelJS from 'exceljs';
import { sendWorkbook } from '../src/lib/xlsx';
import { startsLikeFormula } from '../src/lib/sheet/formulaText';
import { cellKinds } from './support/xlsxCells';

describe('formula-like texts', () => {
  it('are the texts starting with =, +, -, @, a tab or a carriage return', () => {
    expect(['=1+1', '+84912000333', '-1', '@A1', '\tx', '\rx'].every(startsLikeFormula)).toBe(true);
    expect(['', 'Nguyễn Văn An', 'a=b', ' =1', '0912000333', -1, 5, null, undefined].some(startsLikeFormula)).toBe(false);
  });

  it('in a styled workbook keep their value and the row and column styles, in a cell that stays text', async () => {
    const app = Fastify();
    app.get('/file', (request, reply) =>
      sendWorkbook(request, reply, 'file.xlsx', async (workbook) => {
        const sheet = workbook.addWorksheet('Báo cáo');
        sheet.columns = [
          { header: 'Tên', key: 'name', width: 20 },
          { header: 'Số tiền', key: 'amount', width: 12, style: { numFmt: '#,##0' } },
        ];
        sheet.getRow(1).commit();
        sheet.addRow({ name: '=HYPERLINK("http://evil.example","Bấm vào")', amount: 1500 }).commit();
        sheet.addRow({ name: 'Nguyễn Văn An', amount: '-1+1' }).commit();
        const total = sheet.addRow(['@SUM(B2:B3)', 1500]);
        total.font = { bold: true };
        total.commit();
        sheet.commit();
      }),
    );
    try {
      const answer = await app.inject({ method: 'GET', url: '/file' });
      expect(answer.statusCode).toBe(200);
      const file = answer.rawPayload;
      const sheet = new ExcelJS.Workbook();
      await sheet.xlsx.load(file as unknown as ArrayBuffer);
      const rows = sheet.worksheets[0];
      expect([2, 3, 4].map((n) => (rows.getRow(n).values as unknown[]).slice(1))).toEqual([
        ['=HYPERLINK("http://evil.example","Bấm vào")', 1500],
        ['Nguyễn Văn An', '-1+1'],
        ['@SUM(B2:B3)', 1500],
      ]);
      // the styles the cells had are still theirs
      expect(rows.getRow(3).getCell(2).numFmt).toBe('#,##0');
      expect(rows.getRow(4).getCell(1).font?.bold).toBe(true);
      const kinds = await cellKinds(file);
      const quotePrefixed = [...kinds].filter(([, kind]) => kind.quotePrefix).map(([ref]) => ref);
      expect(quotePrefixed).toEqual(['A2', 'B3', 'A4']);
      expect([...kinds.values()].some((kind) => kind.formula)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
