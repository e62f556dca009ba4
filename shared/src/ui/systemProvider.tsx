/**
 * The design system's provider without the design system: Chakra's provider alone (its styled-system
 * module: the context and the emotion cache's global rules), over a system created when first read.
 * The shell renders every page that uses the kit under it, an area's screens among them; a list's first
 * screen is plain elements (ui/list.ts) and renders none of the kit's styled components, so such a page
 * downloads and evaluates neither Chakra's components nor its theme (about 45 KB compressed and the
 * largest piece of script work of the page's start on a phone) until a dialog, a menu or another
 * screen needs them. The theme (theme.ts) hands its system over as it loads (provideSystem); every
 * module that exports a styled component imports it, so that it is there before any of them renders.
 */
import { ChakraProvider, type SystemContext } from '@chakra-ui/react/styled-system';
import type { ReactNode } from 'react';
// the system's global styles (reset, global styles, the tokens' variables), built ahead: globalCssText.ts
import './global.css';

let createSystem: (() => SystemContext) | undefined;

/** Called by the theme as it loads: how the suite's one system is created (once, on first read). */
export function provideSystem(create: () => SystemContext): void {
  createSystem = create;
}

function suiteSystem(): SystemContext {
  if (!createSystem) throw new Error('The design system was read before the UI kit\'s theme loaded (import it from @trungtam/shared/ui/core)');
  return createSystem();
}

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
 * components to render, not by the provider. Without its global styles, which Chakra's provider would
 * otherwise serialise, compile and insert on every page's first render (about 45 KB of CSS): the page
 * has them from global.css, downloaded with this module (in the browser builds `_global` is computed
 * when read: chakraGlobalStyles.ts; it is never read here). The same system otherwise (its recipes,
 * added later by registerRecipes, included).
 */
const providerSystem: SystemContext = answeringAhead<SystemContext>(
  {
    _global: [],
    _config: answeringAhead({ disableLayers: PROVIDER_READS.disableLayers }, () => suiteSystem()._config),
    layers: answeringAhead({ atRule: PROVIDER_READS.layersAtRule }, () => suiteSystem().layers),
  },
  suiteSystem,
);

/** The design system for `children`, created by the first styled component among them to render. */
export function SystemProvider({ children }: { children?: ReactNode }) {
  return <ChakraProvider value={providerSystem}>{children}</ChakraProvider>;
}
