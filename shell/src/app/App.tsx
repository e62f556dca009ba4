import { BrowserRouter } from '@trungtam/shared/router';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';
import { SessionGate } from './SessionGate';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <SessionGate>
          <AppRoutes />
        </SessionGate>
      </BrowserRouter>
    </Providers>
  );
}
