/**
 * The payment receipt ("PHIẾU THU") as an A5 portrait PDF: the centre, the receipt's number and date
 * on the operator's clock, the payer, what was paid for, the amount in figures and in words, how it was
 * paid, who received it, and a signature area. A voided receipt carries a large "ĐÃ HUỶ" mark, when
 * and why.
 *
 * The text is set in Be Vietnam Pro (SIL Open Font License 1.1), embedded as a subset: the standard PDF
 * fonts have no Vietnamese letters. The font files are read and parsed once per process: parsing their
 * tables took most of a receipt's time when pdfkit did it for each document.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { inOperatorZone } from '@trungtam/shared/operatorDate';
import { amountInWords } from './amount-in-words';

export type PaymentMethodLabel = 'Tiền mặt' | 'Chuyển khoản' | 'Thẻ' | 'Trừ tiền dư';

export interface ReceiptData {
  centre: { name: string; address: string; phone: string };
  /** e.g. 'HN-2026-000123' */
  receiptNumber: string;
  issuedAt: Date;
  payer: { name: string; phone?: string };
  courseName: string;
  className: string;
  /** The "Nội dung" line, e.g. 'Học phí tháng 12/2026'. */
  description: string;
  /** Whole đồng. */
  amount: number;
  method: PaymentMethodLabel;
  /** The staff member who received the money. */
  receivedBy: string;
  /** The payment's reference (order or transfer code). */
  orderReference: string;
  voided?: { at: Date; reason: string };
}

/** 1250000 → '1.250.000 đ' (dots between thousands, as Vietnamese receipts print amounts). */
export function formatReceiptAmount(vnd: number): string {
  if (!Number.isSafeInteger(vnd) || vnd < 0) throw new RangeError(`Not a whole amount of đồng: ${vnd}`);
  return `${String(vnd).replace(/\B(?=(\d{3})+$)/g, '.')} đ`;
}

/** An instant as 'DD/MM/YYYY HH:mm' on the operator's clock, whatever the server's zone. */
export function formatReceiptTime(instant: Date): string {
  const local = inOperatorZone(instant);
  if (!local) throw new RangeError('Not a valid date');
  return local.format('DD/MM/YYYY HH:mm');
}

const FONT_STYLES = { regular: '400Regular', bold: '700Bold', italic: '400Regular_Italic' } as const;
type FontName = keyof typeof FONT_STYLES;

let parsedFonts: Record<FontName, fontkit.Font> | undefined;

function receiptFonts(): Record<FontName, fontkit.Font> {
  if (!parsedFonts) {
    const require = createRequire(import.meta.url);
    const open = (style: string) => {
      const file = require.resolve(`@expo-google-fonts/be-vietnam-pro/${style}/BeVietnamPro_${style}.ttf`);
      return fontkit.create(fs.readFileSync(file)) as fontkit.Font;
    };
    parsedFonts = { regular: open(FONT_STYLES.regular), bold: open(FONT_STYLES.bold), italic: open(FONT_STYLES.italic) };
  }
  return parsedFonts;
}

const MARGIN = 36;
const LABEL_WIDTH = 118;
const TEXT_COLOR = '#111111';
const MUTED_COLOR = '#555555';
const VOID_COLOR = '#c62828';

type Doc = PDFKit.PDFDocument;

/** One "label: value" line of the body; a long value wraps within its column. */
function field(doc: Doc, label: string, value: string, options: { font?: FontName; size?: number } = {}): void {
  const top = doc.y;
  const valueX = MARGIN + LABEL_WIDTH;
  const valueWidth = doc.page.width - MARGIN - valueX;
  doc.font('regular').fontSize(10).fillColor(MUTED_COLOR).text(`${label}:`, MARGIN, top, { width: LABEL_WIDTH - 6 });
  const labelBottom = doc.y;
  doc
    .font(options.font ?? 'regular')
    .fontSize(options.size ?? 10)
    .fillColor(TEXT_COLOR)
    .text(value, valueX, top, { width: valueWidth });
  doc.y = Math.max(labelBottom, doc.y) + 5;
}

function header(doc: Doc, receipt: ReceiptData): void {
  const contentWidth = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(11).fillColor(TEXT_COLOR).text(receipt.centre.name, MARGIN, MARGIN, { width: contentWidth });
  doc.font('regular').fontSize(8.5).fillColor(MUTED_COLOR).text(receipt.centre.address, { width: contentWidth });
  doc.text(`Điện thoại: ${receipt.centre.phone}`, { width: contentWidth });
  const ruleY = doc.y + 6;
  doc.moveTo(MARGIN, ruleY).lineTo(doc.page.width - MARGIN, ruleY).lineWidth(0.5).strokeColor(MUTED_COLOR).stroke();

  doc.font('bold').fontSize(20).fillColor(TEXT_COLOR).text('PHIẾU THU', MARGIN, ruleY + 16, { width: contentWidth, align: 'center' });
  doc
    .font('regular')
    .fontSize(9.5)
    .text(`Số phiếu: ${receipt.receiptNumber}     Ngày: ${formatReceiptTime(receipt.issuedAt)}`, MARGIN, doc.y + 2, {
      width: contentWidth,
      align: 'center',
    });
  doc.moveDown(1.4);
}

function body(doc: Doc, receipt: ReceiptData): void {
  const payer = receipt.payer.phone ? `${receipt.payer.name} (${receipt.payer.phone})` : receipt.payer.name;
  field(doc, 'Người nộp tiền', payer, { font: 'bold' });
  field(doc, 'Khoá học', receipt.courseName);
  field(doc, 'Lớp', receipt.className);
  field(doc, 'Nội dung', receipt.description);
  field(doc, 'Số tiền', formatReceiptAmount(receipt.amount), { font: 'bold', size: 12 });
  field(doc, 'Bằng chữ', amountInWords(receipt.amount), { font: 'italic' });
  field(doc, 'Hình thức thanh toán', receipt.method);
  field(doc, 'Mã thanh toán', receipt.orderReference);
}

/** Two columns, payer and receiver, each with room to sign above the printed name. */
function signatures(doc: Doc, receipt: ReceiptData): void {
  const contentWidth = doc.page.width - 2 * MARGIN;
  const columnWidth = contentWidth / 2;
  const top = doc.y + 14;
  const columns: [string, string][] = [
    ['Người nộp tiền', receipt.payer.name],
    ['Người thu tiền', receipt.receivedBy],
  ];
  columns.forEach(([title, name], index) => {
    const x = MARGIN + index * columnWidth;
    doc.font('bold').fontSize(10).fillColor(TEXT_COLOR).text(title, x, top, { width: columnWidth, align: 'center' });
    doc.font('italic').fontSize(8).fillColor(MUTED_COLOR).text('(Ký, ghi rõ họ tên)', x, doc.y, { width: columnWidth, align: 'center' });
    doc.font('regular').fontSize(10).fillColor(TEXT_COLOR).text(name, x, doc.y + 48, { width: columnWidth, align: 'center' });
  });
}

/** A diagonal "ĐÃ HUỶ" across the page and, under the signatures, when and why the receipt was voided. */
function voidMark(doc: Doc, voided: NonNullable<ReceiptData['voided']>): void {
  const contentWidth = doc.page.width - 2 * MARGIN;
  doc.moveDown(1.5);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(VOID_COLOR)
    .text(`ĐÃ HUỶ lúc ${formatReceiptTime(voided.at)}. Lý do: ${voided.reason}`, MARGIN, doc.y, { width: contentWidth });

  const centreX = doc.page.width / 2;
  const centreY = doc.page.height / 2;
  const markWidth = 320;
  doc.save();
  doc.rotate(-30, { origin: [centreX, centreY] });
  doc.opacity(0.35).font('bold').fontSize(64).fillColor(VOID_COLOR);
  doc.text('ĐÃ HUỶ', centreX - markWidth / 2, centreY - 40, { width: markWidth, align: 'center', lineBreak: false });
  doc.restore();
}

/**
 * The receipt as PDF bytes. The document's dates and ID come from `issuedAt` and the receipt's own
 * texts, so the same receipt renders to the same bytes.
 */
export function renderReceiptPdf(receipt: ReceiptData): Promise<Buffer> {
  const fonts = receiptFonts();
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A5',
      layout: 'portrait',
      margin: MARGIN,
      lang: 'vi-VN',
      displayTitle: true,
      info: {
        Title: `Phiếu thu ${receipt.receiptNumber}`,
        Author: receipt.centre.name,
        Subject: receipt.description,
        CreationDate: receipt.issuedAt,
        ModDate: receipt.voided?.at ?? receipt.issuedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      // pdfkit takes a parsed fontkit font (its own font engine) where its types list only files and bytes
      for (const name of Object.keys(FONT_STYLES) as FontName[]) doc.registerFont(name, fonts[name] as unknown as Buffer);
      header(doc, receipt);
      body(doc, receipt);
      signatures(doc, receipt);
      if (receipt.voided) voidMark(doc, receipt.voided);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
