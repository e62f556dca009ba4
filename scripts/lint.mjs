/**
 * `npm run lint`: ESLint over the repository (eslint.config.mjs), or over the folders named as arguments
 * (`node scripts/lint.mjs mf-users`); ends with `N passed, N failed` (one check).
 */
import { spawnSync } from 'node:child_process';
import { isMainScript, ROOT } from './suite.mjs';

/** Runs ESLint over `paths` (relative to the repository root) with the repository's config; true when clean. */
export function lint(paths = ['.']) {
  const result = spawnSync('npx', ['eslint', '--max-warnings=0', ...paths], { cwd: ROOT, stdio: 'inherit' });
  const ok = result.status === 0;
  const where = paths.join(' ') === '.' ? '' : ` ${paths.join(' ')}`;
  console.log(ok ? `lint${where}: no problems` : `lint${where}: problems found (see above)`);
  return ok;
}

if (isMainScript(import.meta.url)) {
  const named = process.argv.slice(2);
  const ok = lint(named.length > 0 ? named : ['.']);
  console.log(`\n${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  process.exit(ok ? 0 : 1);
}
