/**
 * Static hosting of a built part, as a CDN would do it: content-hashed assets are immutable and cached
 * for a year; everything else (index.html and every single-page route that answers with it,
 * mf-manifest.json, remoteEntry.js) is always revalidated, so a new release is picked up at once.
 * Remotes are served with CORS, since the shell loads them cross-origin.
 */
import http from 'node:http';
import sirv from 'sirv';

/** A file name carrying its content hash (`index.2fe5ecc67a.js`): it never changes under that name. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|ico)$/;

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, cors?: boolean }} options
 * @returns {Promise<http.Server>}
 */
export function serveStatic({ dir, port, host = '127.0.0.1', spa = false, cors = false }) {
  const files = sirv(dir, {
    single: spa,
    etag: true,
    gzip: false,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', HASHED_ASSET.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    },
  });
  const server = http.createServer((req, res) => {
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    }
    files(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
