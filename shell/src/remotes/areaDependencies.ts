import { PROVIDED_SHARED } from './providedShared';

/**
 * What the areas' list screens ask the shell for (its provided shared modules) beyond what the start-up
 * loaded: the resource kit, the permission helpers, the UI kit's list parts (not its core, which brings
 * Chakra's components: a list's first screen draws plain elements), the validation messages, the query
 * library's full API, the contracts' constants, the labels, the icons, the date formatting (with the date
 * library's plugins, which the dashboard's start does not load), and the learning contracts (the
 * users and learning areas'; the frame's header and menu have their own copies of the constants, labels
 * and icons, bundled with the frame, which an area's ask does not reach). Downloaded beside the area's own
 * code rather than once the area's first screen asks for them (a round trip later, after the area's
 * entry has run). Started with the area's own download (when the page opens on an area, or when an area
 * first renders), once: nothing else happens until a screen takes them up. Not the forms (Formik, yup, the UI kit's forms): a list screen downloads
 * its forms apart (ui/lazyParts.tsx), and a screen that still imports them takes them
 * when its code asks.
 * They are one download (providedShared.ts names each one's chunk "area-kit"; a test keeps the two equal).
 */
export const AREA_DEPENDENCIES = [
  '@trungtam/shared/resource',
  '@trungtam/shared/permissions',
  '@trungtam/shared/ui/list',
  '@trungtam/shared/validation',
  '@trungtam/shared/contracts/learning',
  '@tanstack/react-query',
  '@trungtam/shared/contracts',
  '@trungtam/shared/labels',
  '@trungtam/shared/icons',
  '@trungtam/shared/format',
  '@trungtam/shared/operatorDate',
] as const;

let areaDependenciesRequested = false;
export function preloadAreaDependencies() {
  // a failed download is left to the screen that takes it up, which asks again
  if (areaDependenciesRequested) return;
  areaDependenciesRequested = true;
  for (const dependency of AREA_DEPENDENCIES) void PROVIDED_SHARED[dependency]().catch(() => {});
}
