import { preloadDeferredUi } from '@trungtam/shared/ui/core';
import { PROVIDED_SHARED_ENTRY_POINTS } from './providedShared';

/** Calls `then` once the page has loaded and the browser has a moment with nothing to do. */
function whenSettled(then: () => void) {
  const idle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(then, { timeout: 5000 }) : window.setTimeout(then, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * What every area's screens use from the shell, downloaded beside the area's own code rather than after
 * it: the resource kit and the permission helpers (shared entry points the shell provides but does not
 * use itself). Started with the area's own download (when the page opens on an area, or when an area
 * first renders), once: nothing else happens until a screen takes them up.
 */
let areaDependenciesRequested = false;
export function preloadAreaDependencies() {
  // a failed download is left to the screen that takes it up, which asks again
  if (areaDependenciesRequested) return;
  areaDependenciesRequested = true;
  for (const entryPoint of ['@trungtam/shared/resource', '@trungtam/shared/permissions'] as const) {
    void PROVIDED_SHARED_ENTRY_POINTS[entryPoint]().catch(() => {});
  }
}

/**
 * The kit's deferred components (dialogs, menus, tabs, checkboxes…), downloaded once an area's first
 * screen is shown and the browser is idle: a list's first render needs none of them (a closed dialog
 * draws nothing, a dropdown its button alone), and beside the area's own code they would only delay it;
 * downloaded ahead, a dialog opens at once. (A screen that opens on tabs, the reports or the scoring,
 * downloads them as it renders.)
 */
let deferredUiRequested = false;
export function preloadDeferredUiWhenSettled() {
  if (deferredUiRequested) return;
  deferredUiRequested = true;
  whenSettled(() => void preloadDeferredUi());
}
