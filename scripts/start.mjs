/**
 * `npm start`: builds every part, starts the API on the embedded database (created, migrated and
 * seeded on first start) and serves the shell and each remote on its own origin.
 */
import { buildAll, serveFrontEnds, startApi, suiteSettings } from './suite.mjs';

const DEMO_ACCOUNTS = [
  ['admin@trungtam.vn', 'administrator (Quản trị viên)'],
  ['giaovu@trungtam.vn', 'academic affairs (Giáo vụ)'],
  ['giaovien@trungtam.vn', 'teacher (Giáo viên)'],
  ['hocvien@trungtam.vn', 'student (Học viên)'],
];

const settings = suiteSettings();
console.log('Building the shell and the remotes…');
buildAll(settings);

const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded, data in ${settings.dataDir}`;
console.log(`Starting the API (${database})…`);
// A line per request would scroll the address and the sign-ins out of sight (LOG_REQUESTS=true brings them back).
const api = await startApi(settings, { env: { LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false' } });
const servers = await serveFrontEnds(settings);

const stop = () => {
  api.kill();
  servers.shell.close();
  Object.values(servers.remotes).forEach((server) => server.close());
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  console.error(`The API stopped (code ${code}).`);
  process.exit(code ?? 1);
});

console.log(`
  Back office:  ${settings.appUrl}
  API:          http://localhost:${settings.apiPort}/api/v1   (docs: http://localhost:${settings.apiPort}/api/docs)
${settings.remotes.map((r) => `  Remote ${r.name.padEnd(9)} http://localhost:${r.port}/mf-manifest.json`).join('\n')}

  Demo sign-ins (password for all: matkhau123):
${DEMO_ACCOUNTS.map(([email, who]) => `    ${email.padEnd(24)} ${who}`).join('\n')}

  Press Ctrl+C to stop.
`);
