/**
 * `npm test`: the unit, component and API suites of every workspace, one after the other (the machine
 * has two cores; the API suite holds an embedded database per file), in the UTC zone. Then the date
 * tests (`*.dates.test.*`, which fake the clock either side of midnight) once more in the operator's
 * zone, so that nothing depends on the machine's zone or hour. The API suite writes its whole log to a file
 * that a scan then checks for secrets and personal data; then the fault suite runs the API as its own
 * process against hostile uploads, upstreams and (with DATABASE_URL) lost connections. Prints each run's outcome and ends with
 * `N passed, N failed` over all of them. `--only a,b` limits the run to those workspaces.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { API, FRONT_END_WORKSPACES, REMOTES } from '../deploy/remotes.mjs';
import { isMainScript, ROOT } from './suite.mjs';

/** Every workspace with jest suites, in the order `npm test` runs them. */
export const SUITES = ['shared', ...FRONT_END_WORKSPACES, API.workspace];
/** Whether `workspace` holds date tests (`*.dates.test.*` under its test folder). */
const hasDateTests = (workspace) => {
  const folder = path.join(ROOT, workspace, 'test');
  return existsSync(folder) && readdirSync(folder, { recursive: true }).some((file) => /\.dates\.test\./.test(String(file)));
};
/** Workspaces with date tests, run again in the operator's zone. */
const DATE_SUITES = ['shared', ...REMOTES.map((remote) => remote.workspace), API.workspace].filter(hasDateTests);

const reportDir = path.join(ROOT, '.tmp', 'test-reports');
/**
 * Workers of the front-end jest: every core but one, and at least two, since jest would take one on a
 * two-core machine and leave the other idle (its main process only hands out files and collects results).
 */
const FRONT_END_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Runs the suites of the `selected` workspaces (then their date tests in the operator's zone), printing
 * each workspace's outcome; returns the counts over all of them. The front-end workspaces run in one jest
 * (their configs as its projects): one start instead of one each, and its workers shared among them; each
 * workspace's counts are still its own test files'.
 */
export function runSuites(selected = SUITES) {
  mkdirSync(reportDir, { recursive: true });
  const totals = { passed: 0, failed: 0 };

  /** Adds the counts of `files` (a jest report's test results) to the totals, printed under `label`. */
  function count(label, files) {
    const passed = files.reduce((sum, file) => sum + file.assertionResults.filter((test) => test.status === 'passed').length, 0);
    const failedTests = files.reduce((sum, file) => sum + file.assertionResults.filter((test) => test.status === 'failed').length, 0);
    // A suite that fails to load counts as a failure even though none of its tests ran.
    const brokenFiles = files.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
    totals.passed += passed;
    totals.failed += failedTests + brokenFiles;
    console.log(`${label}: ${passed} passed, ${failedTests + brokenFiles} failed`);
    if (files.every((file) => file.assertionResults.length === 0)) {
      console.error(`${label}: no test ran; counted as one failure.`);
      totals.failed += 1;
    }
  }

  /**
   * Runs jest over `suites` (one workspace, or several front-end ones as its projects) with extra
   * arguments and zone; adds each workspace's counts, printed under its name and `suffix`, to the totals.
   */
  function runJest(suites, { suffix = '', label = suites.join(', ') + suffix, args = [], timeZone = 'UTC', env = {} } = {}) {
    const outputFile = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
    rmSync(outputFile, { force: true });
    const database = suites.includes(API.workspace) && process.env.DATABASE_URL ? ' (PostgreSQL)' : '';
    console.log(`\n=== ${label}${database} (TZ=${timeZone}) ===`);
    const frontEnd = suites.includes(API.workspace) ? [] : [`--maxWorkers=${FRONT_END_WORKERS}`];
    const together = suites.length > 1 ? ['--projects', ...suites] : [];
    const result = spawnSync('npx', ['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...together, ...frontEnd, ...args], {
      cwd: suites.length > 1 ? ROOT : path.join(ROOT, suites[0]),
      stdio: 'inherit',
      env: { ...process.env, TZ: timeZone, ...env },
    });
    let report;
    try {
      report = JSON.parse(readFileSync(outputFile, 'utf8'));
    } catch {
      console.error(`${label}: jest produced no report (exit ${result.status}); counted as one failure.`);
      totals.failed += 1;
      return;
    }
    if (suites.length === 1) return count(label, report.testResults);
    for (const suite of suites) {
      const folder = path.join(ROOT, suite) + path.sep;
      count(`${suite}${suffix}`, report.testResults.filter((file) => file.name.startsWith(folder)));
    }
  }

  const frontEnd = selected.filter((suite) => suite !== API.workspace);
  if (frontEnd.length > 0) runJest(frontEnd);
  // The API suite logs everything into one file, which the log scan then reads (api/log-scan).
  const apiLog = path.join(reportDir, 'api-test-run.log');
  if (selected.includes(API.workspace)) {
    const suite = [API.workspace];
    rmSync(apiLog, { force: true });
    runJest(suite, { env: { API_TEST_LOG: apiLog } });
    runJest(suite, { label: 'api log scan', args: ['--testMatch', '<rootDir>/log-scan/*.scan.ts'], env: { API_TEST_LOG: apiLog } });
    // Fault injection against the API as its own process (api/faults): bombs, hostile upstreams, and with
    // DATABASE_URL connections terminated under load and the database gone for 10 s. One at a time.
    runJest(suite, { label: 'api faults', args: ['--testMatch', '<rootDir>/faults/*.faults.ts', '--runInBand', '--testTimeout', '180000'] });
  }
  const dateSuites = DATE_SUITES.filter((name) => selected.includes(name));
  const dateRun = { args: ['--testPathPatterns', '\\.dates\\.test\\.'], timeZone: 'Asia/Ho_Chi_Minh' };
  const frontEndDates = dateSuites.filter((suite) => suite !== API.workspace);
  if (frontEndDates.length > 0) runJest(frontEndDates, { ...dateRun, suffix: ' dates' });
  if (dateSuites.includes(API.workspace)) runJest([API.workspace], { ...dateRun, suffix: ' dates' });
  return totals;
}

if (isMainScript(import.meta.url)) {
  const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
  const { passed, failed } = runSuites(onlyArg ? onlyArg.slice('--only='.length).split(',') : SUITES);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
