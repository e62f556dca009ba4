/**
 * The colour of a class on the calendar: one of a fixed palette, chosen by the class id, so a class keeps
 * its colour on every screen and every visit. Every background holds white text at a contrast of at
 * least 4.5:1 (WCAG AA for normal text).
 */
export const CLASS_PALETTE = [
  '#1d4ed8',
  '#047857',
  '#b91c1c',
  '#7e22ce',
  '#c2410c',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#4338ca',
  '#a16207',
  '#15803d',
  '#6d28d9',
] as const;

export const CLASS_TEXT_COLOR = '#ffffff';

export function classColor(classId: number): { background: string; text: string } {
  const index = ((Math.trunc(classId) % CLASS_PALETTE.length) + CLASS_PALETTE.length) % CLASS_PALETTE.length;
  return { background: CLASS_PALETTE[index], text: CLASS_TEXT_COLOR };
}
