import { BrowserRouter } from '@trungtam/shared/router';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';
import { SessionGate } from './SessionGate';

// (the start-up takes both from this module: one chunk, not two; index.ts)
export { loadSignedInPartWithSession } from '../startup/signedInPart';

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
