/**
 * Writes a gzip (`.gz`) and a brotli (`.br`) copy beside each text file of a build, for nginx's
 * gzip_static and brotli_static: the files are compressed once, at the highest levels, rather than on
 * every request. Every build of the shell and of a remote runs it over its output (the build configs'
 * compression plugin, shared/src/federation.ts); run it by hand over a folder whose files came from
 * elsewhere (again after each change: a copy left from an older file would be served in its place).
 *
 *   node deploy/production/precompress.mjs /srv/trungtam/shell /srv/trungtam/remotes/users/1.4.0
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The text files worth compressing (images other than SVG and fonts already are). */
const TEXT_FILE = /\.(html|js|mjs|css|json|map|svg|txt|xml|webmanifest)$/;
/** Below this, compression gains nothing (nginx's gzip_min_length). */
const MIN_SIZE = 1024;

/** Every file under `dir`. */
function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Compresses the text files under `dir`; answers how many.
 * @param {string} dir
 * @returns {number}
 */
export function precompress(dir) {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!TEXT_FILE.test(file) || statSync(file).size < MIN_SIZE) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }));
    count += 1;
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) {
    console.error('Usage: node deploy/production/precompress.mjs <folder>...');
    process.exit(1);
  }
  for (const dir of dirs) console.log(`${dir}: ${precompress(dir)} files compressed`);
}
