import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { uiSystem } from '../src/ui/theme';
import { toaster } from '../src/ui/toaster';

function Wrapper({ children }: { children: ReactNode }) {
  return <ChakraProvider value={uiSystem()}>{children}</ChakraProvider>;
}

/** Renders inside the suite's theme (toasts are observed through `spyToasts`, not rendered). */
export function renderUi(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: Wrapper, ...options });
}

/** Records the toasts created through the suite's toaster. */
export function spyToasts() {
  const spy = jest.spyOn(toaster, 'create').mockImplementation(() => 'toast');
  return {
    spy,
    titles: () => spy.mock.calls.map(([options]) => options.title),
    last: () => spy.mock.calls.at(-1)?.[0],
  };
}
