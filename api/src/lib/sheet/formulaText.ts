/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a text a user typed that starts like a formula
 * (`=SUM(…)`, `+84…`, `-1`, `@…`, a tab or a carriage return) is written as a text cell, which Excel shows as
 * text, but it turns into a live formula as soon as the cell is edited or the sheet is saved as CSV.
 *
 * Every export writes such a text unchanged (a phone number `+84…` still reads `+84…`) in a cell styled with
 * `quotePrefix="1"`: the style Excel gives a cell typed with a leading apostrophe, shown without it, which
 * keeps the cell text when it is edited. Prefixing the text with an apostrophe (OWASP's advice for CSV files)
 * would change the value people read, copy and import elsewhere; a CSV saved from the sheet holds the text
 * as typed, as any faithful copy would. exceljs knows no quotePrefix, so `guardFormulaText` adds it:
 * each row added is checked by its first characters (a cheap test, the accounts export writes 100,000 rows),
 * a formula-like text cell gets a style model marked `quotePrefix`, and the workbook's style list gets, for
 * each style so marked, a copy of its `xf` carrying the attribute.
 */
import type ExcelJS from 'exceljs';

/** Whether a cell's value is a text that a spreadsheet would evaluate once it re-reads it. */
export function startsLikeFormula(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  // the first characters that make a spreadsheet read a text as a formula (or a DDE call)
  switch (value.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // carriage return
      return true;
    default:
      return false;
  }
}

/** Whether a row's values (an array, or an object by column key, as addRow takes them) hold a formula-like text. */
function holdsFormulaText(values: unknown): boolean {
  if (values === null || typeof values !== 'object') return false;
  for (const value of Array.isArray(values) ? values : Object.values(values)) if (startsLikeFormula(value)) return true;
  return false;
}

/** A cell's style model with the attribute exceljs does not know of. */
type QuotePrefixedStyle = Partial<ExcelJS.Style> & { quotePrefix?: true };

/** The parts of exceljs's style manager (StylesXform, or its stand-in when styles are off) this relies on. */
interface StyleManager {
  /** The cell formats (`cellXfs`), by style id: their xml or, in the stand-in, their model. */
  model: { styles: unknown[] };
  addStyleModel(model: QuotePrefixedStyle | undefined, cellType?: number): number;
  toXml(model: unknown): string;
}

/** Adds `quotePrefix="1"` to the `xf` elements of `cellXfs` whose position is in `ids`. */
function withQuotePrefix(stylesXml: string, ids: ReadonlySet<number>): string {
  const start = stylesXml.indexOf('<cellXfs');
  const end = stylesXml.indexOf('</cellXfs>', start);
  if (start < 0 || end < 0) throw new Error('styles.xml without cellXfs');
  let position = -1;
  const formats = stylesXml.slice(start, end).replace(/<xf\b/g, (tag) => (ids.has((position += 1)) ? '<xf quotePrefix="1"' : tag));
  return stylesXml.slice(0, start) + formats + stylesXml.slice(end);
}

/** Gives the workbook's style manager the quote prefix: a style model marked so gets an `xf` of its own with it. */
function supportQuotePrefix(styles: StyleManager) {
  /** The id of each style's quote-prefixed copy. */
  const prefixedOf = new Map<number, number>();
  const addStyleModel = styles.addStyleModel.bind(styles);
  styles.addStyleModel = (model, cellType) => {
    const id = addStyleModel(model, cellType);
    if (!model?.quotePrefix) return id;
    let prefixed = prefixedOf.get(id);
    if (prefixed === undefined) {
      prefixed = styles.model.styles.push(styles.model.styles[id]) - 1;
      prefixedOf.set(id, prefixed);
    }
    return prefixed;
  };
  const toXml = styles.toXml.bind(styles);
  styles.toXml = (model) => withQuotePrefix(toXml(model), new Set(prefixedOf.values()));
}

/** Marks the row's formula-like text cells as quote-prefixed (their value stays as it is). */
function markFormulaText(row: ExcelJS.Row): ExcelJS.Row {
  row.eachCell((cell) => {
    if (startsLikeFormula(cell.value)) cell.style = { ...cell.style, quotePrefix: true } as QuotePrefixedStyle;
  });
  return row;
}

/**
 * From now on every row added to one of the workbook's sheets (`addRow`) has its formula-like texts
 * neutralised. Call it before adding the first sheet.
 */
export function guardFormulaText(workbook: ExcelJS.stream.xlsx.WorkbookWriter) {
  supportQuotePrefix((workbook as unknown as { styles: StyleManager }).styles);
  const addWorksheet = workbook.addWorksheet.bind(workbook);
  workbook.addWorksheet = (...args: Parameters<typeof addWorksheet>) => {
    const sheet = addWorksheet(...args);
    const addRow = sheet.addRow.bind(sheet);
    // the values are checked first: looking at each cell of each row would cost more than the check
    sheet.addRow = (...rowArgs: Parameters<typeof addRow>) => {
      const row = addRow(...rowArgs);
      return holdsFormulaText(rowArgs[0]) ? markFormulaText(row) : row;
    };
    return sheet;
  };
}
