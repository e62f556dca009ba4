/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import { defineArea } from '@trungtam/shared/ui';
import type { ComponentType } from 'react';
import { AreasPage } from './features/areas/AreasPage';
import { AuditLogPage } from './features/audit-log/AuditLogPage';
import { CentersPage } from './features/centers/CentersPage';
import { ProductTypesPage } from './features/catalogue/ProductTypesPage';
import { VariantGroupsPage } from './features/catalogue/VariantGroupsPage';
import { VariantsPage } from './features/catalogue/VariantsPage';
import { VendorsPage } from './features/catalogue/VendorsPage';
import { DiscountsPage } from './features/discounts/DiscountsPage';
import { RoomsPage } from './features/rooms/RoomsPage';
import { RolesPage } from './features/roles/RolesPage';
import { NotificationSettingsPage } from './features/notifications/NotificationSettingsPage';
import { SETTINGS_PATHS, type SettingsScreen } from './routes';

const SCREENS: Partial<Record<SettingsScreen, ComponentType>> = {
  centers: CentersPage,
  rooms: RoomsPage,
  discounts: DiscountsPage,
  productTypes: ProductTypesPage,
  vendors: VendorsPage,
  variantGroups: VariantGroupsPage,
  variants: VariantsPage,
  roles: RolesPage,
  auditLog: AuditLogPage,
  notifications: NotificationSettingsPage,
  areas: AreasPage,
};

export default defineArea(SETTINGS_PATHS, SCREENS);
