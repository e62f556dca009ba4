/** Standalone development entry: the users area in a minimal frame, signed in against the same API. */
import { mountStandalone } from '@trungtam/shared/ui/core';
import Area from './Area';
import { USERS_ROUTES } from './routes';

mountStandalone({
  appName: 'Users',
  routes: USERS_ROUTES,
  Area,
  apiUrl: process.env.PUBLIC_API_URL,
  operatorTimeZone: process.env.PUBLIC_OPERATOR_TIME_ZONE,
});
