import { createContext, useContext, type ReactNode } from 'react';
// (a type only: the query library itself loads with the signed-in part, where its provider is)
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider, i18n } from '@trungtam/shared/i18n';
import { ColorModeSync } from '@trungtam/shared/ui/plain';

/** The query client the signed-in part provides (SignedInRoutes); unset: the suite's shared one. */
const QueryClientChoice = createContext<QueryClient | undefined>(undefined);
export const useQueryClientChoice = () => useContext(QueryClientChoice);

/**
 * The providers of every page. The UI kit's and the query client's are not among them: the signed-out
 * pages are built on plain elements and read no data through the query library, so both download with
 * the signed-in part, which provides them (SignedInRoutes.tsx; `client` is the query client it takes).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientChoice.Provider value={client}>
        <ColorModeSync />
        {children}
      </QueryClientChoice.Provider>
    </I18nextProvider>
  );
}
