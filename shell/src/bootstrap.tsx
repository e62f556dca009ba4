import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@trungtam/shared/api';
import { setOperatorTimeZone } from '@trungtam/shared/operatorDate';
import { queryClient } from '@trungtam/shared/query';
import { useSession } from '@trungtam/shared/session';
import { App } from './app/App';

configureApi({ baseURL: process.env.PUBLIC_API_URL });
if (process.env.PUBLIC_OPERATOR_TIME_ZONE) setOperatorTimeZone(process.env.PUBLIC_OPERATOR_TIME_ZONE);

// whatever ends the session (logout, a 401 anywhere) drops the previous user's cached data
useSession.subscribe((state, previous) => {
  if (previous.accessToken && !state.accessToken) queryClient.clear();
});

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
