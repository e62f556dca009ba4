/** The side menu's model, built from the manifest: Dashboard first, then sections and entries by order. */
import type { RemoteManifest } from '@trungtam/shared/contracts';

export interface MenuItem {
  path: string;
  titleKey: string;
  label: string;
  order: number;
  /** A name from the shared icon set (`ICONS`); the menu falls back to a dot. */
  icon?: string;
}

export interface MenuSection {
  key: string;
  items: MenuItem[];
}

export const DASHBOARD_ITEM: MenuItem = { path: '/dashboard', titleKey: 'menu.dashboard', label: 'Dashboard', order: 0, icon: 'home' };

export function buildMenu(manifest: RemoteManifest | undefined): MenuSection[] {
  const entries = (manifest?.areas ?? [])
    .flatMap((area) => area.routes)
    .flatMap((route) =>
      route.menu
        ? [{ section: route.menu.section, item: { path: route.path, titleKey: route.menu.titleKey, label: route.menu.label, order: route.menu.order, icon: route.menu.icon } }]
        : [],
    )
    // (paths compared by code unit: a locale's collation would cost a phone about 10 ms to set up)
    .sort((a, b) => a.item.order - b.item.order || (a.item.path < b.item.path ? -1 : a.item.path > b.item.path ? 1 : 0));
  const sections = new Map<string, MenuItem[]>();
  for (const { section, item } of entries) {
    if (item.path === DASHBOARD_ITEM.path) continue;
    sections.set(section, [...(sections.get(section) ?? []), item]);
  }
  return [
    { key: '', items: [DASHBOARD_ITEM] },
    ...[...sections].map(([key, items]) => ({ key, items })),
  ];
}
