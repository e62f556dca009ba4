/**
 * Zip archives from outside (every xlsx upload is one), checked before anything inflates them whole.
 * ExcelJS (through JSZip) inflates every part of a workbook in memory, so a 4 MB file whose sheet inflates
 * to 4 GiB would take the process down. yauzl reads the central directory, so the entry count and the
 * declared sizes are refused before a byte is inflated; it then streams each entry, counting the bytes
 * that actually come out, and stops an entry whose output exceeds its declared size (a lying header) or
 * the archive's total (entries that share their compressed data).
 */
import yauzl from 'yauzl';

export interface ArchiveLimits {
  /** Entries (files and folders) in the archive. */
  entriesMax: number;
  /** Uncompressed bytes of all entries together. */
  totalBytesMax: number;
  /** Uncompressed bytes over the archive's own size, checked once the total passes `ratioFromBytes`. */
  ratioMax: number;
  ratioFromBytes: number;
}

/**
 * What an xlsx upload may unpack to. An examinee sheet of 2,000 rows is under 1 MB of XML; 6 MB leaves
 * room for styles and shared strings, while ExcelJS's parse of the densest sheet that size (about 21,000
 * rows of one-letter cells) takes 60 to 80 MB of memory (the fault suite measures it; 8 MB took up to
 * 100 MB, too near the 150 MB that an upload may cost).
 */
export const XLSX_ARCHIVE_LIMITS: ArchiveLimits = {
  entriesMax: 200,
  totalBytesMax: 6 * 1024 * 1024,
  ratioMax: 100,
  ratioFromBytes: 1024 * 1024,
};

export type ArchiveRefusal = 'not-an-archive' | 'too-large';

/** An archive refused by `checkArchive`: not one at all, or more than its limits allow. */
export class ArchiveRefused extends Error {
  constructor(readonly reason: ArchiveRefusal) {
    super(`archive refused: ${reason}`);
    this.name = 'ArchiveRefused';
  }
}

/** Resolves when `buffer` is a zip archive within `limits`; rejects with ArchiveRefused otherwise. */
export async function checkArchive(buffer: Buffer, limits: ArchiveLimits = XLSX_ARCHIVE_LIMITS): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buffer);
  } catch {
    throw new ArchiveRefused('not-an-archive');
  }
  if (zip.entryCount > limits.entriesMax) {
    zip.close();
    throw new ArchiveRefused('too-large');
  }
  const overRatio = (bytes: number) => bytes > limits.ratioFromBytes && bytes / buffer.length > limits.ratioMax;

  await new Promise<void>((resolve, reject) => {
    let declared = 0;
    let inflated = 0;
    let settled = false;
    const fail = (error: ArchiveRefused) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(error);
    };
    zip.on('error', () => fail(new ArchiveRefused('not-an-archive')));
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve();
    });
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > limits.totalBytesMax || overRatio(declared)) return fail(new ArchiveRefused('too-large'));
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (openError, stream) => {
        if (openError || !stream) return fail(new ArchiveRefused('not-an-archive'));
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          if (inflated > limits.totalBytesMax || overRatio(inflated)) {
            stream.destroy();
            fail(new ArchiveRefused('too-large'));
          }
        });
        // yauzl's own error when the output passes the declared size, or the data is corrupt
        stream.on('error', () => fail(new ArchiveRefused('not-an-archive')));
        stream.on('end', () => {
          if (!settled) zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(error ?? new Error('no archive'));
      else resolve(zip);
    });
  });
}
