/** Standalone development entry: the competition area in a minimal frame, signed in against the same API. */
import { configureApi } from '@trungtam/shared/api';
import { setOperatorTimeZone } from '@trungtam/shared/operatorDate';
import { StandaloneFrame } from '@trungtam/shared/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import Area from './Area';
import { COMPETITION_ROUTES } from './routes';

configureApi({ baseURL: process.env.PUBLIC_API_URL });
if (process.env.PUBLIC_OPERATOR_TIME_ZONE) setOperatorTimeZone(process.env.PUBLIC_OPERATOR_TIME_ZONE);

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <StandaloneFrame appName="Competition" routes={COMPETITION_ROUTES}>
        {(path) => <Area path={path} />}
      </StandaloneFrame>
    </StrictMode>,
  );
}
