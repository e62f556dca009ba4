/**
 * `npm test`: the unit, component and API suites of every workspace, one after the other (the machine
 * has two cores; the API suite holds an embedded database per file). Prints each suite's outcome and
 * ends with `N passed, N failed` over all of them. `--only a,b` limits the run to those workspaces.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './suite.mjs';

const SUITES = ['shared', 'shell', 'mf-users', 'api'];

const onlyArg = process.argv.find((arg) => arg.startsWith('--only='));
const selected = onlyArg ? onlyArg.slice('--only='.length).split(',') : SUITES;
const reportDir = path.join(ROOT, '.tmp', 'test-reports');
mkdirSync(reportDir, { recursive: true });

let passed = 0;
let failed = 0;
for (const suite of selected) {
  const outputFile = path.join(reportDir, `${suite}.json`);
  rmSync(outputFile, { force: true });
  const database = suite === 'api' && process.env.DATABASE_URL ? ' (PostgreSQL)' : '';
  console.log(`\n=== ${suite}${database} ===`);
  const result = spawnSync('npx', ['jest', '--ci', '--json', `--outputFile=${outputFile}`], {
    cwd: path.join(ROOT, suite),
    stdio: 'inherit',
  });
  let report;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    console.error(`${suite}: jest produced no report (exit ${result.status}); counted as one failure.`);
    failed += 1;
    continue;
  }
  // A suite that fails to load counts as a failure even though none of its tests ran.
  const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
  console.log(`${suite}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenFiles} failed`);
  if (report.numTotalTests === 0) {
    console.error(`${suite}: no test ran; counted as one failure.`);
    failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
