/**
 * The shell's downloads add their script elements a few per task (src/startup/staggeredScripts.ts): an
 * import of a dozen files no longer adds them all in the task that asked.
 */
import { SCRIPTS_PER_TASK, staggerScriptLoads, type ScriptLoaderRuntime } from '../src/startup/staggeredScripts';

/** A bundler's runtime whose script loader records the files it was asked for, and the tasks to come. */
function fakeRuntime() {
  const started: string[] = [];
  const runtime: ScriptLoaderRuntime = { l: (url) => void started.push(String(url)) };
  const tasks: Array<() => void> = [];
  const runNextTask = () => tasks.shift()?.();
  return { runtime, started, later: (run: () => void) => void tasks.push(run), runNextTask, tasks };
}

const files = (count: number) => Array.from({ length: count }, (_, i) => `/static/js/async/${i}.js`);

it(`starts ${SCRIPTS_PER_TASK} scripts in the task that asks, the others in the tasks that follow, in order`, () => {
  const { runtime, started, later, runNextTask, tasks } = fakeRuntime();
  expect(staggerScriptLoads(runtime, { later })).toBe(true);
  const asked = files(8);
  for (const url of asked) runtime.l(url, () => {}, `chunk-${url}`);
  expect(started).toEqual(asked.slice(0, SCRIPTS_PER_TASK));
  runNextTask();
  expect(started).toEqual(asked.slice(0, 2 * SCRIPTS_PER_TASK));
  runNextTask();
  expect(started).toEqual(asked);
  runNextTask();
  expect(tasks).toHaveLength(0);
});

it('passes each call on as it was made (its callback and key included)', () => {
  const { runtime, later, runNextTask } = fakeRuntime();
  const calls: unknown[][] = [];
  runtime.l = (...args) => void calls.push(args);
  staggerScriptLoads(runtime, { later, perTask: 1 });
  const done = () => {};
  runtime.l('/a.js', done, 'chunk-a', 'a');
  runtime.l('/b.js', done, 'chunk-b', 'b');
  runNextTask();
  expect(calls).toEqual([
    ['/a.js', done, 'chunk-a', 'a'],
    ['/b.js', done, 'chunk-b', 'b'],
  ]);
});

it('a script asked for in a later task starts at once when that task has started none', () => {
  const { runtime, started, later, runNextTask } = fakeRuntime();
  staggerScriptLoads(runtime, { later });
  runtime.l('/first.js');
  runNextTask();
  runtime.l('/second.js');
  expect(started).toEqual(['/first.js', '/second.js']);
});

it('without a bundler runtime (the unit tests) it changes nothing', () => {
  expect(staggerScriptLoads(undefined)).toBe(false);
});
