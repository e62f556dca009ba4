/**
 * The payment receipt: amounts in Vietnamese words, and the PDF as a reader sees it. The PDF's text is
 * extracted by pdf.js in a child Node process (its build is ES modules only, which jest's CommonJS
 * runtime cannot load), so these assertions read what a viewer or a search would read, diacritics included.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { amountInWords } from '../src/lib/receipt/amount-in-words';
import { formatReceiptAmount, renderReceiptPdf, type ReceiptData } from '../src/lib/receipt/receipt-pdf';

describe('amountInWords', () => {
  const cases: [number, string][] = [
    [0, 'Không đồng'],
    [1, 'Một đồng'],
    [5, 'Năm đồng'],
    [10, 'Mười đồng'],
    [11, 'Mười một đồng'],
    [14, 'Mười bốn đồng'],
    [15, 'Mười lăm đồng'],
    [20, 'Hai mươi đồng'],
    [21, 'Hai mươi mốt đồng'],
    [24, 'Hai mươi bốn đồng'],
    [25, 'Hai mươi lăm đồng'],
    [55, 'Năm mươi lăm đồng'],
    [100, 'Một trăm đồng'],
    [101, 'Một trăm linh một đồng'],
    [105, 'Một trăm linh năm đồng'],
    [110, 'Một trăm mười đồng'],
    [115, 'Một trăm mười lăm đồng'],
    [1_000, 'Một nghìn đồng'],
    [1_001, 'Một nghìn không trăm linh một đồng'],
    [10_010, 'Mười nghìn không trăm mười đồng'],
    [21_000, 'Hai mươi mốt nghìn đồng'],
    [100_000, 'Một trăm nghìn đồng'],
    [1_000_000, 'Một triệu đồng'],
    [1_000_001, 'Một triệu không trăm linh một đồng'],
    [1_005_000, 'Một triệu không trăm linh năm nghìn đồng'],
    [1_250_000, 'Một triệu hai trăm năm mươi nghìn đồng'],
    [4_800_000, 'Bốn triệu tám trăm nghìn đồng'],
    [15_500_000, 'Mười lăm triệu năm trăm nghìn đồng'],
    [2_000_000_000, 'Hai tỷ đồng'],
    [10_000_000_000, 'Mười tỷ đồng'],
    [3_000_050_000, 'Ba tỷ không trăm năm mươi nghìn đồng'],
    [1_000_000_000_000, 'Một nghìn tỷ đồng'],
    [1_002_000_000_000, 'Một nghìn không trăm linh hai tỷ đồng'],
    [5_000_000_000_007, 'Năm nghìn tỷ không trăm linh bảy đồng'],
    [
      999_999_999_999_999,
      'Chín trăm chín mươi chín nghìn chín trăm chín mươi chín tỷ chín trăm chín mươi chín triệu chín trăm chín mươi chín nghìn chín trăm chín mươi chín đồng',
    ],
  ];

  it.each(cases)('%d đồng reads "%s"', (vnd, words) => {
    expect(amountInWords(vnd)).toBe(words);
  });

  it.each([-1, 1.5, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 1_000_000_000_000_000, Number.MAX_SAFE_INTEGER + 1])(
    'refuses %d with a RangeError',
    (vnd) => {
      expect(() => amountInWords(vnd)).toThrow(RangeError);
    },
  );
});

describe('formatReceiptAmount', () => {
  it.each([
    [0, '0 đ'],
    [999, '999 đ'],
    [1_000, '1.000 đ'],
    [1_250_000, '1.250.000 đ'],
    [10_000_000_000, '10.000.000.000 đ'],
  ])('%d → %s', (vnd, text) => {
    expect(formatReceiptAmount(vnd)).toBe(text);
  });
});

interface ExtractedPdf {
  pages: number;
  text: string;
  info: { Title?: string; Author?: string; CreationDate?: string };
}

/** Reads the PDF with pdf.js in a child process: page count, text and document info. */
const EXTRACT = `
import { readFileSync } from 'node:fs';
const { getDocument } = await import(process.argv[1]);
const pdf = await getDocument({ data: new Uint8Array(readFileSync(0)), isEvalSupported: false, verbosity: 0 }).promise;
const pages = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const content = await (await pdf.getPage(n)).getTextContent();
  pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\\n' : '') : '')).join(''));
}
const { info } = await pdf.getMetadata();
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text: pages.join('\\n'), info }));
`;

function extractPdf(pdf: Buffer): ExtractedPdf {
  const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', EXTRACT, pdfjs], { input: pdf, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`pdf.js could not read the receipt: ${child.stderr}`);
  const extracted = JSON.parse(child.stdout) as ExtractedPdf;
  // a value the layout wraps reads as one line of text
  return { ...extracted, text: extracted.text.replace(/\s+/g, ' ') };
}

const receipt: ReceiptData = {
  centre: {
    name: 'Trung tâm Anh ngữ Hoà Bình – Cơ sở Cầu Giấy',
    address: 'Số 12 ngõ 34 Trần Quốc Hoàn, Dịch Vọng Hậu, Cầu Giấy, Hà Nội',
    phone: '024 3795 1234',
  },
  receiptNumber: 'HN-2026-000123',
  // 17:05 UTC on the 28th is 00:05 on the 29th in Hà Nội
  issuedAt: new Date('2026-11-28T17:05:00Z'),
  payer: { name: 'Nguyễn Thị Thuỷ Tiên', phone: '0912 345 678' },
  courseName: 'Tiếng Anh giao tiếp trung cấp',
  className: 'GT-B1-K27 (tối thứ Ba, Năm)',
  description: 'Học phí tháng 12/2026',
  amount: 1_250_000,
  method: 'Chuyển khoản',
  receivedBy: 'Trần Đức Mạnh',
  orderReference: 'TT-20261128-7F3K',
};

describe('renderReceiptPdf', () => {
  const machineZone = process.env.TZ;
  // the process runs in UTC, so a date printed on the machine's clock instead of the operator's would show the 28th
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = machineZone;
  });

  it('writes a one-page PDF whose text holds the receipt in Vietnamese, dated on the operator’s clock', async () => {
    const pdf = await renderReceiptPdf(receipt);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { pages, text, info } = extractPdf(pdf);
    expect(pages).toBe(1);
    for (const expected of [
      'Trung tâm Anh ngữ Hoà Bình – Cơ sở Cầu Giấy',
      'PHIẾU THU',
      'Số phiếu: HN-2026-000123',
      'Ngày: 29/11/2026 00:05',
      'Nguyễn Thị Thuỷ Tiên (0912 345 678)',
      'Tiếng Anh giao tiếp trung cấp',
      'GT-B1-K27 (tối thứ Ba, Năm)',
      'Học phí tháng 12/2026',
      '1.250.000 đ',
      'Một triệu hai trăm năm mươi nghìn đồng',
      'Chuyển khoản',
      'Trần Đức Mạnh',
      'TT-20261128-7F3K',
      'Người nộp tiền',
      'Người thu tiền',
      'Bằng chữ',
      'Hình thức thanh toán',
      'Mã thanh toán',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('ĐÃ HUỶ');
    expect(info.Title).toBe('Phiếu thu HN-2026-000123');
    expect(info.Author).toBe(receipt.centre.name);
    expect(info.CreationDate).toBe('D:20261128170500Z');
  });

  it('marks a voided receipt "ĐÃ HUỶ" with when and why', async () => {
    const voided = { ...receipt, voided: { at: new Date('2026-11-29T02:30:00Z'), reason: 'Thu trùng, đã hoàn tiền cho phụ huynh' } };
    const { pages, text } = extractPdf(await renderReceiptPdf(voided));
    expect(pages).toBe(1);
    expect(text).toContain('ĐÃ HUỶ lúc 29/11/2026 09:30');
    expect(text).toContain('Thu trùng, đã hoàn tiền cho');
    expect(text).toContain('1.250.000 đ');
  });

  it('renders the same receipt to the same bytes, whatever was rendered in between', async () => {
    const first = await renderReceiptPdf(receipt);
    await renderReceiptPdf({ ...receipt, payer: { name: 'Lê Văn Ứng' }, amount: 4_800_000, method: 'Thẻ' });
    const again = await renderReceiptPdf(receipt);
    expect(again.equals(first)).toBe(true);
  });

  it('prints the payer without a phone, and refuses an amount that is not whole đồng', async () => {
    const { text } = extractPdf(await renderReceiptPdf({ ...receipt, payer: { name: 'Lê Văn Ứng' }, amount: 4_800_000, method: 'Tiền mặt' }));
    expect(text).toContain('Lê Văn Ứng');
    expect(text).not.toContain('(0912 345 678)');
    expect(text).toContain('4.800.000 đ');
    expect(text).toContain('Bốn triệu tám trăm nghìn đồng');
    expect(text).toContain('Tiền mặt');

    await expect(renderReceiptPdf({ ...receipt, amount: -1 })).rejects.toThrow(RangeError);
    await expect(renderReceiptPdf({ ...receipt, amount: 1_250_000.5 })).rejects.toThrow(RangeError);
  });
});
