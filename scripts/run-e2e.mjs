/**
 * `npm run test:e2e`: the browser tests (e2e/tests), one file at a time, in Debian's Chromium.
 * Builds the parts first, and the seeded database each file's API starts on a copy of. Prints the spec reporter's output and ends with `N passed, N failed`.
 * Arguments narrow the run to the test files whose names contain one of them:
 * `npm run test:e2e -- teachers`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { makeDataTemplate } from '../e2e/support/dataTemplate.mjs';
import { E2E_ENV } from '../e2e/support/env.mjs';
import { runNodeTests } from './node-tests.mjs';
import { buildAll, ROOT, suiteSettings } from './suite.mjs';

// The parts are built once, for the ports the browser tests run them on; each test file then starts them.
console.log('Building the shell and the remotes for the browser tests…');
const settings = suiteSettings({ ...process.env, ...E2E_ENV });
buildAll(settings, { quiet: true });
// the demo database, migrated and seeded once: each test file's API starts on a copy
await makeDataTemplate(settings);

const e2eDir = path.join(ROOT, 'e2e');
const tapFile = path.join(ROOT, '.tmp', 'e2e.tap');
const only = process.argv.slice(2);
const files = readdirSync(path.join(e2eDir, 'tests'))
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => only.length === 0 || only.some((part) => name.includes(part)))
  .map((name) => path.join('tests', name));

process.exit(runNodeTests({ cwd: e2eDir, files, tapFile, nodeArgs: ['--import', 'tsx'] }));
