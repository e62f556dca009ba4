import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
// the system's global styles (reset, global styles, the tokens' variables), built ahead: globalCssText.ts
import './global.css';
import { uiSystem } from './theme';
import { Toaster } from './toaster';

/**
 * What Chakra's provider reads of the system as it renders, answered without creating it: whether the
 * style layers are off, and the rule that orders them (the values of Chakra's createSystem for this
 * theme's config, which sets no layers; a test keeps them equal to the created system's).
 */
export const PROVIDER_READS = { disableLayers: undefined, layersAtRule: '@layer reset, base, tokens, recipes;' } as const;

/** A proxy of `object()` that answers `ahead` without calling it (nor creating the system). */
function answeringAhead<T extends object>(ahead: Record<string, unknown>, object: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => (typeof key === 'string' && key in ahead ? ahead[key] : Reflect.get(object(), key)),
    has: (_target, key) => Reflect.has(object(), key),
    ownKeys: () => Reflect.ownKeys(object()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(object(), key);
      // (a proxy may not report as non-configurable a property its target lacks)
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * The suite's system as the provider takes it, created when first used: by the first of the kit's styled
 * components to render, not by the provider. A page whose first screen is plain elements (a list: the
 * frame, its table, its toolbar and pagination) then creates no system while it loads, the largest
 * single piece of script work of a page that uses the kit (about 35 ms here, four times that on a
 * phone's CPU). Without its global styles, which Chakra's provider would otherwise serialise, compile
 * and insert on every page's first render (about 45 KB of CSS): the page has them from global.css,
 * downloaded with this module (in the browser builds `_global` is computed when read:
 * chakraGlobalStyles.ts; it is never read here). The same system otherwise (its recipes, added later by
 * registerRecipes, included).
 */
const providerSystem: SystemContext = answeringAhead<SystemContext>(
  {
    _global: [],
    _config: answeringAhead({ disableLayers: PROVIDER_READS.disableLayers }, () => uiSystem()._config),
    layers: answeringAhead({ atRule: PROVIDER_READS.layersAtRule }, () => uiSystem().layers),
  },
  uiSystem,
);

/**
 * Theme and toaster for an app root: a remote's standalone page. The shell renders its pages that use
 * the kit under one without the toaster (`toaster={false}`), and the toaster under one of its own, kept
 * once the kit is there, so that a toast outlives the page it was raised on.
 */
export function UiProvider({ children, toaster = true }: { children?: ReactNode; toaster?: boolean }) {
  return (
    <ChakraProvider value={providerSystem}>
      {children}
      {toaster && <Toaster />}
    </ChakraProvider>
  );
}
