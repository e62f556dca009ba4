/**
 * Whether a text is a calendar date written 'YYYY-MM-DD', with no date library: the UI kit's date input
 * checks its value with it, and the kit rides on the sign-in page, which needs no dates otherwise.
 * operatorDate.ts re-exports it.
 */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  // (setUTCFullYear, unlike Date.UTC, does not read the years 0–99 as 1900–1999)
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
