/**
 * VietQR: the transfer QR every Vietnamese bank app reads (NAPAS's profile of the EMVCo merchant-presented
 * QR). `vietQrPayload` writes the text a QR image carries for a transfer to an account; `checkVietQr` reads
 * one back (ours or a bank's) and says whether its CRC holds. Every field is ID (2 digits) + length
 * (2 digits) + value; a template (38, the account; 62, the additional data) holds such fields.
 */
import { bankByBin, type Bank } from '@trungtam/shared/contracts/banks';

/** NAPAS's application ID in the merchant account information (38.00). */
const NAPAS_GUID = 'A000000727';
/** The service: an interbank transfer to an account (38.02); a card number would be QRIBFTTC. */
const TRANSFER_TO_ACCOUNT = 'QRIBFTTA';
const CURRENCY_VND = '704';
const COUNTRY_VN = 'VN';
/** The CRC field's head: ID 63, length 04; the CRC covers the text up to and including it. */
const CRC_HEAD = '6304';

/** The largest amount a QR carries: 13 digits of đồng. */
export const VIETQR_MAX_AMOUNT = 9_999_999_999_999;
/** The longest transfer text (62.08) banks carry through. */
export const VIETQR_MAX_REFERENCE = 25;

export type VietQrField = 'bin' | 'accountNumber' | 'amount' | 'reference' | 'payload';

export const VIETQR_TEXT = {
  bin: 'Mã BIN ngân hàng phải gồm đúng 6 chữ số',
  accountNumber: 'Số tài khoản phải gồm từ 1 đến 19 chữ số hoặc chữ cái không dấu',
  amount: 'Số tiền phải là số nguyên dương (đồng), tối đa 13 chữ số',
  reference: `Nội dung chuyển khoản phải gồm từ 1 đến ${VIETQR_MAX_REFERENCE} chữ in hoa không dấu hoặc chữ số`,
  malformed: (at: number) => `Chuỗi VietQR không đúng cấu trúc (vị trí ${at})`,
  notATransfer: 'Chuỗi QR không phải mã VietQR chuyển khoản tới tài khoản',
} as const;

/** A request the QR cannot carry: which field, and why. */
export class VietQrError extends Error {
  constructor(
    readonly field: VietQrField,
    message: string,
  ) {
    super(message);
    this.name = 'VietQrError';
  }
}

export interface VietQrRequest {
  /** The receiving bank's 6-digit BIN (shared/contracts/banks). */
  bin: string;
  accountNumber: string;
  /** Whole đồng. With an amount the QR is dynamic (for this payment), without it static (any amount). */
  amount?: number;
  /** The transfer text the payer's bank sends on: an order's payment reference. */
  reference?: string;
}

/** One data object of the payload; a template's value (38, its 01, and 62) is also read as its fields. */
export interface TlvField {
  id: string;
  value: string;
  fields?: TlvField[];
}

/** What a VietQR says, as read back. */
export interface VietQrReading {
  /** Whether the last field is a CRC that matches the text before it: false for a damaged or edited payload. */
  crcValid: boolean;
  /** Point of initiation 12: made for one payment (with its amount); 11: reusable. */
  dynamic: boolean;
  bin: string;
  /** The bank of the BIN, when it is on the reviewed list. */
  bank: Bank | undefined;
  accountNumber: string;
  serviceCode: string | undefined;
  currency: string | undefined;
  country: string | undefined;
  amount: number | undefined;
  /** The transfer text (62.08) as written. */
  purpose: string | undefined;
  fields: TlvField[];
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the text's UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field: the values written here are at most 63 characters, so the 2-digit length always fits. */
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** The payload of a transfer to `accountNumber` at the bank `bin`; refuses (VietQrError) what banks would not read. */
export function vietQrPayload({ bin, accountNumber, amount, reference }: VietQrRequest): string {
  if (!/^\d{6}$/.test(bin)) throw new VietQrError('bin', VIETQR_TEXT.bin);
  if (!/^[A-Za-z0-9]{1,19}$/.test(accountNumber)) throw new VietQrError('accountNumber', VIETQR_TEXT.accountNumber);
  if (amount !== undefined && !(Number.isSafeInteger(amount) && amount > 0 && amount <= VIETQR_MAX_AMOUNT)) {
    throw new VietQrError('amount', VIETQR_TEXT.amount);
  }
  if (reference !== undefined && !new RegExp(`^[A-Z0-9]{1,${VIETQR_MAX_REFERENCE}}$`).test(reference)) {
    throw new VietQrError('reference', VIETQR_TEXT.reference);
  }
  const merchantAccount = tlv('00', NAPAS_GUID) + tlv('01', tlv('00', bin) + tlv('01', accountNumber)) + tlv('02', TRANSFER_TO_ACCOUNT);
  const payload =
    tlv('00', '01') +
    tlv('01', amount === undefined ? '11' : '12') +
    tlv('38', merchantAccount) +
    tlv('53', CURRENCY_VND) +
    (amount === undefined ? '' : tlv('54', String(amount))) +
    tlv('58', COUNTRY_VN) +
    (reference === undefined ? '' : tlv('62', tlv('08', reference))) +
    CRC_HEAD;
  return payload + crc16CcittFalse(payload);
}

/** Which fields are templates, read as fields in their turn: 38 (and its 01, the bank and account) and 62. */
interface Templates {
  readonly [id: string]: Templates;
}
const TEMPLATES: Templates = { '38': { '01': {} }, '62': {} };

function readFields(text: string, templates: Templates, offset: number): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new VietQrError('payload', VIETQR_TEXT.malformed(offset + at));
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new VietQrError('payload', VIETQR_TEXT.malformed(offset + at));
    const nested = templates[id];
    fields.push(nested ? { id, value, fields: readFields(value, nested, offset + at + 4) } : { id, value });
    at += 4 + length;
  }
  return fields;
}

/** The payload's fields in order, templates (38, its 01, 62) read as nested fields; VietQrError when it is not ID-length-value throughout. */
export const parseEmvTlv = (text: string): TlvField[] => readFields(text, TEMPLATES, 0);

const valueOf = (fields: TlvField[] | undefined, id: string) => fields?.find((field) => field.id === id)?.value;
const fieldsOf = (fields: TlvField[] | undefined, id: string) => fields?.find((field) => field.id === id)?.fields;

/** Reads a VietQR transfer payload back; VietQrError when it is not one (not ID-length-value, or no NAPAS account in 38). */
export function checkVietQr(text: string): VietQrReading {
  const fields = parseEmvTlv(text);
  const merchantAccount = fieldsOf(fields, '38');
  const beneficiary = fieldsOf(merchantAccount, '01');
  const bin = valueOf(beneficiary, '00');
  const accountNumber = valueOf(beneficiary, '01');
  if (valueOf(merchantAccount, '00') !== NAPAS_GUID || bin === undefined || accountNumber === undefined) {
    throw new VietQrError('payload', VIETQR_TEXT.notATransfer);
  }
  const amountText = valueOf(fields, '54');
  if (amountText !== undefined && !/^\d{1,13}$/.test(amountText)) throw new VietQrError('amount', VIETQR_TEXT.amount);
  const last = fields[fields.length - 1];
  const crcValid = last.id === '63' && last.value.length === 4 && crc16CcittFalse(text.slice(0, -4)) === last.value.toUpperCase();
  return {
    crcValid,
    dynamic: valueOf(fields, '01') === '12',
    bin,
    bank: bankByBin(bin),
    accountNumber,
    serviceCode: valueOf(merchantAccount, '02'),
    currency: valueOf(fields, '53'),
    country: valueOf(fields, '58'),
    amount: amountText === undefined ? undefined : Number(amountText),
    purpose: valueOf(fieldsOf(fields, '62'), '08'),
    fields,
  };
}
