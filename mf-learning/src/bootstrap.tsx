/** Standalone development entry: the learning area in a minimal frame, signed in against the same API. */
import { mountStandalone } from '@trungtam/shared/ui';
import Area from './Area';
import { LEARNING_ROUTES } from './routes';

mountStandalone({
  appName: 'Learning',
  routes: LEARNING_ROUTES,
  Area,
  apiUrl: process.env.PUBLIC_API_URL,
  operatorTimeZone: process.env.PUBLIC_OPERATOR_TIME_ZONE,
});
