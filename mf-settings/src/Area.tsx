/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import type { AreaProps } from '@trungtam/shared/contracts';
import type { ComponentType } from 'react';
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
};

export default function Area({ path }: AreaProps) {
  const target = path.replace(/\/+$/, '');
  const screen = (Object.keys(SETTINGS_PATHS) as SettingsScreen[]).find((name) => SETTINGS_PATHS[name] === target);
  const Screen = screen ? SCREENS[screen] : undefined;
  return Screen ? <Screen /> : null;
}
