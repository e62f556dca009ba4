import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { uiSystem } from './theme';
import { Toaster } from './toaster';

/** Theme and toaster for an app root. The shell renders it once; a remote only when standalone. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={uiSystem()}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
