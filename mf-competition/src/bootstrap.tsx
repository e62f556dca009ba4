/** Standalone development entry: the competition area in a minimal frame, signed in against the same API. */
import { mountStandalone } from '@trungtam/shared/ui';
import Area from './Area';
import { standaloneRoutes } from '@trungtam/shared/routes';

mountStandalone({
  appName: 'Competition',
  routes: standaloneRoutes('competition'),
  Area,
  apiUrl: process.env.PUBLIC_API_URL,
  operatorTimeZone: process.env.PUBLIC_OPERATOR_TIME_ZONE,
});
