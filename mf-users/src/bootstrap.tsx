/** Standalone development entry: the users area in a minimal frame, signed in against the same API. */
import { mountStandalone } from '@trungtam/shared/ui/core';
import Area from './Area';
import { standaloneRoutes } from '@trungtam/shared/routes';

mountStandalone({
  appName: 'Users',
  routes: standaloneRoutes('users'),
  Area,
  apiUrl: process.env.PUBLIC_API_URL,
  operatorTimeZone: process.env.PUBLIC_OPERATOR_TIME_ZONE,
});
