/**
 * `npm run budgets`: the JavaScript each first page downloads, from the production builds, against its
 * budget in scripts/bundle-budgets.json. Prints a table and ends with `N passed, N failed` (one per
 * budget); exits non-zero when a page is over its budget.
 *
 * A page's bytes are the gzip size (level 9, as the benchmark counts them: bench/lib/front.ts) of every
 * script file it downloads before it shows, summed: its build's entry point's files, then the download
 * of each module the page loads (the chunk graph each build writes: pluginChunkGraph of
 * shared/src/federation.ts), each file counted once. A module loaded by no dynamic import of its own
 * rides in a file already counted, which is checked. The same build gives the same figures.
 *
 * Reads the builds that are there (`npm run build`, or the browser tests' build): `--build` builds first.
 * `--update` writes today's figures plus 3 % as the budgets (after a change that is meant to weigh more).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../deploy/remotes.mjs';

const BUDGETS_FILE = path.join(ROOT, 'scripts', 'bundle-budgets.json');
const CHUNK_GRAPHS = path.join(ROOT, '.tmp', 'chunk-graphs');
/** The room `--update` leaves above today's figures. */
const HEADROOM = 1.03;

/**
 * @typedef {{ page: string, workspace: string, entry: string, loads: string[], budget: number }} Budget
 * @typedef {{ entrypoints: Record<string, string[]>, imports: Array<{ from: string | null, to: string, files: string[] }>, modules: Record<string, string[]> }} ChunkGraph
 */

const args = process.argv.slice(2);
if (args.includes('--build')) {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) fail('the build failed');
}

/** @type {{ $comment?: string, pages: Budget[] }} */
const budgets = JSON.parse(readFileSync(BUDGETS_FILE, 'utf8'));
const rows = budgets.pages.map((budget) => ({ budget, weight: pageWeight(budget) }));

if (args.includes('--update')) {
  for (const row of rows) row.budget.budget = Math.ceil(row.weight.gzip * HEADROOM);
  writeFileSync(BUDGETS_FILE, `${JSON.stringify(budgets, null, 2)}\n`);
  console.log(`Budgets written to ${path.relative(ROOT, BUDGETS_FILE)}: today's figures + ${Math.round((HEADROOM - 1) * 100)} %.`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const table = [
  ['page', 'files', 'gzip', 'budget', 'result'],
  ...rows.map(({ budget, weight }) => [
    budget.page,
    String(weight.files.length),
    kb(weight.gzip),
    kb(budget.budget),
    weight.gzip <= budget.budget ? 'ok' : `OVER by ${kb(weight.gzip - budget.budget)}`,
  ]),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
console.log('JavaScript of each first page (gzip level 9, from the production builds)\n');
for (const [index, row] of table.entries()) {
  console.log(row.map((cell, column) => (column === 0 || column === 4 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ').trimEnd());
  if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}
const failed = rows.filter(({ budget, weight }) => weight.gzip > budget.budget).length;
console.log(`\n${rows.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

/** The script files page `budget` downloads, and their gzip bytes. */
function pageWeight(budget) {
  const graph = chunkGraph(budget.workspace);
  const entryFiles = graph.entrypoints[budget.entry];
  if (!entryFiles) fail(`${budget.workspace}'s build has no entry point named ${budget.entry} (${path.relative(ROOT, BUDGETS_FILE)})`);
  const files = new Set(entryFiles);
  for (const module of budget.loads) {
    const downloads = graph.imports.filter((found) => found.to === module);
    if (downloads.length) {
      // (several imports of one module share one download; should they differ, the smallest is the page's)
      const smallest = downloads.map((found) => found.files).sort((a, b) => a.length - b.length)[0];
      for (const file of smallest) files.add(file);
      continue;
    }
    const holders = graph.modules[module];
    if (!holders) fail(`${module} is not in ${budget.workspace}'s build: moved or renamed? (${path.relative(ROOT, BUDGETS_FILE)}, "${budget.page}")`);
    if (!holders.some((file) => files.has(file))) fail(`${module} is loaded by no dynamic import and is in none of the files counted for "${budget.page}"`);
  }
  const dist = path.join(ROOT, budget.workspace, 'dist');
  let gzip = 0;
  for (const file of files) {
    const where = path.join(dist, file);
    if (!existsSync(where)) fail(`${path.relative(ROOT, where)} is missing: the chunk graph is not that of ${budget.workspace}'s build in dist (build again: npm run build)`);
    gzip += gzipSync(readFileSync(where), { level: 9 }).length;
  }
  return { files: [...files].sort(), gzip };
}

/** @returns {ChunkGraph} the chunk graph `workspace`'s last production build wrote (its browser environment's). */
function chunkGraph(workspace) {
  const file = path.join(CHUNK_GRAPHS, workspace, 'dist', 'web.json');
  if (!existsSync(file)) fail(`no build of ${workspace} to measure: run npm run build (or npm run budgets -- --build)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function fail(message) {
  console.error(`bundle budgets: ${message}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
