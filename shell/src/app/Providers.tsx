import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, i18n } from '@trungtam/shared/i18n';
import { queryClient as sharedQueryClient } from '@trungtam/shared/query';
import { ColorModeSync, UiProvider } from '@trungtam/shared/ui';

export function Providers({ children, client = sharedQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <UiProvider>
          <ColorModeSync />
          {children}
        </UiProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
