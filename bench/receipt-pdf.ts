/**
 * Benchmark: the payment receipt PDF. Renders receipts one after another in process (varied payers,
 * amounts and methods, every tenth one voided) and prints the first render, which reads and parses the
 * fonts, apart from the median and 95th percentile of the rest, against the target of 200 ms a receipt.
 *
 *   node --import tsx bench/receipt-pdf.ts [receipts]
 */
import { renderReceiptPdf, type PaymentMethodLabel, type ReceiptData } from '../api/src/lib/receipt/receipt-pdf';

const RECEIPTS = Number(process.argv[2] ?? 200);
const TARGET_MS = 200;

const PAYERS = ['Nguyễn Thị Thuỷ Tiên', 'Trần Đức Mạnh', 'Lê Văn Ứng', 'Phạm Ngọc Ánh', 'Đặng Quốc Huy', 'Vũ Thị Hồng Nhung'];
const METHODS: PaymentMethodLabel[] = ['Tiền mặt', 'Chuyển khoản', 'Thẻ'];

function sampleReceipt(i: number): ReceiptData {
  return {
    centre: {
      name: 'Trung tâm Anh ngữ Hoà Bình – Cơ sở Cầu Giấy',
      address: 'Số 12 ngõ 34 Trần Quốc Hoàn, Dịch Vọng Hậu, Cầu Giấy, Hà Nội',
      phone: '024 3795 1234',
    },
    receiptNumber: `HN-2026-${String(i + 1).padStart(6, '0')}`,
    issuedAt: new Date(Date.UTC(2026, 10, 1, 1, 0) + i * 37 * 60_000),
    payer: { name: PAYERS[i % PAYERS.length], ...(i % 3 === 0 ? {} : { phone: `0912 345 ${String(100 + i).slice(-3)}` }) },
    courseName: 'Tiếng Anh giao tiếp trung cấp',
    className: `GT-B1-K${20 + (i % 9)} (tối thứ Ba, Năm)`,
    description: `Học phí tháng ${1 + (i % 12)}/2026, khoá ${20 + (i % 9)}`,
    amount: 850_000 + i * 12_500,
    method: METHODS[i % METHODS.length],
    receivedBy: 'Trần Thị Mai Phương',
    orderReference: `TT-2026${String(i).padStart(5, '0')}`,
    ...(i % 10 === 9 ? { voided: { at: new Date(Date.UTC(2026, 11, 2, 3, 0)), reason: 'Thu trùng, đã hoàn tiền cho phụ huynh' } } : {}),
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

const first = await timed(() => renderReceiptPdf(sampleReceipt(0)));
const times: number[] = [];
let bytes = 0;
for (let i = 1; i <= RECEIPTS; i += 1) {
  times.push(
    await timed(async () => {
      bytes += (await renderReceiptPdf(sampleReceipt(i))).length;
    }),
  );
}
times.sort((a, b) => a - b);
const median = percentile(times, 50);
const p95 = percentile(times, 95);
console.log(`first receipt (fonts read and parsed): ${ms(first)}`);
console.log(
  `${RECEIPTS} receipts: median ${ms(median)}, p95 ${ms(p95)}, max ${ms(times[times.length - 1])} per receipt ` +
    `(target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'ok' : 'MISSED'}); ${(bytes / RECEIPTS / 1024).toFixed(1)} KB a receipt`,
);
