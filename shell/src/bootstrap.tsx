import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from '@trungtam/shared/api';
import { i18nReady } from '@trungtam/shared/i18n';
import { setOperatorTimeZone } from '@trungtam/shared/operatorDate';
import { queryClient } from '@trungtam/shared/query';
import { useSession } from '@trungtam/shared/session';
import { App } from './app/App';
import { loadSignedInPart } from './app/signedInPart';
import { PROVIDED_SHARED_ENTRY_POINTS } from './remotes/providedShared';

configureApi({ baseURL: process.env.PUBLIC_API_URL });
if (process.env.PUBLIC_OPERATOR_TIME_ZONE) setOperatorTimeZone(process.env.PUBLIC_OPERATOR_TIME_ZONE);

// whatever ends the session (logout, a 401 anywhere) drops the previous user's cached data
useSession.subscribe((state, previous) => {
  if (previous.accessToken && !state.accessToken) queryClient.clear();
  // signed in: the signed-in part downloads while the sign-in page navigates away
  if (state.accessToken && !previous.accessToken) void loadSignedInPart().catch(() => {});
});
// a stored session: the signed-in part downloads beside the session check
if (useSession.getState().accessToken) void loadSignedInPart().catch(() => {});

// kept in the build: the shell provides every shared entry point to the remotes (see providedShared.ts)
if (Object.keys(PROVIDED_SHARED_ENTRY_POINTS).length === 0) throw new Error('No shared entry point is provided');

// the chosen language's strings first (at once for English), so that nothing shows in another one
const container = document.getElementById('root');
if (container) {
  void i18nReady.then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
