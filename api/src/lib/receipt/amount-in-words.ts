/**
 * An amount of đồng in Vietnamese words, as receipts write it under the figure ("Bằng chữ"):
 * 1 250 000 → "Một triệu hai trăm năm mươi nghìn đồng".
 *
 * The conventions: "mốt" for a 1 after "mươi" (21 and up, not 11), "lăm" for a 5 after "mươi" or
 * "mười", "linh" for a zero tens digit (105: "một trăm linh năm"), "không trăm" for a zero hundreds
 * digit in a group after a higher one (1 005 000: "một triệu không trăm linh năm nghìn"), and "bốn"
 * after "mươi" (24: "hai mươi bốn"): the southern "tư" is as correct, but "bốn" reads the same everywhere.
 * Above 999 tỷ the count of tỷ is itself read as a number, so 10^12 is "một nghìn tỷ" and
 * 1 002 × 10^9 is "một nghìn không trăm linh hai tỷ".
 */

const DIGITS = ['không', 'một', 'hai', 'ba', 'bốn', 'năm', 'sáu', 'bảy', 'tám', 'chín'] as const;

/** The largest amount read: 999 nghìn tỷ, under Number.MAX_SAFE_INTEGER. */
export const MAX_AMOUNT_IN_WORDS = 999_999_999_999_999;

const BILLION = 1_000_000_000;

/** The words of a group of three digits (0..999). `full`: a higher group precedes it, so a zero hundreds digit is read. */
function groupWords(group: number, full: boolean): string[] {
  const hundreds = Math.floor(group / 100);
  const tens = Math.floor(group / 10) % 10;
  const units = group % 10;
  const words: string[] = [];
  const readHundreds = full || hundreds > 0;
  if (readHundreds) words.push(DIGITS[hundreds], 'trăm');
  if (tens === 0) {
    if (units > 0) words.push(...(readHundreds ? ['linh'] : []), DIGITS[units]);
  } else if (tens === 1) {
    words.push('mười');
    if (units > 0) words.push(units === 5 ? 'lăm' : DIGITS[units]);
  } else {
    words.push(DIGITS[tens], 'mươi');
    if (units > 0) words.push(units === 1 ? 'mốt' : units === 5 ? 'lăm' : DIGITS[units]);
  }
  return words;
}

/** The words of 1..999 999 999 (triệu, nghìn and the units); `full` as for groupWords. */
function belowBillionWords(value: number, full: boolean): string[] {
  const groups: [number, string | null][] = [
    [Math.floor(value / 1_000_000), 'triệu'],
    [Math.floor(value / 1_000) % 1_000, 'nghìn'],
    [value % 1_000, null],
  ];
  const words: string[] = [];
  let higher = full;
  for (const [group, unit] of groups) {
    if (group === 0) continue;
    words.push(...groupWords(group, higher));
    if (unit) words.push(unit);
    higher = true;
  }
  return words;
}

/** Whole đồng from 0 to 999 999 999 999 999 in words ending in " đồng"; a RangeError for anything else. */
export function amountInWords(vnd: number): string {
  if (!Number.isSafeInteger(vnd) || vnd < 0 || vnd > MAX_AMOUNT_IN_WORDS) {
    throw new RangeError(`Not a whole amount of đồng from 0 to ${MAX_AMOUNT_IN_WORDS}: ${vnd}`);
  }
  const billions = Math.floor(vnd / BILLION);
  const rest = vnd % BILLION;
  const words: string[] = [];
  if (billions > 0) words.push(...belowBillionWords(billions, false), 'tỷ');
  if (rest > 0) words.push(...belowBillionWords(rest, billions > 0));
  if (words.length === 0) words.push(DIGITS[0]);
  const text = `${words.join(' ')} đồng`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
