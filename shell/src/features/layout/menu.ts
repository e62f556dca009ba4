/**
 * The side menu's model, built from the manifest: Dashboard first, then sections and entries by order.
 * The titles are i18n keys with English fallbacks; their translations come with the manifest (each
 * route registry entry's titles, which the shell adds to its i18n as it takes the manifest in).
 */
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
  /** The heading's i18n key ('' for the dashboard's section, which has none). */
  key: string;
  /** The heading's English fallback: its routes' breadcrumbs start with it. */
  label: string;
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
  const sectionLabels = new Map<string, string>();
  for (const route of (manifest?.areas ?? []).flatMap((area) => area.routes)) {
    for (const crumb of route.breadcrumb) if (!sectionLabels.has(crumb.titleKey)) sectionLabels.set(crumb.titleKey, crumb.label);
  }
  return [
    { key: '', label: '', items: [DASHBOARD_ITEM] },
    ...[...sections].map(([key, items]) => ({ key, label: sectionLabels.get(key) ?? key.split('.').pop() ?? key, items })),
  ];
}
