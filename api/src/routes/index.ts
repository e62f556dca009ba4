/**
 * Every route plugin of the API, registered under /api/v1 in this order by app.ts: each file of routes/
 * (an area's hand-written routes) and of resources/ (a resource factory declaration) default-exports its
 * plugin, and is listed here once. A new resource is its declaration file and its line below.
 * (The competition area's resources register inside its routes, which give them the import's multipart
 * parser.)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import centerRoutes from '../resources/centers';
import discountRoutes from '../resources/discounts';
import holidayRoutes from '../resources/holidays';
import { productTypeRoutes, variantGroupRoutes, variantRoutes, teachingMethodRoutes } from '../resources/product-catalogue';
import productRoutes from '../resources/products';
import roomRoutes from '../resources/rooms';
import accountRoutes from './account';
import accountImportRoutes from './account-import';
import authRoutes from './auth';
import bankStatementRoutes from './bank-statements';
import calendarRoutes from './calendar';
import competitionRoutes from './competition';
import familyMessageRoutes from './family-messages';
import scoringRoutes from './competition-scoring';
import learningRoutes from './learning';
import notificationRoutes from './notifications';
import paymentRoutes from './payments';
import remoteRoutes from './remotes';
import reportRoutes from './reports';
import savedViewRoutes from './saved-views';
import revenueRoutes from './revenue';
import scheduleRoutes from './schedules';
import systemRoutes from './system';
import telemetryRoutes from './telemetry';
import userRoutes from './users';

export const ROUTE_PLUGINS: readonly FastifyPluginAsyncTypebox[] = [
  authRoutes,
  userRoutes,
  accountImportRoutes,
  systemRoutes,
  remoteRoutes,
  telemetryRoutes,
  centerRoutes,
  roomRoutes,
  holidayRoutes,
  productTypeRoutes,
  teachingMethodRoutes,
  variantGroupRoutes,
  variantRoutes,
  productRoutes,
  learningRoutes,
  paymentRoutes,
  bankStatementRoutes,
  discountRoutes,
  notificationRoutes,
  familyMessageRoutes,
  scheduleRoutes,
  accountRoutes,
  reportRoutes,
  revenueRoutes,
  competitionRoutes,
  scoringRoutes,
  calendarRoutes,
  savedViewRoutes,
];
