/**
 * `npm run typecheck`: tsc over every workspace with a tsconfig (shared, the API, the shell, each remote,
 * the browser tests, the benchmarks), or over the workspaces named as arguments
 * (`node scripts/typecheck.mjs mf-users`). Ends with `N passed, N failed` (one per program checked).
 *
 * The whole run checks shared, the shell and the remotes as one program: they share one base tsconfig
 * and import shared's sources, which six separate programs would each check again (about 90 s instead
 * of about 25 s on two cores). Its tsconfig is written from the workspaces list into .tmp, so a new remote
 * is in it without an edit. A workspace named on the command line is checked alone, through its own
 * tsconfig. One tsc per core runs at a time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { API, FRONT_END_WORKSPACES } from '../deploy/remotes.mjs';
import { isMainScript, ROOT } from './suite.mjs';

const hasTsconfig = (workspace) => existsSync(path.join(ROOT, workspace, 'tsconfig.json'));

/** Every workspace that has a tsconfig. */
export const TYPED_WORKSPACES = ['shared', API.workspace, ...FRONT_END_WORKSPACES, 'e2e', 'bench'].filter(hasTsconfig);

/** The workspaces the browser runs: shared and every front end, checked together in a whole run. */
const BROWSER_WORKSPACES = ['shared', ...FRONT_END_WORKSPACES].filter(hasTsconfig);

/** Writes the tsconfig of the browser workspaces' one program (each one's own `include`, from the shared base); returns its path. */
function browserProgramConfig() {
  const folder = path.join(ROOT, '.tmp');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'tsconfig.browser.json');
  // every browser workspace's tsconfig is `{ extends: base, include: ["src", "test", "*.ts"] }`
  const include = BROWSER_WORKSPACES.flatMap((workspace) => ['src', 'test', '*.ts'].map((part) => `../${workspace}/${part}`));
  writeFileSync(file, `${JSON.stringify({ extends: '../tsconfig.base.json', include }, null, 2)}\n`);
  return file;
}

/** tsc over one project; resolves with its exit status and its output, held so that projects run side by side print whole. */
function runTsc(project) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * Runs tsc over `workspaces` (every browser workspace among them as one program when they are all
 * there), a core's worth at a time, printing one line per program; resolves with the counts.
 */
export async function typecheck(workspaces = TYPED_WORKSPACES) {
  const together = BROWSER_WORKSPACES.every((workspace) => workspaces.includes(workspace));
  const programs = [
    ...(together ? [{ name: BROWSER_WORKSPACES.join(', '), project: browserProgramConfig() }] : []),
    ...workspaces.filter((workspace) => !together || !BROWSER_WORKSPACES.includes(workspace)).map((workspace) => ({ name: workspace, project: workspace })),
  ];
  let failed = 0;
  const waiting = [...programs];
  const worker = async () => {
    for (let program = waiting.shift(); program; program = waiting.shift()) {
      const { status, output } = await runTsc(program.project);
      process.stdout.write(output);
      console.log(`typecheck ${program.name}: ${status === 0 ? 'ok' : 'failed'}`);
      if (status !== 0) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(availableParallelism(), programs.length) }, worker));
  return { passed: programs.length - failed, failed };
}

if (isMainScript(import.meta.url)) {
  const named = process.argv.slice(2);
  const unknown = named.filter((workspace) => !TYPED_WORKSPACES.includes(workspace));
  if (unknown.length > 0) {
    console.error(`No tsconfig in ${unknown.join(', ')}; workspaces: ${TYPED_WORKSPACES.join(', ')}`);
    process.exit(2);
  }
  const { passed, failed } = await typecheck(named.length > 0 ? named : TYPED_WORKSPACES);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
