/**
 * `npm run check -- <area>`: everything one part's team needs green before releasing it, and nothing of
 * the other parts: its typecheck, the lint of its folder, its unit and component tests (with its date
 * tests in the operator's zone) and its production build. `<area>` is a remote's name in the remotes
 * list (`users`), its workspace (`mf-users`), or `shell`. Ends with `N passed, N failed` (each test, plus
 * one each for the typecheck, the lint and the build); exits non-zero on any failure.
 */
import { REMOTES, SHELL } from '../deploy/remotes.mjs';
import { lint } from './lint.mjs';
import { runSuites } from './run-tests.mjs';
import { buildWorkspace, isMainScript, suiteSettings } from './suite.mjs';
import { typecheck } from './typecheck.mjs';

/** The areas `check` takes, each with its workspace: the shell, then each remote by name and by workspace. */
export const AREAS = new Map([
  [SHELL.workspace, SHELL.workspace],
  ...REMOTES.flatMap((remote) => [
    [remote.name, remote.workspace],
    [remote.workspace, remote.workspace],
  ]),
]);

/** The workspace of the area named on the command line, or an error that lists the areas there are. */
export function workspaceOf(args) {
  const usage = `Usage: npm run check -- <area>, where <area> is one of: ${[...AREAS.keys()].join(', ')}`;
  if (args.length !== 1) return { error: args.length === 0 ? usage : `One area at a time. ${usage}` };
  const workspace = AREAS.get(args[0]);
  return workspace ? { workspace } : { error: `Unknown area "${args[0]}". ${usage}` };
}

if (isMainScript(import.meta.url)) {
  const { workspace, error } = workspaceOf(process.argv.slice(2));
  if (!workspace) {
    console.error(error);
    process.exit(2);
  }
  const totals = { passed: 0, failed: 0 };
  const count = (ok) => (ok ? (totals.passed += 1) : (totals.failed += 1));

  console.log(`\n##### typecheck ${workspace}`);
  count((await typecheck([workspace])).failed === 0);

  console.log(`\n##### lint ${workspace}`);
  count(lint([workspace]));

  console.log(`\n##### tests ${workspace}`);
  const tests = runSuites([workspace]);
  totals.passed += tests.passed;
  totals.failed += tests.failed;

  console.log(`\n##### build ${workspace}`);
  try {
    buildWorkspace(workspace, suiteSettings());
    console.log(`build ${workspace}: ok`);
    count(true);
  } catch (failure) {
    console.error(`build ${workspace}: ${failure instanceof Error ? failure.message : failure}`);
    count(false);
  }

  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed > 0 ? 1 : 0);
}
