/**
 * The side menu as the route registry (deploy/remotes.json) describes it, for the browser tests that read
 * the whole menu: an entry a test does not name itself (a screen added since) is expected from its registry
 * entry, so that adding a screen needs no edit of the tests.
 */
import { ROUTE_REGISTRY, type RegistryEntry, type Titles } from '@trungtam/shared/routes';

const MENU_ENTRIES: RegistryEntry[] = ROUTE_REGISTRY.remotes.flatMap((remote) => remote.routes).filter((entry) => entry.menu);

/**
 * The English titles of the menu of a user of `type` who passes every permission (an administrator): the
 * Dashboard, then the entries their type may open by order then path, each under the section where its
 * section's first entry falls.
 */
export function fullMenuOf(type: string): string[] {
  const entries = MENU_ENTRIES.filter((entry) => !entry.types || entry.types.includes(type)).sort(
    (a, b) => a.menu!.order - b.menu!.order || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  const sections = new Map<string, string[]>();
  for (const entry of entries) sections.set(entry.section, [...(sections.get(entry.section) ?? []), entry.title.en]);
  return ['Dashboard', ...[...sections.values()].flat()];
}

/** A menu entry's title in `language`, from its English one ('Rooms' → 'Räume'); undefined for one the registry does not hold. */
export function menuTitleIn(language: keyof Titles, english: string): string | undefined {
  return MENU_ENTRIES.find((entry) => entry.title.en === english)?.title[language];
}
