import type { ReactNode } from 'react';
import { SystemProvider } from './systemProvider';
// (the theme hands its system to the provider as it loads)
import './theme';
import { Toaster } from './toaster';

export { PROVIDER_READS } from './systemProvider';

/**
 * Theme and toaster for an app root: a remote's standalone page. The shell renders its pages that use
 * the kit under one without the toaster (`toaster={false}`), and the toaster under one of its own, kept
 * once the kit is there, so that a toast outlives the page it was raised on.
 */
export function UiProvider({ children, toaster = true }: { children?: ReactNode; toaster?: boolean }) {
  return (
    <SystemProvider>
      {children}
      {toaster && <Toaster />}
    </SystemProvider>
  );
}
