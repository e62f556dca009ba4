import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
// the system's global styles (reset, global styles, the tokens' variables), built ahead: globalCssText.ts
import './global.css';
import { uiSystem } from './theme';
import { Toaster } from './toaster';

let providerValue: { system: SystemContext; value: SystemContext } | undefined;

/**
 * The suite's system as the provider takes it: without its global styles, which Chakra's provider would
 * otherwise serialise, compile and insert on every page's first render (about 45 KB of CSS); the page
 * has them from global.css, downloaded with this module. The same system otherwise (its recipes, added
 * later by registerRecipes, included). Copied property by property rather than spread: in the browser
 * builds `_global` is computed when read (chakraGlobalStyles.ts), and a spread
 * would read it.
 */
function providerSystem(): SystemContext {
  const system = uiSystem();
  if (providerValue?.system !== system) {
    const value = Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(system), _global: { value: [], enumerable: true } });
    providerValue = { system, value: value as SystemContext };
  }
  return providerValue.value;
}

/**
 * Theme and toaster for an app root: a remote's standalone page. The shell renders its pages that use
 * the kit under one without the toaster (`toaster={false}`), and the toaster under one of its own, kept
 * once the kit is there, so that a toast outlives the page it was raised on.
 */
export function UiProvider({ children, toaster = true }: { children?: ReactNode; toaster?: boolean }) {
  return (
    <ChakraProvider value={providerSystem()}>
      {children}
      {toaster && <Toaster />}
    </ChakraProvider>
  );
}
