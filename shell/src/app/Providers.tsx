import { createContext, useContext, type ReactNode } from 'react';
// (a type only: the query library itself loads with the signed-in part, where its provider is)
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider, i18n } from '@trungtam/shared/i18n';
import { ColorModeSync, UiProvider } from '@trungtam/shared/ui/core';

/** The query client the signed-in part provides (SignedInRoutes); unset: the suite's shared one. */
const QueryClientChoice = createContext<QueryClient | undefined>(undefined);
export const useQueryClientChoice = () => useContext(QueryClientChoice);

/**
 * The providers of every page. The query client's provider is not among them: no signed-out page reads
 * data through it, so the query library downloads with the signed-in part, which provides `client`.
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientChoice.Provider value={client}>
        <UiProvider>
          <ColorModeSync />
          {children}
        </UiProvider>
      </QueryClientChoice.Provider>
    </I18nextProvider>
  );
}
