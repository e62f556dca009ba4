/**
 * The browser tests' database template: the API migrates and seeds the demo data once per run into
 * .tmp/e2e-template (run-e2e.mjs), and each test file's API starts on a copy of it instead of migrating
 * and seeding an empty folder (about 10 s a file). A copy is as fresh as the seed: the folder holds only
 * what the API wrote at its first start. The demo data is laid out around the operator's today, so a
 * template seeded on another operator day (a run across midnight) is not used: that file seeds its own.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startApi } from '../../scripts/suite.mjs';

const TEMPLATE_DIR = path.join(ROOT, '.tmp', 'e2e-template');
const SEEDED_ON = path.join(ROOT, '.tmp', 'e2e-template.seeded-on');

/** Today in the operator's zone, YYYY-MM-DD. */
const operatorToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());

/** Starts the API of `settings` once on an empty template folder (it migrates and seeds), then stops it. */
export async function makeDataTemplate(settings) {
  rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  rmSync(SEEDED_ON, { force: true });
  const seededOn = operatorToday();
  const api = await startApi({ ...settings, dataDir: TEMPLATE_DIR }, { quiet: true });
  const stopped = new Promise((resolve) => api.once('exit', resolve));
  api.kill();
  await stopped;
  writeFileSync(SEEDED_ON, seededOn);
}

/** Copies the template into the empty folder `dataDir`; false (nothing copied) without a template seeded today. */
export function copyDataTemplate(dataDir) {
  if (!existsSync(SEEDED_ON) || readFileSync(SEEDED_ON, 'utf8') !== operatorToday()) return false;
  cpSync(TEMPLATE_DIR, dataDir, { recursive: true });
  return true;
}
