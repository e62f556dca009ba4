/**
 * The shell's downloads add their script elements to the page a few per task. Each script element costs
 * the main thread its creation, a timer and a request; an import whose download is a dozen files (the
 * signed-in part, or one of the kit's deferred components with what it builds on) added them all in the
 * task that asked: tasks of up to 110 ms on Lighthouse's phone (its four-fold CPU slowdown), after an
 * area's first screen among others. The bundler's script loader
 * (`__webpack_require__.l`, which only files not yet requested reach) is wrapped so that at most
 * SCRIPTS_PER_TASK of them start in a task; the others start in the tasks that follow, a moment later.
 *
 * Imports nothing but nextTask (which imports nothing): the entry applies it before its first download.
 */
import { nextTask } from './nextTask';

type LoadScript = (...args: unknown[]) => unknown;

/** The bundler's runtime, as far as this module uses it. */
export interface ScriptLoaderRuntime {
  l: LoadScript;
}

export const SCRIPTS_PER_TASK = 3;

/**
 * Wraps `runtime.l` (see above); `later` runs its callback in a later task. Answers whether it was applied
 * (there is no bundler's runtime under the unit tests).
 */
export function staggerScriptLoads(
  runtime: ScriptLoaderRuntime | undefined = bundlerRuntime(),
  { perTask = SCRIPTS_PER_TASK, later = (run: () => void) => void nextTask().then(run) }: { perTask?: number; later?: (run: () => void) => void } = {},
): boolean {
  if (!runtime || typeof runtime.l !== 'function') return false;
  const loadScript = runtime.l;
  const waiting: unknown[][] = [];
  let startedThisTask = 0;
  let nextTaskPlanned = false;

  const planNextTask = () => {
    if (nextTaskPlanned) return;
    nextTaskPlanned = true;
    later(() => {
      nextTaskPlanned = false;
      startedThisTask = 0;
      for (const args of waiting.splice(0, perTask)) start(args);
      if (waiting.length) planNextTask();
    });
  };
  const start = (args: unknown[]) => {
    startedThisTask += 1;
    planNextTask();
    loadScript(...args);
  };
  runtime.l = (...args: unknown[]) => {
    if (startedThisTask < perTask && waiting.length === 0) start(args);
    else {
      waiting.push(args);
      planNextTask();
    }
  };
  return true;
}

declare const __webpack_require__: ScriptLoaderRuntime | undefined;

function bundlerRuntime(): ScriptLoaderRuntime | undefined {
  return typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__;
}
