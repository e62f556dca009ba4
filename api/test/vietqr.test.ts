/** VietQR payloads, the reviewed bank list and orders' payment references: pure functions, no database. */
import { BANKS, bankByBin } from '@trungtam/shared/contracts/banks';
import { checkVietQr, crc16CcittFalse, parseEmvTlv, vietQrPayload, VietQrError, type VietQrField } from '../src/lib/vietqr';
import { findReferences, MAX_REFERENCED_ORDER_ID, orderIdOfReference, PAYMENT_REFERENCE_LENGTH, paymentReference } from '../src/lib/payment-reference';

/**
 * Published payloads. NAPAS_STATIC and NAPAS_DYNAMIC are the examples of NAPAS's VietQR specification (IBFT
 * by QR, v1.5.2) as public VietQR libraries quote them in their conformance tests; the MB one is from the
 * tests of github.com/subiz/vietqr (vietqr_test.go), the VietinBank one from its README.
 */
const NAPAS_STATIC = '00020101021138570010A00000072701270006970403011300110123456780208QRIBFTTA53037045802VN63049E6F';
const NAPAS_DYNAMIC =
  '00020101021238570010A00000072701270006970403011300110123456780208QRIBFTTA530370454061800005802VN62340107NPS68690819thanh toan don hang63042E2E';
const SUBIZ_STATIC_TPBANK = '00020101021138540010A00000072701240006970423011000999999990208QRIBFTTA53037045802VN6304CBB4';
const SUBIZ_DYNAMIC_MB =
  '00020101021238570010A00000072701270006970422011300234579234420208QRIBFTTA53037045405401235802VN62200816test text string6304D9C6';
const SUBIZ_DYNAMIC_VIETINBANK =
  '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C';

/** A small seeded generator (mulberry32): the same "random" texts on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const refusal = (field: VietQrField, make: () => unknown) => {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(VietQrError);
    expect((error as VietQrError).field).toBe(field);
    return;
  }
  throw new Error(`expected a refusal of ${field}`);
};

describe('CRC-16/CCITT-FALSE', () => {
  it('gives 29B1 for the standard check string and the published CRCs of published payloads', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    expect(crc16CcittFalse('')).toBe('FFFF');
    for (const payload of [NAPAS_STATIC, NAPAS_DYNAMIC, SUBIZ_STATIC_TPBANK, SUBIZ_DYNAMIC_MB, SUBIZ_DYNAMIC_VIETINBANK]) {
      expect(crc16CcittFalse(payload.slice(0, -4))).toBe(payload.slice(-4));
    }
  });
});

describe('vietQrPayload', () => {
  it('writes the static payloads of the published examples character for character', () => {
    expect(vietQrPayload({ bin: '970403', accountNumber: '0011012345678' })).toBe(NAPAS_STATIC);
    expect(vietQrPayload({ bin: '970423', accountNumber: '0099999999' })).toBe(SUBIZ_STATIC_TPBANK);
  });

  it('writes a dynamic payload with the layout of a published one up to the transfer text, and reads back to its fields', () => {
    const payload = vietQrPayload({ bin: '970422', accountNumber: '0023457923442', amount: 40123, reference: 'TT00078MSJJ' });
    const upToText = SUBIZ_DYNAMIC_MB.slice(0, SUBIZ_DYNAMIC_MB.indexOf('5802VN') + 6);
    expect(payload.startsWith(upToText)).toBe(true);
    expect(payload.slice(upToText.length, -4)).toBe('62150811TT00078MSJJ6304');

    expect(checkVietQr(payload)).toMatchObject({
      crcValid: true,
      dynamic: true,
      bin: '970422',
      bank: { shortName: 'MB' },
      accountNumber: '0023457923442',
      serviceCode: 'QRIBFTTA',
      currency: '704',
      country: 'VN',
      amount: 40123,
      purpose: 'TT00078MSJJ',
    });
    expect(parseEmvTlv(payload).map((field) => field.id)).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
  });

  it('marks a payload without an amount static (11) and leaves out 54, and one without a reference without 62', () => {
    const reading = checkVietQr(vietQrPayload({ bin: '970436', accountNumber: '1234567890', reference: 'TT000001AAB' }));
    expect(reading).toMatchObject({ crcValid: true, dynamic: false, amount: undefined, purpose: 'TT000001AAB', bank: { shortName: 'Vietcombank' } });
    expect(reading.fields.map((field) => field.id)).not.toContain('54');
    expect(checkVietQr(vietQrPayload({ bin: '970436', accountNumber: '1234567890', amount: 500000 })).purpose).toBeUndefined();
  });

  it('refuses a BIN, account number, amount or reference that banks would not read', () => {
    const ok = { bin: '970436', accountNumber: '0011001234567', amount: 1_500_000, reference: 'TT000001AAB' };
    for (const bin of ['97043', '9704366', '97043A', ' 970436', '']) refusal('bin', () => vietQrPayload({ ...ok, bin }));
    for (const accountNumber of ['', '0011 001234567', '0011-0012', '12345678901234567890', 'tài khoản']) {
      refusal('accountNumber', () => vietQrPayload({ ...ok, accountNumber }));
    }
    for (const amount of [0, -1, 1.5, 10_000_000_000_000, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      refusal('amount', () => vietQrPayload({ ...ok, amount }));
    }
    for (const reference of ['', 'tt000001aab', 'TT 000001AAB', 'TT-000001AAB', 'HỌC PHÍ', 'A'.repeat(26)]) {
      refusal('reference', () => vietQrPayload({ ...ok, reference }));
    }
    expect(checkVietQr(vietQrPayload({ ...ok, amount: 9_999_999_999_999, reference: 'A'.repeat(25) })).crcValid).toBe(true);
    expect(checkVietQr(vietQrPayload({ ...ok, accountNumber: 'ABC1234567890123456' })).accountNumber).toBe('ABC1234567890123456');
  });
});

describe('checkVietQr', () => {
  it("reads NAPAS's dynamic example: the bank, the account, the amount and the transfer text, and its CRC holds", () => {
    const reading = checkVietQr(NAPAS_DYNAMIC);
    expect(reading).toMatchObject({
      crcValid: true,
      dynamic: true,
      bin: '970403',
      bank: { shortName: 'Sacombank' },
      accountNumber: '0011012345678',
      serviceCode: 'QRIBFTTA',
      amount: 180000,
      purpose: 'thanh toan don hang',
    });
    expect(reading.fields.find((field) => field.id === '62')?.fields).toEqual([
      { id: '01', value: 'NPS6869' },
      { id: '08', value: 'thanh toan don hang' },
    ]);
    expect(checkVietQr(SUBIZ_DYNAMIC_VIETINBANK)).toMatchObject({ crcValid: true, bank: { shortName: 'VietinBank' }, amount: 120000 });
  });

  it('finds the CRC broken when one digit of the amount or of the account is changed, or the CRC itself', () => {
    const payload = vietQrPayload({ bin: '970415', accountNumber: '0011001932418', amount: 120000, reference: 'TT00078MSJJ' });
    const amountAt = payload.indexOf('5406120000') + 4;
    const tampered = `${payload.slice(0, amountAt)}9${payload.slice(amountAt + 1)}`;
    expect(checkVietQr(tampered)).toMatchObject({ crcValid: false, amount: 920000 });
    const accountAt = payload.indexOf('0011001932418');
    expect(checkVietQr(`${payload.slice(0, accountAt)}1${payload.slice(accountAt + 1)}`).crcValid).toBe(false);
    expect(checkVietQr(`${payload.slice(0, -1)}${payload.endsWith('0') ? '1' : '0'}`).crcValid).toBe(false);
    expect(checkVietQr(payload.slice(0, -8)).crcValid).toBe(false);
  });

  it('refuses a text that is not ID-length-value throughout, or not a transfer to an account', () => {
    refusal('payload', () => parseEmvTlv('000201010212385'));
    refusal('payload', () => parseEmvTlv('0002010199'));
    refusal('payload', () => checkVietQr('https://example.com/pay'));
    refusal('payload', () => checkVietQr('000201010211'));
    refusal('payload', () => checkVietQr(NAPAS_STATIC.replace('A000000727', 'A000000728')));
  });
});

describe('the bank list', () => {
  it("holds the common banks with NAPAS's BINs", () => {
    expect(bankByBin('970436')?.shortName).toBe('Vietcombank');
    expect(bankByBin('970415')?.shortName).toBe('VietinBank');
    expect(bankByBin('970418')?.shortName).toBe('BIDV');
    expect(bankByBin('970416')?.shortName).toBe('ACB');
    expect(bankByBin('970422')?.shortName).toBe('MB');
    expect(bankByBin('970407')?.shortName).toBe('Techcombank');
    expect(bankByBin('970499')).toBeUndefined();
  });

  it('gives every bank one 6-digit BIN of its own, a short name and a name', () => {
    expect(BANKS.length).toBeGreaterThanOrEqual(45);
    for (const bank of BANKS) {
      expect(bank.bin).toMatch(/^\d{6}$/);
      expect(bank.shortName.trim()).not.toBe('');
      expect(bank.name.trim()).not.toBe('');
      expect(bankByBin(bank.bin)).toBe(bank);
    }
    expect(new Set(BANKS.map((bank) => bank.bin)).size).toBe(BANKS.length);
    expect(new Set(BANKS.map((bank) => bank.shortName)).size).toBe(BANKS.length);
  });
});

describe('payment references', () => {
  /** The letters and digits of a text, as the references are looked for in it. */
  const compact = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'D').toUpperCase().replace(/[^A-Z0-9]/g, '');
  /** Places shaped like a reference: `TT`, six characters of the alphabet, three of its letters. */
  const candidatePlaces = (text: string) => compact(text).match(/(?=TT[0-9A-HJKMNP-TV-Z]{6}[A-HJKMNP-TV-Z]{3})/g)?.length ?? 0;
  const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const CHECK_LETTERS = 'ABCDEFGHJKMNPQRSTVWXYZ';

  it('are short, letters and digits only, one per order, and give their order back for ids 1 to 100 000 and the largest', () => {
    const seen = new Set<string>();
    const lost: number[] = [];
    for (let id = 1; id <= 100_000; id += 1) {
      const reference = paymentReference(id);
      if (orderIdOfReference(reference) !== id) lost.push(id);
      seen.add(reference);
    }
    expect(lost).toEqual([]);
    expect(seen.size).toBe(100_000);
    expect(PAYMENT_REFERENCE_LENGTH).toBe(11);
    expect(paymentReference(7444)).toBe('TT00078MSJJ');
    for (const id of [MAX_REFERENCED_ORDER_ID - 1, MAX_REFERENCED_ORDER_ID]) expect(orderIdOfReference(paymentReference(id))).toBe(id);
    expect(paymentReference(MAX_REFERENCED_ORDER_ID)).toMatch(/^TT[0-9A-HJKMNP-TV-Z]{9}$/);
    for (const id of [0, -1, 1.5, MAX_REFERENCED_ORDER_ID + 1, Number.NaN]) expect(() => paymentReference(id)).toThrow(RangeError);
    expect(orderIdOfReference('TT000000AAA')).toBeNull();
  });

  it('survive lower case, spaces and dashes inside the payer’s sentence, and a bank that strips them all', () => {
    const reference = paymentReference(7444);
    const spaced = `${reference.slice(0, 2)}-${reference.slice(2, 6)} ${reference.slice(6)}`.toLowerCase();
    expect(spaced).toBe('tt-0007 8msjj');
    expect(findReferences(`CK hoc phi ${spaced} x nguyen van a`)).toEqual([reference]);
    expect(findReferences(`CK HỌC PHÍ ${reference.toLowerCase()} - Nguyễn Văn A`)).toEqual([reference]);
    expect(findReferences(`CKHOCPHI${reference}XNGUYENVANA`)).toEqual([reference]);
    expect(findReferences(`MBVCB.5512345678.012345.${reference}.CT tu 0011001234567 NGUYEN VAN A`)).toEqual([reference]);
    expect(orderIdOfReference(spaced)).toBe(7444);
    expect(findReferences(`tt ${paymentReference(12)} va ${paymentReference(99_999)} va ${paymentReference(12)}`)).toEqual([
      paymentReference(12),
      paymentReference(99_999),
    ]);
  });

  it('reject a reference with any one character changed, or two neighbours of its id or of its check swapped', () => {
    const next = seeded(7);
    const accepted: string[] = [];
    for (let sample = 0; sample < 300; sample += 1) {
      const id = 1 + Math.floor(next() * MAX_REFERENCED_ORDER_ID);
      const reference = paymentReference(id);
      for (let at = 0; at < reference.length; at += 1) {
        for (const character of `${ALPHABET}ILOU`) {
          if (character === reference[at]) continue;
          const changed = reference.slice(0, at) + character + reference.slice(at + 1);
          if (orderIdOfReference(changed) !== null || findReferences(`CK hoc phi ${changed}`).length > 0) accepted.push(changed);
        }
      }
      // Within the id (characters 2 to 7) and within the check (8 to 10); across the two the check letters refuse a digit.
      for (const at of [2, 3, 4, 5, 6, 8, 9]) {
        if (reference[at] === reference[at + 1]) continue;
        const swapped = reference.slice(0, at) + reference[at + 1] + reference[at] + reference.slice(at + 2);
        if (orderIdOfReference(swapped) !== null) accepted.push(swapped);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('find nothing in Vietnamese transfer texts without a reference, though many have a TT and numbers after it', () => {
    const next = seeded(2024);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    const digits = (count: number) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
    const words = [
      'CK', 'ck', 'chuyen khoan', 'chuyển khoản', 'tt', 'TT', 'thanh toan', 'thanh toán', 'hoc phi', 'học phí', 'tien hoc',
      'lop', 'lớp', 'thang', 'tháng', 'ky', 'khoa', 'khoá', 'tieng anh', 'toán', 'Nguyen Van An', 'TRAN THI BICH', 'Le Minh',
      'PHAM DUC TT', 'cho con', 'be', 'bé', 'ma hs', 'mã HS', 'hs', 'dong', 'đóng', 'nop', 'nộp', 'phi', 'sdt', 'IBFT',
      'MBVCB', 'FT', 'TRACE', 'GD', 'tu', 'từ', 'den', 'đến', 'va', 'và', 'x', 'TTHP', 'TTTT', 'nam', 'ba', 'me',
    ];
    const numbers = [
      () => `09${digits(8)}`,
      () => digits(13),
      () => `${1 + Math.floor(next() * 50)}00000`,
      () => `${1 + Math.floor(next() * 28)}/${1 + Math.floor(next() * 12)}/2026`,
      () => `FT${digits(5)}${pick(['ABC', 'XYZ', 'KL', 'MN'])}${digits(4)}`,
      () => `HS${digits(4)}`,
    ];
    let withTt = 0;
    let places = 0;
    const found: string[][] = [];
    for (let line = 0; line < 20_000; line += 1) {
      const parts = Array.from({ length: 3 + Math.floor(next() * 10) }, () => (next() < 0.3 ? pick(numbers)() : pick(words)));
      const text = parts.join(pick([' ', ' ', '-', '.', '']));
      if (compact(text).includes('TT')) withTt += 1;
      places += candidatePlaces(text);
      const references = findReferences(text);
      if (references.length > 0) found.push([text, ...references]);
    }
    expect(found).toEqual([]);
    expect(withTt).toBeGreaterThan(5_000);
    // Places shaped like a reference are few (numbers never end one), and each passes about 1 time in 10 000.
    expect(places).toBeGreaterThan(100);
    expect(places).toBeLessThan(2_000);
  });

  it('let through about one in ten thousand random candidates of the right shape, as the check letters promise', () => {
    const next = seeded(99);
    const tries = 400_000;
    let passed = 0;
    for (let n = 0; n < tries; n += 1) {
      let candidate = 'TT';
      while (candidate.length < 8) candidate += ALPHABET[Math.floor(next() * ALPHABET.length)];
      while (candidate.length < PAYMENT_REFERENCE_LENGTH) candidate += CHECK_LETTERS[Math.floor(next() * CHECK_LETTERS.length)];
      if (orderIdOfReference(candidate) !== null) passed += 1;
    }
    expect(passed / tries).toBeGreaterThan(1 / 20_000);
    expect(passed / tries).toBeLessThan(1 / 5_000);
  });
});
