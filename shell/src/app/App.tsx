import { BrowserRouter } from 'react-router-dom';
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
