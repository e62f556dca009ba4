import { StrictMode, startTransition, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { api, configureApi } from '@trungtam/shared/api';
import { i18nReady } from '@trungtam/shared/i18n';
import { useSession } from '@trungtam/shared/session';
import { startStoredSession, withEarlyAnswers } from './startup/sessionStart';

configureApi({ baseURL: process.env.PUBLIC_API_URL });
// the session check and the manifest, asked by the entry already for a stored session (index.ts)
api.defaults.adapter = withEarlyAnswers(api.defaults.adapter);
// A configured operator's zone is set before the first render. The date helpers (and their date
// library) are not downloaded otherwise: the sign-in page shows no date.
const operatorZone = process.env.PUBLIC_OPERATOR_TIME_ZONE;
const operatorZoneSet = operatorZone
  ? import('@trungtam/shared/operatorDate').then(({ setOperatorTimeZone }) => setOperatorTimeZone(operatorZone))
  : Promise.resolve();

// a stored session: the session check and the manifest are asked at once (the signed-in part, whose
// download the entry started, is taken up with the app: loadSignedInPartWithSession in index.ts)
if (useSession.getState().accessToken) startStoredSession();

/** Renders `App` into the page, once the chosen language's strings are there (so nothing shows in another one). */
export async function renderApp(App: ComponentType): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  await Promise.all([i18nReady, operatorZoneSet]);
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
}
