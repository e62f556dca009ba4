/**
 * What a spreadsheet makes of an exported file's cells, read from its XML (exceljs's reader drops the
 * style attribute that matters here): whether a cell holds a formula, and whether its style has
 * `quotePrefix`, which makes Excel keep it as text when it is edited or saved as CSV.
 */
import yauzl from 'yauzl';

/** The text of each part of a zip archive, by its path. */
async function partsOf(file: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true }, (error, opened) => (error || !opened ? reject(error) : resolve(opened))),
  );
  const parts = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          parts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return parts;
}

export interface CellKind {
  /** The cell holds a formula (an `<f>` element). */
  formula: boolean;
  /** Its style's `quotePrefix`: Excel treats it as text on edit. */
  quotePrefix: boolean;
}

/** Each written cell of the workbook's `sheet`-th sheet (from 1), by reference (`C2`). */
export async function cellKinds(file: Buffer, sheet = 1): Promise<Map<string, CellKind>> {
  const parts = await partsOf(file);
  const styles = parts.get('xl/styles.xml') ?? '';
  const cellFormats = styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '';
  const quotePrefixed = [...cellFormats.matchAll(/<xf\b([^>]*)>/g)].map(([, attributes]) => /\bquotePrefix="(1|true)"/.test(attributes));
  const xml = parts.get(`xl/worksheets/sheet${sheet}.xml`);
  if (xml === undefined) throw new Error(`no sheet ${sheet}`);
  const cells = new Map<string, CellKind>();
  for (const [, attributes, content = ''] of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const ref = attributes.match(/\br="([A-Z]+\d+)"/)?.[1];
    if (!ref) continue;
    const style = Number(attributes.match(/\bs="(\d+)"/)?.[1] ?? 0);
    cells.set(ref, { formula: /<f\b/.test(content), quotePrefix: quotePrefixed[style] ?? false });
  }
  return cells;
}
