/**
 * A build step of the suite's browser builds (pluginChakraGlobalStylesOnRead in federation.ts), apart
 * from the build helpers so that a test can run it.
 */

/** Chakra's `createSystem` (the file the browser builds bundle: the package's ESM build). */
export const CHAKRA_SYSTEM_MODULE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL_STYLES = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const RETURNED_GLOBAL_STYLES = /^(\s*)_global,$/m;

/**
 * Chakra's `createSystem` with its global styles (`system._global`: the reset, the global styles and
 * every token's CSS variable) computed when first read instead of while the system is created. The
 * suite's pages never read them: the stylesheet ships built ahead (ui/global.css) and the provider
 * hands Chakra an empty list (ui/provider.tsx). Computing them was about 40 % of creating the system,
 * the longest task of a page's start on a phone. Throws when Chakra's code is no longer the one this
 * was written for (a Chakra upgrade): the build fails rather than ships the eager version unnoticed.
 */
export function chakraGlobalStylesOnRead(code: string): string {
  const eager = code.split(EAGER_GLOBAL_STYLES).length - 1;
  const returned = code.match(new RegExp(RETURNED_GLOBAL_STYLES, 'gm'))?.length ?? 0;
  if (eager !== 1 || returned !== 1) {
    throw new Error("chakraGlobalStylesOnRead: @chakra-ui/react's createSystem changed (styled-system/system.js); review this build step");
  }
  return code
    .replace(EAGER_GLOBAL_STYLES, 'let _global;')
    .replace(RETURNED_GLOBAL_STYLES, '$1get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); },');
}
