import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { uiSystem } from '../src/ui/theme';

function Wrapper({ children }: { children: ReactNode }) {
  return <ChakraProvider value={uiSystem()}>{children}</ChakraProvider>;
}

/** Renders inside the suite's theme (toasts are observed through the testing entry's `spyToasts`, not rendered). */
export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Wrapper, ...options });
}
