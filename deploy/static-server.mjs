/**
 * Static hosting of a built part, as a CDN would do it: content-hashed assets are immutable and cached
 * for a year; everything else (index.html and every single-page route that answers with it,
 * mf-manifest.json, remoteEntry.js) is always revalidated, so a new build is picked up at once.
 * A remote also serves its released versions, `/<version>/…` from `releasesDir/<version>/`: a version's
 * files never change (`npm run release` refuses other files under a released version), so every one of
 * them, its manifest included, is cached for a year.
 * Text files are sent compressed when the browser accepts it: the `.br` (else `.gz`) copy the build wrote
 * beside each one (deploy/production/precompress.mjs, run by every build), nothing compressed per request.
 * Every answer carries the part's Content-Security-Policy, nosniff, a referrer policy and no framing.
 * A remote answers CORS to the shell's origins only, since the shell loads it cross-origin.
 */
import { statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** The CSP hash of an empty text: `sha256-` and base64 of SHA-256(''). */
const EMPTY_TEXT_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

/**
 * A file name carrying its content hash (`index.2fe5ecc67a.js`): it never changes under that name.
 * Also the nginx configuration's rule (production/nginx.mjs), so both serve the same files as immutable.
 */
export const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|ico)$/;

/** The two caching rules: a year for what never changes under its name, revalidation for the rest. */
export const CACHE_CONTROL = { immutable: 'public, max-age=31536000, immutable', revalidate: 'no-cache' };

/**
 * Sent with every file, beside the part's Content-Security-Policy: no MIME sniffing, no referrer path to
 * other origins, no framing (frame-ancestors 'none' of the CSP, for browsers that know only this header).
 */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

/** A path inside a released version's folder: `/1.4.0/mf-manifest.json`. */
export const RELEASED_FILE = /^\/\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\//;

/**
 * The Content-Security-Policy of a part's pages: its own files, plus the origins it loads code from
 * (`scriptOrigins`: the shell's remotes) and the origins it calls (`connectOrigins`: the API, the
 * remotes' manifests). No inline or eval'd script anywhere: the builds emit none (rsbuild's
 * `output.inlineScripts` is off, Module Federation loads remotes with script elements and fetch).
 *
 * @param {{ scriptOrigins?: string[], connectOrigins?: string[] }} origins
 * @returns {string}
 */
export function pageContentSecurityPolicy({ scriptOrigins = [], connectOrigins = [] } = {}) {
  const sources = (...list) => [...new Set(list)].join(' ');
  return [
    // images and the rest: the part's own files only (the builds ship no data: images)
    "default-src 'self'",
    // fonts: the part's own, and the calendar's icon font, which its stylesheet carries as a data: URL
    "font-src 'self' data:",
    `script-src ${sources("'self'", ...scriptOrigins)}`,
    `connect-src ${sources("'self'", ...connectOrigins)}`,
    // Chakra's styling engine (emotion) adds its rules at run time, in production through the CSSOM
    // (insertRule, which a policy does not govern) into <style> elements it inserts empty: the hash of
    // the empty text allows exactly those, where 'unsafe-inline' would allow any injected stylesheet.
    `style-src 'self' '${EMPTY_TEXT_HASH}'`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Whether the compressed copies (`.br`, `.gz`) of the file a request names under `root` are at least as
 * new as the file: one edited after its build (a manifest rewritten in place, say) is sent as it is now,
 * never as its older copy. Anything else (no such file, no copies, a single-page route) is fine as it is.
 *
 * @param {string} root
 * @param {string} url
 */
function compressedCopiesFresh(root, url) {
  let file;
  try {
    file = path.join(root, decodeURIComponent(new URL(url, 'http://localhost').pathname));
  } catch {
    return true;
  }
  if (!file.startsWith(root + path.sep)) return true;
  const modified = (name) => statSync(name, { throwIfNoEntry: false })?.mtimeMs;
  const original = modified(file);
  if (original === undefined) return true;
  return ['.br', '.gz'].every((extension) => (modified(file + extension) ?? original) >= original);
}

/**
 * @param {{
 *   dir: string, port: number, host?: string, spa?: boolean,
 *   contentSecurityPolicy?: string,
 *   corsOrigins?: string[], releasesDir?: string,
 * }} options `contentSecurityPolicy` for every answer; `corsOrigins`: the exact origins (scheme://host[:port])
 *   that may read this part's files cross-origin (a remote's: the shell's), each echoed back; any other gets none.
 * @returns {Promise<http.Server>}
 */
export function serveStatic({ dir, port, host = '127.0.0.1', spa = false, contentSecurityPolicy, corsOrigins = [], releasesDir }) {
  const allowed = new Set(corsOrigins);
  // the answer depends on Accept-Encoding (the compressed copies) and, for a remote, on Origin (CORS):
  // caches must keep one per value (sirv sets Vary to Accept-Encoding alone: this replaces it)
  const vary = allowed.size > 0 ? 'Origin, Accept-Encoding' : 'Accept-Encoding';
  /** @param {string} cacheControl */
  const answerHeaders = (res, cacheControl) => {
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Vary', vary);
  };
  const files = sirv(dir, {
    single: spa,
    etag: true,
    brotli: true,
    gzip: true,
    // `pathname` is the one asked for: a single-page route answered with index.html is revalidated too
    setHeaders: (res, pathname) => answerHeaders(res, HASHED_ASSET.test(pathname) ? CACHE_CONTROL.immutable : CACHE_CONTROL.revalidate),
  });
  // read from disk at each request (dev mode): a version released while the server runs is served at once
  const released = releasesDir
    ? sirv(releasesDir, { dev: true, etag: true, brotli: true, gzip: true, setHeaders: (res) => answerHeaders(res, CACHE_CONTROL.immutable) })
    : undefined;
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    if (contentSecurityPolicy) res.setHeader('Content-Security-Policy', contentSecurityPolicy);
    if (allowed.size > 0) {
      res.setHeader('Vary', vary);
      const origin = req.headers.origin;
      if (origin && allowed.has(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    }
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    };
    const url = req.url ?? '/';
    const [serve, root] = released && releasesDir && RELEASED_FILE.test(url) ? [released, releasesDir] : [files, dir];
    // without Accept-Encoding sirv sends the file itself
    if (!compressedCopiesFresh(path.resolve(root), url)) delete req.headers['accept-encoding'];
    serve(req, res, notFound);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
