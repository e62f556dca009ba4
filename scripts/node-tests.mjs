/**
 * Runs test files with node's test runner, one file at a time: the spec reporter on the terminal, TAP
 * into a file from which the closing `N passed, N failed` line is made (a run that failed without a
 * failing test, such as a file that could not load, counts as one failure).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {{ cwd: string, files: string[], tapFile: string, nodeArgs?: string[] }} options
 * @returns {number} the exit code: 0 when every test passed and at least one ran
 */
export function runNodeTests({ cwd, files, tapFile, nodeArgs = [] }) {
  mkdirSync(path.dirname(tapFile), { recursive: true });
  rmSync(tapFile, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      ...nodeArgs,
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...files,
    ],
    { cwd, stdio: 'inherit' },
  );
  let tap = '';
  try {
    tap = readFileSync(tapFile, 'utf8');
  } catch {
    // the runner did not start: no TAP, counted below
  }
  const count = (label) => Number(tap.match(new RegExp(`^# ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled') + (result.status !== 0 && count('fail') === 0 ? 1 : 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  return result.status === 0 && passed > 0 ? 0 : 1;
}
