/**
 * Static hosting of a built part, as a CDN would do it: content-hashed assets are immutable and cached
 * for a year; entry files (index.html, mf-manifest.json, remoteEntry.js) are always revalidated so a new
 * release is picked up at once. Remotes are served with CORS, since the shell loads them cross-origin.
 */
import http from 'node:http';
import sirv from 'sirv';

const ENTRY_FILES = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;

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
      res.setHeader(
        'Cache-Control',
        ENTRY_FILES.test(pathname) ? 'no-cache' : 'public, max-age=31536000, immutable',
      );
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
