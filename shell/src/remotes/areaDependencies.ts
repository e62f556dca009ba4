import { preloadDeferredUi } from '@trungtam/shared/ui';
import { PROVIDED_SHARED_ENTRY_POINTS } from './providedShared';

/**
 * What every area's screens use from the shell, downloaded beside the area's own code rather than after
 * it: the resource kit and the permission helpers (shared entry points the shell provides but does not
 * use itself), and the kit's deferred components (dialogs, tabs, checkboxes…). Started with the area's own
 * download (when the page opens on an area, or when an area first renders), once: nothing else happens
 * until a screen takes them up.
 */
let areaDependenciesRequested = false;
export function preloadAreaDependencies() {
  // a failed download is left to the screen that takes it up, which asks again
  if (areaDependenciesRequested) return;
  areaDependenciesRequested = true;
  void preloadDeferredUi();
  for (const entryPoint of ['@trungtam/shared/resource', '@trungtam/shared/permissions'] as const) {
    void PROVIDED_SHARED_ENTRY_POINTS[entryPoint]().catch(() => {});
  }
}
