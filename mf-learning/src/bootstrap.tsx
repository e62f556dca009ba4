/** Standalone development entry: the learning area in a minimal frame, signed in against the same API. */
import { mountStandalone } from '@trungtam/shared/ui';
import Area from './Area';
import { standaloneRoutes } from '@trungtam/shared/routes';

mountStandalone({
  appName: 'Learning',
  routes: standaloneRoutes('learning'),
  Area,
  apiUrl: process.env.PUBLIC_API_URL,
  operatorTimeZone: process.env.PUBLIC_OPERATOR_TIME_ZONE,
});
