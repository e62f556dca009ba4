/**
 * `npm run typecheck`: tsc over every workspace with a tsconfig (shared, the API, the shell, each remote,
 * the browser tests, the benchmarks). Ends with `N passed, N failed` (one per workspace).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API, FRONT_END_WORKSPACES } from '../deploy/remotes.mjs';
import { ROOT } from './suite.mjs';

const workspaces = ['shared', API.workspace, ...FRONT_END_WORKSPACES, 'e2e', 'bench'].filter((w) => existsSync(path.join(ROOT, w, 'tsconfig.json')));
let failed = 0;
for (const workspace of workspaces) {
  const result = spawnSync('npx', ['tsc', '-p', workspace, '--noEmit'], { cwd: ROOT, stdio: 'inherit' });
  console.log(`typecheck ${workspace}: ${result.status === 0 ? 'ok' : 'failed'}`);
  if (result.status !== 0) failed += 1;
}
console.log(`\n${workspaces.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
