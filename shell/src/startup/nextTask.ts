/**
 * Resolves in a later task of the browser's event loop, so that what follows runs apart from what came
 * before: in between, the browser can paint and answer input. Imports nothing: the entry uses it before
 * any shared module is loaded.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
