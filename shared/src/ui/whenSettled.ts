/**
 * What a page does ahead for later (a dialog's code, the kit's deferred components), once it has loaded
 * and the browser has a moment with nothing to do, one piece at a time: each waits for the previous
 * one's work to end (its download and evaluation, when it returns a promise) and for another idle moment.
 * Started together, the pieces competed with what the page needed then (an area's first list arrived
 * while they were evaluated), and their evaluation held a phone's CPU for a few hundred milliseconds.
 * The UI kit's own pieces go first (`kit`), one module at a time, then what a screen builds on them (its
 * dialogs): a screen's form evaluated first would bring the whole kit in with it, in one long task.
 */
export type SettledWork = () => unknown;

/** Which pieces go first: the kit's ('kit'), then the screens' ('screen', the default). */
export type SettledOrder = 'kit' | 'screen';

const queue: Array<{ work: SettledWork; order: SettledOrder }> = [];
let draining = false;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, 1000);
}

function runNext(): void {
  // (the first of the kit's pieces, else the first queued)
  const index = Math.max(0, queue.findIndex((piece) => piece.order === 'kit'));
  const work = queue.splice(index, 1)[0]?.work;
  if (!work) {
    draining = false;
    return;
  }
  let result: unknown;
  try {
    result = work();
  } catch {
    // (the work's own failure to meet: the queue goes on)
  }
  void Promise.resolve(result)
    .catch(() => {})
    .then(() => whenIdle(runNext));
}

/** Runs `then` once the page has settled, after the work queued before it (the kit's first: see above). */
export function whenSettled(then: SettledWork, order: SettledOrder = 'screen'): void {
  queue.push({ work: then, order });
  if (draining) return;
  draining = true;
  if (document.readyState === 'complete') whenIdle(runNext);
  else window.addEventListener('load', () => whenIdle(runNext), { once: true });
}
