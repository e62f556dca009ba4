/**
 * What a page does ahead for later (a dialog's code, the kit's deferred components), once it has loaded
 * and the browser has a moment with nothing to do, one piece at a time: each waits for the previous
 * one's work to end (its download and evaluation, when it returns a promise) and for another idle moment.
 * Started together, the pieces competed with what the page needed then (an area's first list arrived
 * while they were evaluated), and their evaluation held a phone's CPU for a few hundred milliseconds.
 */
export type SettledWork = () => unknown;

const queue: SettledWork[] = [];
let draining = false;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5000 });
  else window.setTimeout(run, 1000);
}

function runNext(): void {
  const work = queue.shift();
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

/** Runs `then` once the page has settled, after the work queued before it (see above). */
export function whenSettled(then: SettledWork): void {
  queue.push(then);
  if (draining) return;
  draining = true;
  if (document.readyState === 'complete') whenIdle(runNext);
  else window.addEventListener('load', () => whenIdle(runNext), { once: true });
}
