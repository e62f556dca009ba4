/**
 * Hostile xlsx files for the upload tests: zip archives whose sheet inflates far past its size, built in
 * milliseconds by repeating one deflate block (each a full flush of 1 MiB of spaces, byte-aligned and not
 * final), so a 4 GiB bomb costs about 4 MB to hold.
 */
import zlib from 'node:zlib';

const MiB = 1024 * 1024;

/** Raw deflate data inflating to `mebibytes` MiB of spaces. */
export function deflatedSpaces(mebibytes: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(MiB, 0x20), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const last = zlib.deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), last]);
}

interface Entry {
  name: string;
  /** The stored bytes (raw deflate). */
  data: Buffer;
  /** What the headers say it inflates to (a bomb may lie). */
  declaredSize: number;
}

/** A zip archive of deflated entries; the CRCs are left zero (yauzl and ExcelJS do not check them). */
export function zipOf(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(Math.min(entry.declaredSize, 0xfffffffe), 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(Math.min(entry.declaredSize, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const deflated = (text: string) => zlib.deflateRawSync(Buffer.from(text, 'utf8'));
const small = (name: string, text: string): Entry => ({ name, data: deflated(text), declaredSize: Buffer.byteLength(text) });

/** The parts of a minimal workbook around its first sheet. */
const WORKBOOK_PARTS: Entry[] = [
  small(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  ),
  small(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
  small(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Thí sinh" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ),
  small(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  ),
];

/**
 * An xlsx whose sheet inflates to `mebibytes` MiB. `declared`: what its headers say: 'honest' (the real
 * size), or 'lying' (1 KiB, so that only counting the bytes that come out can catch it).
 */
export function xlsxBomb(mebibytes: number, declared: 'honest' | 'lying' = 'honest'): Buffer {
  const sheet: Entry = { name: 'xl/worksheets/sheet1.xml', data: deflatedSpaces(mebibytes), declaredSize: declared === 'honest' ? mebibytes * MiB : 1024 };
  return zipOf([...WORKBOOK_PARTS, sheet]);
}

/**
 * An xlsx of many small entries that all point at the same compressed sheet data (the overlapping-entry
 * bomb): each entry's sizes are honest, the archive is small, the sum is huge.
 */
export function overlappingBomb(entries: number, mebibytesEach: number): Buffer {
  const data = deflatedSpaces(mebibytesEach);
  // one stored copy, many central-directory entries pointing at it
  const single = zipOf([...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data, declaredSize: mebibytesEach * MiB }]);
  const directoryStart = single.readUInt32LE(single.length - 22 + 16);
  const directory = single.subarray(directoryStart, single.length - 22);
  // the last central entry is the sheet's: repeat it under other names
  const sheetEntryStart = directory.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const sheetEntry = directory.subarray(sheetEntryStart);
  const copies = Array.from({ length: entries }, (_, n) => {
    const copy = Buffer.from(sheetEntry);
    // a distinct name of the same length: "xl/worksheets/sheet1.xml" → "xl/worksheets/s00001.xml"
    copy.write(`s${String(n).padStart(5, '0')}`, 46 + 'xl/worksheets/'.length, 'utf8');
    return copy;
  });
  const newDirectory = Buffer.concat([directory, ...copies]);
  const end = Buffer.from(single.subarray(single.length - 22));
  const count = directory.length ? WORKBOOK_PARTS.length + 1 + entries : 0;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(newDirectory.length, 12);
  return Buffer.concat([single.subarray(0, directoryStart), newDirectory, end]);
}
