/**
 * `npm run typecheck`: tsc over every workspace with a tsconfig (shared, the API, the shell, each remote,
 * the browser tests, the benchmarks), or over the workspaces named as arguments
 * (`node scripts/typecheck.mjs mf-users`). Ends with `N passed, N failed` (one per workspace).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { API, FRONT_END_WORKSPACES } from '../deploy/remotes.mjs';
import { isMainScript, ROOT } from './suite.mjs';

/** Every workspace that has a tsconfig. */
export const TYPED_WORKSPACES = ['shared', API.workspace, ...FRONT_END_WORKSPACES, 'e2e', 'bench'].filter((w) =>
  existsSync(path.join(ROOT, w, 'tsconfig.json')),
);

/** Runs tsc over each workspace, printing one line per workspace; returns the counts. */
export function typecheck(workspaces = TYPED_WORKSPACES) {
  let failed = 0;
  for (const workspace of workspaces) {
    const result = spawnSync('npx', ['tsc', '-p', workspace, '--noEmit'], { cwd: ROOT, stdio: 'inherit' });
    console.log(`typecheck ${workspace}: ${result.status === 0 ? 'ok' : 'failed'}`);
    if (result.status !== 0) failed += 1;
  }
  return { passed: workspaces.length - failed, failed };
}

if (isMainScript(import.meta.url)) {
  const named = process.argv.slice(2);
  const unknown = named.filter((workspace) => !TYPED_WORKSPACES.includes(workspace));
  if (unknown.length > 0) {
    console.error(`No tsconfig in ${unknown.join(', ')}; workspaces: ${TYPED_WORKSPACES.join(', ')}`);
    process.exit(2);
  }
  const { passed, failed } = typecheck(named.length > 0 ? named : TYPED_WORKSPACES);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
