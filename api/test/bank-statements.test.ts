/**
 * Bank statement reconciliation: a statement as csv or xlsx, its columns previewed, guessed and
 * remembered; a line naming an order's reference recorded as that order's payment up to what it owes, the
 * rest listed with their problem for staff to assign or ignore; the same statement twice recording nothing
 * twice; hostile files refused with a 400 and nothing written; each within the caller's reach.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { BANK_STATEMENT_TEXT as T } from '@trungtam/shared/contracts/bankStatements';
import { PAYMENT_TEXT } from '@trungtam/shared/contracts/payments';
import { dayjs, operatorToday } from '@trungtam/shared/operatorDate';
import { auditLogs, bankColumnMappings, bankStatementLines, bankStatements, orders, payments } from '../src/db/schema';
import { paymentReference } from '../src/lib/payment-reference';
import { amountOf } from '../src/services/bank-statements';
import { API, call, login, setUpTestApp } from './helpers';
import { unpaidOrder as unpaidOrderOf } from './support/orders';
import { xlsxBomb } from './support/zip-bomb';

const ctx = setUpTestApp();
const db = () => ctx.t.database.db;
const VCB = '970436';
const BIDV = '970418';
const today = operatorToday();
/** dd/mm/yyyy of an operator date. */
const vn = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const yesterday = dayjs(today, 'YYYY-MM-DD').subtract(1, 'day').format('YYYY-MM-DD');
const tomorrow = dayjs(today, 'YYYY-MM-DD').add(1, 'day').format('YYYY-MM-DD');

const unpaidOrder = (centerId: number, amount?: number) => unpaidOrderOf(db(), centerId, amount);

/** The reference as a bank may pass it on: lower case, spaced, inside the payer's words. */
const mangled = (orderId: number) => paymentReference(orderId).toLowerCase().replace(/(.{3})/g, '$1 ');

type Form = Record<string, string | undefined>;
function formOf(fields: Form, file?: Buffer, filename = 'sao-ke.csv'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file)]), filename);
  return form;
}
const post = (path: string, form: FormData, token = ctx.tok.admin) =>
  ctx.t.app.inject({ method: 'POST', url: `${API}/learning/bank-statement/${path}`, headers: { authorization: `Bearer ${token}` }, payload: form });

const CSV_COLUMNS = { date_column: 'Ngày giao dịch', amount_column: 'Số tiền ghi có', description_column: 'Nội dung' };
const importCsv = (file: Buffer, token = ctx.tok.admin, extra: Form = {}, bank = VCB) => post('import', formOf({ bank_key: bank, ...CSV_COLUMNS, ...extra }, file), token);

/** A statement as Vietcombank's csv: a title and account lines above the header, semicolons, quoted fields, a BOM. */
function vcbCsv(lines: Array<[date: string, credit: string, debit: string, description: string]>): Buffer {
  const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
  const text = [
    'SAO KÊ TÀI KHOẢN;;;;',
    'Số tài khoản: 0011004455667;;;;',
    '',
    'STT;Ngày giao dịch;Số tiền ghi có;Số tiền ghi nợ;Nội dung',
    ...lines.map(([date, credit, debit, description], i) => [i + 1, date, quote(credit), quote(debit), quote(description)].join(';')),
  ].join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}

const linesOf = async (query: string, token = ctx.tok.admin) => {
  const res = await call(ctx.t.app, 'GET', `/learning/bank-statement/lines?limit=100&${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const orderRow = async (orderId: number) => (await db().select().from(orders).where(eq(orders.orderId, orderId)))[0];
const count = async (table: typeof payments | typeof bankStatements | typeof bankStatementLines | typeof bankColumnMappings) =>
  Number((await db().select({ n: sql<number>`count(*)::int` }).from(table))[0].n);

describe('reading amounts', () => {
  it('reads whole đồng written as banks write them, and refuses the rest', () => {
    const cases: Array<[string | number, number | null]> = [
      ['1.500.000', 1_500_000], ['1,500,000', 1_500_000], ['1 500 000 VND', 1_500_000], ['1.500.000,00', 1_500_000], ['1,500,000.00', 1_500_000],
      ['150.000đ', 150_000], ['+2,000,000', 2_000_000], ['1500000', 1_500_000], [1_500_000, 1_500_000], ['500', 500],
      ['', 0], ['0', 0], ['-500,000', 0], ['(500.000)', 0], [-20_000, 0],
      ['1,500,000.50', null], ['1.5', null], ['abc', null], ['=1+1', null], [1500.5, null], ['99.999.999.999', null],
    ];
    expect(cases.map(([cell]) => amountOf(cell))).toEqual(cases.map(([, amount]) => amount));
  });
});

describe('a bank statement', () => {
  it('previews a csv: its header found under the title rows, its columns guessed, its first rows; writes nothing', async () => {
    const order = await unpaidOrder(1);
    const before = [await count(bankStatements), await count(bankColumnMappings)];
    const file = vcbCsv([[vn(today), '1.000.000', '', `HOC PHI ${mangled(order.orderId)}`], [vn(today), '', '200.000', 'Phi dich vu']]);
    const res = await post('preview', formOf({ bank_key: BIDV }, file));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      columns: ['STT', 'Ngày giao dịch', 'Số tiền ghi có', 'Số tiền ghi nợ', 'Nội dung'],
      header_row: 4,
      rows: [
        ['1', vn(today), '1.000.000', '', `HOC PHI ${mangled(order.orderId)}`.trim().replace(/\s+/g, ' ')],
        ['2', vn(today), '', '200.000', 'Phi dich vu'],
      ],
      mapping: CSV_COLUMNS,
      mapping_saved: false,
    });
    expect([await count(bankStatements), await count(bankColumnMappings)]).toEqual(before);
  });

  it("records a line naming an order's reference (lower case, spaced) as its payment; the rest wait with their problem; the mapping is remembered", async () => {
    const [paid, small, cancelled, done] = [await unpaidOrder(1), await unpaidOrder(1, 300_000), await unpaidOrder(1), await unpaidOrder(1, 100_000)];
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.orderId, cancelled.orderId));
    await db().update(orders).set({ status: 'paid', paidAmount: 100_000 }).where(eq(orders.orderId, done.orderId));
    const file = vcbCsv([
      [vn(today), '1.500.000', '', `NGUYEN VAN AN chuyen tien hoc phi ${mangled(paid.orderId)} lop toan`],
      [vn(today), '500,000', '', `Hoc phi ${paymentReference(small.orderId)}`],
      [`${today} 09:15:00`, '700000', '', `Hoc phi ${paymentReference(999_999)}`],
      [vn(today), '250.000', '', 'Chuyen tien khong ghi ma'],
      [vn(today), '', '3.000.000', 'Rut tien mat'],
      [vn(today), '100.000', '', `${paymentReference(paid.orderId)} va ${paymentReference(small.orderId)}`],
      [vn(today), '100.000', '', `Hoc phi ${paymentReference(cancelled.orderId)}`],
      [vn(today), '100.000', '', `Hoc phi ${paymentReference(done.orderId)}`],
      [vn(yesterday), '100.000', '', `Hoc phi ${paymentReference(paid.orderId)}`],
      [vn(tomorrow), '100.000', '', `Hoc phi ${paymentReference(paid.orderId)}`],
      ['Tổng cộng', '3.350.000', '3.000.000', ''],
      [vn(today), '1.200.000', '', `Dot 2 ${mangled(paid.orderId)}`],
    ]);
    const paymentsBefore = await count(payments);
    const res = await importCsv(file);
    expect(res.statusCode).toBe(200);
    const result = res.json().data;
    expect(result).toMatchObject({ lines_read: 11, new_lines: 10, already_imported: 0, matched: 2, unmatched: 8, skipped_debits: 1, skipped_invalid: 1, invalid_rows: [15] });

    // the order's paid amount moved by both lines naming it, each a transfer payment linked to its line
    expect(await orderRow(paid.orderId)).toMatchObject({ paidAmount: 2_700_000, status: 'pending' });
    const recorded = await db().select().from(payments).where(eq(payments.orderId, paid.orderId)).orderBy(asc(payments.paymentId));
    expect(recorded).toMatchObject([
      { amount: 1_500_000, method: 'transfer', paidOn: today, note: 'Sao kê Vietcombank dòng 5' },
      { amount: 1_200_000, method: 'transfer', paidOn: today, note: 'Sao kê Vietcombank dòng 16' },
    ]);
    expect(await count(payments)).toBe(paymentsBefore + 2);
    // the centre's receipt series goes on without a gap or a repeat
    const year = Number(today.slice(0, 4));
    const series = (await db().select({ seq: payments.receiptSeq }).from(payments).where(and(eq(payments.receiptCenterId, 1), eq(payments.receiptYear, year))).orderBy(asc(payments.receiptSeq))).map((row) => row.seq);
    expect(series).toEqual(series.map((_, i) => i + 1));
    expect(recorded.map((payment) => payment.receiptNo)).toEqual(series.slice(-2).map((seq) => `PT-1-${year}-${String(seq).padStart(5, '0')}`));
    expect(await orderRow(small.orderId)).toMatchObject({ paidAmount: 0 });

    const { rows } = await linesOf(`statement_id=${result.statement_id}`);
    expect(rows.map((line: { row_no: number; status: string; problem: string | null; amount: number }) => [line.row_no, line.status, line.problem, line.amount])).toEqual([
      [5, 'matched', null, 1_500_000],
      [6, 'unmatched', 'over_owed', 500_000],
      [7, 'unmatched', 'unknown_reference', 700_000],
      [8, 'unmatched', 'no_reference', 250_000],
      [10, 'unmatched', 'several_references', 100_000],
      [11, 'unmatched', 'order_cancelled', 100_000],
      [12, 'unmatched', 'order_paid', 100_000],
      [13, 'unmatched', 'date', 100_000],
      [14, 'unmatched', 'date', 100_000],
      [16, 'matched', null, 1_200_000],
    ]);
    expect(rows[0]).toMatchObject({ posted_on: today, order: { order_id: paid.orderId, reference: paymentReference(paid.orderId) }, payment: { payment_id: recorded[0].paymentId, voided: false } });
    expect(recorded[0].statementLineId).toBe(rows[0].line_id);
    expect(rows[1]).toMatchObject({ order: { order_id: small.orderId, owed: 300_000 }, references: [paymentReference(small.orderId)] });
    expect(rows[2].order).toBeNull();

    // audited: the import and each payment
    const audit = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'BankStatement'), eq(auditLogs.resourceId, String(result.statement_id))));
    expect(audit.map((entry) => entry.action)).toEqual(['import']);
    expect(await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Payment'), eq(auditLogs.resourceId, String(recorded[1].paymentId))))).toHaveLength(1);

    // the mapping is the bank's from now on
    const preview = await post('preview', formOf({ bank_key: VCB }, file));
    expect(preview.json().data).toMatchObject({ mapping: CSV_COLUMNS, mapping_saved: true });
  });

  it('records nothing twice: the same file again, and a statement overlapping it', async () => {
    const order = await unpaidOrder(1);
    const lines: Array<[string, string, string, string]> = [
      [vn(today), '1.000.000', '', `Hoc phi ${paymentReference(order.orderId)}`],
      // the same line twice in one statement: two payments
      [vn(today), '1.000.000', '', `Hoc phi ${paymentReference(order.orderId)}`],
      [vn(today), '50.000', '', 'Khong ro'],
    ];
    const first = await importCsv(vcbCsv(lines));
    expect(first.json().data).toMatchObject({ new_lines: 3, matched: 2, unmatched: 1 });
    const [paymentsAfter, linesAfter] = [await count(payments), await count(bankStatementLines)];
    const again = await importCsv(vcbCsv(lines));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ lines_read: 3, new_lines: 0, already_imported: 3, matched: 0, unmatched: 0 });
    // the next statement repeats the last two lines and adds one
    const overlapping = await importCsv(vcbCsv([...lines.slice(0, 2), [vn(today), '700.000', '', `Dot 3 ${paymentReference(order.orderId)}`]]));
    expect(overlapping.json().data).toMatchObject({ new_lines: 1, already_imported: 2, matched: 1 });
    expect([await count(payments), await count(bankStatementLines)]).toEqual([paymentsAfter + 1, linesAfter + 1]);
    expect(await orderRow(order.orderId)).toMatchObject({ paidAmount: 2_700_000 });
  });

  it('reads csv as banks write it: commas or semicolons, with or without a BOM, quoted fields holding separators, quotes and line breaks', async () => {
    const [first, second] = [await unpaidOrder(1), await unpaidOrder(1)];
    const commas = [
      'Ngày giao dịch,Số tiền ghi có,Nội dung',
      `${vn(today)},"1,200,000","Hoc phi, dot 1 ""${paymentReference(first.orderId)}"""`,
      `${vn(today)},"300,000","Chuyen tien${'\n'}nhieu dong"`,
    ].join('\n');
    const commaResult = await importCsv(Buffer.from(commas, 'utf8'), ctx.tok.admin, {}, BIDV);
    expect([commaResult.statusCode, commaResult.json().data]).toEqual([200, expect.objectContaining({ lines_read: 2, matched: 1, unmatched: 1 })]);
    // a semicolon file whose amounts carry commas unquoted
    const semicolons = ['Ngày giao dịch;Số tiền ghi có;Nội dung', `${today};1,500,000;HP ${paymentReference(second.orderId)}`, `${today};2,000;Phi, le phi`].join('\r\n');
    const semicolonResult = await importCsv(Buffer.from(semicolons, 'utf8'), ctx.tok.admin, {}, BIDV);
    expect(semicolonResult.json().data).toMatchObject({ lines_read: 2, matched: 1, unmatched: 1 });
    expect([(await orderRow(first.orderId)).paidAmount, (await orderRow(second.orderId)).paidAmount]).toEqual([1_200_000, 1_500_000]);
    const { rows } = await linesOf(`statement_id=${commaResult.json().data.statement_id}`);
    expect(rows.map((line: { description: string }) => line.description)).toEqual([`Hoc phi, dot 1 "${paymentReference(first.orderId)}"`, 'Chuyen tien nhieu dong']);
  });

  it('imports an xlsx statement: its title rows, date cells and number cells', async () => {
    const order = await unpaidOrder(1, 2_000_000);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sao kê');
    sheet.addRow(['NGÂN HÀNG TMCP ĐẦU TƯ VÀ PHÁT TRIỂN VIỆT NAM']);
    sheet.addRow(['Từ ngày', vn(yesterday), 'Đến ngày', vn(today)]);
    sheet.addRow(['Ngày GD', 'Diễn giải', 'Ghi nợ', 'Ghi có', 'Số dư']);
    const day = new Date(`${today}T00:00:00Z`);
    sheet.addRow([day, `CT DEN:0123 ${mangled(order.orderId).toUpperCase()} HOC PHI`, null, 2_000_000, 12_000_000]);
    sheet.addRow([day, 'PHI QUAN LY TAI KHOAN', 11_000, null, 11_989_000]);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const preview = await post('preview', formOf({ bank_key: BIDV }, file, 'sao-ke.xlsx'));
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      header_row: 3,
      columns: ['Ngày GD', 'Diễn giải', 'Ghi nợ', 'Ghi có', 'Số dư'],
      mapping: { date_column: 'Ngày GD', amount_column: 'Ghi có', description_column: 'Diễn giải' },
    });
    expect(preview.json().data.rows[0].slice(0, 4)).toEqual([vn(today), expect.stringContaining('HOC PHI'), '', '2000000']);

    const res = await post('import', formOf({ bank_key: BIDV, date_column: 'Ngày GD', amount_column: 'Ghi có', description_column: 'Diễn giải' }, file, 'sao-ke.xlsx'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ lines_read: 2, new_lines: 1, matched: 1, skipped_debits: 1 });
    expect(await orderRow(order.orderId)).toMatchObject({ paidAmount: 2_000_000, status: 'paid' });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, order.orderId));
    expect(payment).toMatchObject({ paidOn: today, note: 'Sao kê BIDV dòng 4' });
  });

  it('lets staff assign an unmatched line to an order (by id or reference) or ignore it; a recorded line is a 409', async () => {
    const [target, other, small] = [await unpaidOrder(1), await unpaidOrder(1), await unpaidOrder(1, 100_000)];
    const res = await importCsv(
      vcbCsv([
        [vn(today), '600.000', '', 'CK tien hoc cho con'],
        [vn(today), '400.000', '', `Hoc phi ${paymentReference(small.orderId)}`],
        [vn(today), '900.000', '', 'Chuyen nham'],
      ]),
    );
    const { rows } = await linesOf(`statement_id=${res.json().data.statement_id}&status=unmatched`);
    expect(rows.map((line: { problem: string }) => line.problem)).toEqual(['no_reference', 'over_owed', 'no_reference']);
    const [noReference, overOwed, wrong] = rows;
    const assign = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/bank-statement/line/assign', token, body);
    const ignore = (body: Record<string, unknown>, token = ctx.tok.admin) => call(ctx.t.app, 'POST', '/learning/bank-statement/line/ignore', token, body);

    // more than the order owes: refused, nothing written
    const paymentsBefore = await count(payments);
    const tooMuch = await assign({ line_id: overOwed.line_id, order_id: small.orderId });
    expect([tooMuch.statusCode, tooMuch.json().error.fields]).toEqual([400, { order_id: PAYMENT_TEXT.overpaid(100_000) }]);
    expect((await assign({ line_id: noReference.line_id })).json().error.fields).toEqual({ order_id: T.lineOrder });
    expect((await assign({ line_id: noReference.line_id, reference: 'TT123' })).json().error.fields).toEqual({ reference: T.lineReference });
    expect(await count(payments)).toBe(paymentsBefore);

    const assigned = await assign({ line_id: noReference.line_id, reference: mangled(target.orderId) });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({ status: 'assigned', order: { order_id: target.orderId, owed: 4_200_000 }, decided_by: { name: 'Quản trị viên' } });
    expect(await orderRow(target.orderId)).toMatchObject({ paidAmount: 600_000 });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, target.orderId));
    expect(payment).toMatchObject({ amount: 600_000, method: 'transfer', statementLineId: noReference.line_id });
    // once recorded, never again
    expect((await assign({ line_id: noReference.line_id, order_id: other.orderId })).statusCode).toBe(409);
    expect((await ignore({ line_id: noReference.line_id, reason: 'Nhầm' })).statusCode).toBe(409);

    expect((await ignore({ line_id: wrong.line_id, reason: '  ' })).json().error.fields).toEqual({ reason: T.reason });
    const ignored = await ignore({ line_id: wrong.line_id, reason: 'Khách chuyển nhầm, đã hoàn lại' });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data).toMatchObject({ status: 'ignored', payment: null, ignore_reason: 'Khách chuyển nhầm, đã hoàn lại' });
    const [entry] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'BankStatement'), eq(auditLogs.action, 'update')))
      .orderBy(sql`${auditLogs.id} desc`)
      .limit(1);
    expect(entry.after).toMatchObject({ lineId: wrong.line_id, status: 'ignored', reason: 'Khách chuyển nhầm, đã hoàn lại' });
    expect((await linesOf('status=ignored')).rows.map((line: { line_id: number }) => line.line_id)).toContain(wrong.line_id);
  });

  it('refuses hostile and broken files with a 400 on the file, writing nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sao kê');
    sheet.addRow(['Ngày giao dịch', 'Số tiền ghi có', 'Nội dung']);
    sheet.addRow([vn(today), { formula: '1000000*2', result: 2_000_000 }, 'Hoc phi']);
    const formula = Buffer.from(await book.xlsx.writeBuffer());
    const oversized = Buffer.concat([vcbCsv([[vn(today), '1.000', '', 'x']]), Buffer.alloc(5 * 1024 * 1024 + 1, 0x20)]);
    const tooMany = vcbCsv(Array.from({ length: 10_001 }, (_, i) => [vn(today), '1.000', '', `Dong ${i}`] as [string, string, string, string]));
    const written = [await count(bankStatements), await count(bankStatementLines), await count(payments), await count(bankColumnMappings)];
    const cases: Array<[Buffer, string, string]> = [
      [formula, 'sao-ke.xlsx', T.fileFormula('B2')],
      [xlsxBomb(64), 'sao-ke.xlsx', T.fileUnpackedTooLarge],
      [oversized, 'sao-ke.csv', T.fileTooLarge],
      [tooMany, 'sao-ke.csv', T.fileTooMany],
      [Buffer.from('Ngày giao dịch;Số tiền ghi có;Nội dung\n28/11/2026;1000;Học phí', 'latin1'), 'sao-ke.csv', T.fileEncoding],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]), 'sao-ke.xls', T.fileOldExcel],
      [Buffer.from('PK\u0003\u0004 not really a zip'), 'sao-ke.xlsx', T.fileInvalid],
      [Buffer.from('Ngày giao dịch;Số tiền ghi có;Nội dung\n28/11/2026;"1000;Học phí\n'), 'sao-ke.csv', T.fileCsvBroken(2)],
      [Buffer.from('Ngày giao dịch;Số tiền ghi có;Nội dung\nabc;xyz;Học phí\n'), 'sao-ke.csv', T.fileNoLines],
    ];
    for (const [file, filename, message] of cases) {
      for (const path of ['preview', 'import']) {
        if (path === 'preview' && (message === T.fileTooMany || message === T.fileNoLines)) continue;
        const res = await post(path, formOf({ bank_key: VCB, ...CSV_COLUMNS }, file, filename));
        expect([path, filename, res.statusCode, res.json().error.fields]).toEqual([path, filename, 400, { file: message }]);
      }
    }
    const missing = await post('import', formOf({ bank_key: VCB, ...CSV_COLUMNS }));
    expect(missing.json().error.fields).toEqual({ file: T.fileRequired });
    const badColumn = await importCsv(vcbCsv([[vn(today), '1.000', '', 'x']]), ctx.tok.admin, { amount_column: 'Có' });
    expect(badColumn.json().error.fields).toEqual({ amount_column: T.columnNotFound('Có') });
    const badBank = await importCsv(vcbCsv([[vn(today), '1.000', '', 'x']]), ctx.tok.admin, {}, '123456');
    expect(badBank.json().error.fields).toEqual({ bank_key: T.bankKey });
    expect([await count(bankStatements), await count(bankStatementLines), await count(payments), await count(bankColumnMappings)]).toEqual(written);
  });
});

describe('who reaches the money', () => {
  it("keeps a giáo vụ within their centre: their statements are their centre's, another centre's order is not matched nor assigned, another centre's lines are out of reach", async () => {
    const own = await unpaidOrder(1);
    const far = await unpaidOrder(2);
    const affair = ctx.tok.academicAffair;
    const hcmAffair = await login(ctx.t.app, 'giaovu.hcm@trungtam.vn');

    const res = await importCsv(
      vcbCsv([
        [vn(today), '300.000', '', `Hoc phi ${paymentReference(own.orderId)}`],
        [vn(today), '300.000', '', `Hoc phi ${paymentReference(far.orderId)}`],
      ]),
      affair,
      { center_id: '2' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ matched: 1, unmatched: 1 });
    const [statement] = await db().select().from(bankStatements).where(eq(bankStatements.statementId, res.json().data.statement_id));
    expect(statement.centerId).toBe(1);
    expect(await orderRow(far.orderId)).toMatchObject({ paidAmount: 0 });
    const { rows } = await linesOf(`statement_id=${statement.statementId}`, affair);
    // another centre's order is as unknown, and not named
    expect(rows[1]).toMatchObject({ status: 'unmatched', problem: 'unknown_reference', order: null });

    const assign = (body: Record<string, unknown>, token: string) => call(ctx.t.app, 'POST', '/learning/bank-statement/line/assign', token, body);
    const refused = await assign({ line_id: rows[1].line_id, order_id: far.orderId }, affair);
    expect(refused.statusCode).toBe(403);
    expect(await orderRow(far.orderId)).toMatchObject({ paidAmount: 0 });
    // the other centre's giáo vụ sees none of these lines, and cannot decide them
    expect((await linesOf(`statement_id=${statement.statementId}`, hcmAffair)).rows).toEqual([]);
    expect((await assign({ line_id: rows[1].line_id, order_id: far.orderId }, hcmAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'POST', '/learning/bank-statement/line/ignore', hcmAffair, { line_id: rows[1].line_id, reason: 'x' })).statusCode).toBe(403);
    // the administrator may record it on the other centre's order
    expect((await assign({ line_id: rows[1].line_id, order_id: far.orderId }, ctx.tok.admin)).statusCode).toBe(200);
    expect(await orderRow(far.orderId)).toMatchObject({ paidAmount: 300_000 });
  });

  it("matches an administrator's statement of a centre to that centre's orders only", async () => {
    const [hn, hcm] = [await unpaidOrder(1), await unpaidOrder(2)];
    const res = await importCsv(
      vcbCsv([
        [vn(today), '200.000', '', `Hoc phi ${paymentReference(hn.orderId)}`],
        [vn(today), '200.000', '', `Hoc phi ${paymentReference(hcm.orderId)}`],
      ]),
      ctx.tok.admin,
      { center_id: '2' },
    );
    expect(res.json().data).toMatchObject({ matched: 1, unmatched: 1 });
    expect([(await orderRow(hn.orderId)).paidAmount, (await orderRow(hcm.orderId)).paidAmount]).toEqual([0, 200_000]);
    expect((await importCsv(vcbCsv([[vn(today), '1.000', '', 'x']]), ctx.tok.admin, { center_id: '99999' })).json().error.fields).toEqual({ center_id: T.centre });
  });

  it('shows a teacher and a student none of it', async () => {
    const file = vcbCsv([[vn(today), '1.000', '', 'x']]);
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      expect((await post('preview', formOf({ bank_key: VCB }, file), token)).statusCode).toBe(403);
      expect((await importCsv(file, token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'GET', '/learning/bank-statement/lines', token)).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'POST', '/learning/bank-statement/line/assign', token, { line_id: 1, order_id: 1 })).statusCode).toBe(403);
      expect((await call(ctx.t.app, 'POST', '/learning/bank-statement/line/ignore', token, { line_id: 1, reason: 'x' })).statusCode).toBe(403);
    }
  });
});
