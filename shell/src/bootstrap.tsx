import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { api, configureApi } from '@trungtam/shared/api';
import { i18nReady } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { App } from './app/App';
import { loadSignedInPart } from './app/signedInPart';
import { startStoredSession, withEarlyAnswers } from './app/startup';
import { PROVIDED_SHARED_ENTRY_POINTS } from './remotes/providedShared';

configureApi({ baseURL: process.env.PUBLIC_API_URL });
// the session check and the manifest, asked by the entry already for a stored session (index.ts)
api.defaults.adapter = withEarlyAnswers(api.defaults.adapter);
// A configured operator's zone is set before the first render. The date helpers (and their date
// library) are not downloaded otherwise: the sign-in page shows no date.
const operatorZone = process.env.PUBLIC_OPERATOR_TIME_ZONE;
const operatorZoneSet = operatorZone
  ? import('@trungtam/shared/operatorDate').then(({ setOperatorTimeZone }) => setOperatorTimeZone(operatorZone))
  : Promise.resolve();

// signed in: the signed-in part downloads while the sign-in page navigates away (it also clears the
// cached data when the session ends: SignedInRoutes.tsx)
useSession.subscribe((state, previous) => {
  if (state.accessToken && !previous.accessToken) void loadSignedInPart().catch(() => {});
});
// a stored session: the session check and the manifest are asked at once, and the signed-in part
// (whose download the entry started: index.ts) is there by the time they answer
if (useSession.getState().accessToken) {
  startStoredSession();
  void loadSignedInPart().catch(() => {});
}

// kept in the build: the shell provides every shared entry point to the remotes (see providedShared.ts)
if (Object.keys(PROVIDED_SHARED_ENTRY_POINTS).length === 0) throw new Error('No shared entry point is provided');

// the chosen language's strings first (at once for English), so that nothing shows in another one
const container = document.getElementById('root');
if (container) {
  void Promise.all([i18nReady, operatorZoneSet]).then(() => {
    const root = createRoot(container);
    // The first render as a transition: React renders it in slices and lets the browser in between (a
    // phone's CPU would otherwise be held for a few hundred milliseconds in one task), and it shows the
    // page once, whole, as before.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}
