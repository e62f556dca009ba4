/**
 * An order's transfer reference: the text a payer's bank sends with the money (the VietQR's 62.08), from
 * which the ledger finds the order on the bank statement. `TT` + the order id in six base-32 characters +
 * three check letters. Banks upper-case, lower-case, drop punctuation and spaces, or keep the text inside
 * the payer's own words, so the reference is letters and digits only and is read back from the text with
 * everything but letters and digits taken out.
 *
 * The check is the order id modulo 10 639 (a prime just under 22³), written with the 22 letters of the
 * alphabet. Changing one character of the id changes the id by d·32^k (0 < |d| < 32), and swapping two
 * neighbours by 31·(a − b)·32^k: neither is a multiple of the prime, so both are always caught; a changed
 * check letter gives another value, or one that no id gives.
 *
 * False matches: in a text without a reference, a candidate exists only where `TT` is followed by six
 * characters of the alphabet and three of its letters. Digits never end a candidate, so the long numbers of
 * transfer texts (phone, account and trace numbers, amounts, dates) never make one; words rarely do, as
 * Vietnamese without diacritics has I, O or U in most words and the alphabet lacks them. Where a candidate
 * does stand, it passes only if its three letters are the one triple of 22³ = 10 648 that its first six
 * characters give: about 1 in 10 000 such places. The ledger still matches the amount before it books.
 */

const PREFIX = 'TT';
/** Crockford's base 32: digits and upper-case letters without I, L, O and U (read as 1, 1, 0 and V). */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The check is written in letters only, so that no run of digits can end a valid reference. */
const CHECK_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ';
const ID_LENGTH = 6;
const CHECK_LENGTH = 3;
const CHECK_MODULUS = 10_639;

/** The length of every reference. */
export const PAYMENT_REFERENCE_LENGTH = PREFIX.length + ID_LENGTH + CHECK_LENGTH;
/** The largest order id a reference can carry (32⁶ − 1, over a thousand million). */
export const MAX_REFERENCED_ORDER_ID = ALPHABET.length ** ID_LENGTH - 1;

/** `value` in `width` characters of `alphabet` (most significant first). */
const encode = (value: number, width: number, alphabet: string) => {
  let text = '';
  for (let rest = value; text.length < width; rest = Math.floor(rest / alphabet.length)) text = alphabet[rest % alphabet.length] + text;
  return text;
};

/** The number the characters write in `alphabet`, or undefined when one is not of it. */
const decode = (text: string, alphabet: string) => {
  let value = 0;
  for (const character of text) {
    const digit = alphabet.indexOf(character);
    if (digit < 0) return undefined;
    value = value * alphabet.length + digit;
  }
  return value;
};

/** The text as a bank may pass it on: without diacritics, upper case, letters and digits only. */
const compact = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

/** The transfer reference of an order. */
export function paymentReference(orderId: number): string {
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > MAX_REFERENCED_ORDER_ID) {
    throw new RangeError(`An order id for a payment reference is an integer from 1 to ${MAX_REFERENCED_ORDER_ID}: ${orderId}`);
  }
  return PREFIX + encode(orderId, ID_LENGTH, ALPHABET) + encode(orderId % CHECK_MODULUS, CHECK_LENGTH, CHECK_ALPHABET);
}

/** The order a reference names (in any case, with any spaces or punctuation), or null when it is not a valid reference. */
export function orderIdOfReference(reference: string): number | null {
  const text = compact(reference);
  if (text.length !== PAYMENT_REFERENCE_LENGTH || !text.startsWith(PREFIX)) return null;
  const orderId = decode(text.slice(PREFIX.length, PREFIX.length + ID_LENGTH), ALPHABET);
  const check = decode(text.slice(PREFIX.length + ID_LENGTH), CHECK_ALPHABET);
  return orderId !== undefined && orderId >= 1 && check === orderId % CHECK_MODULUS ? orderId : null;
}

/** Every valid reference in a statement line's free text, in the order they appear, each once. */
export function findReferences(description: string): string[] {
  const text = compact(description);
  const found = new Set<string>();
  for (let at = text.indexOf(PREFIX); at >= 0; at = text.indexOf(PREFIX, at + 1)) {
    const candidate = text.slice(at, at + PAYMENT_REFERENCE_LENGTH);
    if (orderIdOfReference(candidate) !== null) found.add(candidate);
  }
  return [...found];
}
