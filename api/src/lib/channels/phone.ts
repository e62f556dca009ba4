/**
 * A Vietnamese phone number as staff typed it, in the two forms the providers take: national (`0912345678`,
 * eSMS) and international without `+` (`84912345678`, Zalo ZNS).
 *
 * Accepted: `0…`, `+84…` or `84…` (`+84 (0)…` too), with spaces, dots, dashes or parentheses anywhere
 * between the digits; after the trunk `0`, a mobile number is 9 digits starting 3, 5, 7, 8 or 9 (03x, 05x,
 * 07x, 08x, 09x: ten digits in all), a landline 10 digits starting 2 (02xx: eleven in all). Anything else is
 * refused (null): the retired 01x mobile prefixes, another country, letters, a `+` inside the number.
 */

export interface VietnamesePhone {
  national: string;
  international: string;
}

/** Longer than any way of writing a valid number: refused before it is looked at. */
const MAX_TYPED = 30;

export function vietnamesePhone(raw: string): VietnamesePhone | null {
  if (typeof raw !== 'string' || raw.length > MAX_TYPED) return null;
  const compact = raw.trim().replace(/[\s.()-]/g, '');
  let subscriber: string;
  // `+84 (0)912…`: the trunk 0 kept after the country code is dropped
  if (/^\+84\d+$/.test(compact)) subscriber = compact.slice(3).replace(/^0/, '');
  else if (/^84\d+$/.test(compact)) subscriber = compact.slice(2).replace(/^0/, '');
  else if (/^0\d+$/.test(compact)) subscriber = compact.slice(1);
  else return null;
  if (!/^[35789]\d{8}$/.test(subscriber) && !/^2\d{9}$/.test(subscriber)) return null;
  return { national: `0${subscriber}`, international: `84${subscriber}` };
}
