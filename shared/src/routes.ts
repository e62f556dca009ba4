/**
 * The route registry (deploy/remotes.json) as TypeScript reads it. Each route there is one entry: its
 * path, its screen, the permission and user types that open it, its menu section, its title in every language and its
 * menu entry. Everything else about a route is derived here: the route rules (who may open it), the
 * registry route the API keeps and hands the shell (breadcrumb and menu entry with their i18n keys, and
 * their translations), each remote's standalone routes, its screens table and the check of its screen files.
 * Pure TypeScript, no React: the API imports it. No page of a front end does (the shell gets the routes
 * in the manifest); a remote's standalone entry does.
 */
import registryFile from '../../deploy/remotes.json' with { type: 'json' };
import { can, isKnownPermission, USER_TYPES, type Action, type PermissionSubject, type PermissionResource, type UserType } from './permissions';
import { LANGUAGES, type Language } from './languages';

/** A text in every language of the interface. */
export type Titles = Record<Language, string>;

export interface RegistryPermission {
  resource: string;
  action: string;
}

/** One route of the registry file, as written there. */
export interface RegistryEntry {
  path: string;
  /** The module under its remote's src/features that renders it, without `.tsx` (`rooms/RoomsPage`); its export named like the file (`RoomsPage`) renders it. */
  screen: string;
  /** What opening it requires; none: every signed-in user may. */
  permission?: RegistryPermission;
  /** When set, only these user types may open it, on top of the permission. */
  types?: string[];
  /** The menu section it sits under (a key of the registry's `sections`); its breadcrumb's first step. */
  section: string;
  /** Its name in the menu and the breadcrumb, in every language; `key` is its i18n key. */
  title: { key: string } & Titles;
  /** Listed in the side menu: an icon of the shared icon set, the order, and an optional check of its own. */
  menu?: { icon?: string; order: number; permission?: RegistryPermission };
}

export interface RegistryArea {
  name: string;
  workspace: string;
  ports: { dev: number; e2e: number };
  routes: RegistryEntry[];
}

export interface RouteRegistry {
  /** Each menu section's name in every language. */
  sections: Record<string, Titles>;
  remotes: RegistryArea[];
}

export const ROUTE_REGISTRY = registryFile as unknown as RouteRegistry;

/** The i18n key of a menu section's heading. */
export const sectionKey = (section: string): string => `menu.section.${section}`;

/** Translations by language, nested as i18next takes them (`{ en: { menu: { rooms: 'Rooms' } } }`). */
export type RouteTexts = Partial<Record<Language, TextBundle>>;
export type TextBundle = { [key: string]: string | TextBundle };

/** A route as the API keeps it and hands it to the shell (the manifest takes its path, breadcrumb and menu). */
export interface RegistryRoute {
  path: string;
  permission?: RegistryPermission;
  breadcrumb: Array<{ titleKey: string; label: string }>;
  menu?: {
    section: string;
    titleKey: string;
    label: string;
    icon?: string;
    order: number;
    /**
     * Lists the entry only for users who pass this check. For a route without a permission check
     * (it opens for everyone) whose page is of use only to some users.
     */
    permission?: RegistryPermission;
  };
  /** The translations of its breadcrumb's and menu entry's keys. */
  texts?: RouteTexts;
}

function setText(bundle: TextBundle, key: string, text: string): void {
  const steps = key.split('.');
  let node = bundle;
  for (const step of steps.slice(0, -1)) {
    const next = node[step];
    node = typeof next === 'object' ? next : (node[step] = {});
  }
  node[steps[steps.length - 1]] = text;
}

/** Merges `texts` into `into`, language by language. */
export function mergeTexts(into: RouteTexts, texts: RouteTexts | undefined): RouteTexts {
  for (const language of LANGUAGES) {
    const bundle = texts?.[language];
    if (!bundle) continue;
    const target = (into[language] ??= {});
    const copy = (from: TextBundle, to: TextBundle) => {
      for (const [key, value] of Object.entries(from)) {
        if (typeof value === 'string') to[key] = value;
        else copy(value, (to[key] = typeof to[key] === 'object' ? to[key] : {}) as TextBundle);
      }
    };
    copy(bundle, target);
  }
  return into;
}

/**
 * The route the API keeps for a registry entry: its breadcrumb (the section, then the title) and menu
 * entry with their i18n keys and English labels, and the translations of those keys. A route already in
 * that shape (an environment's registry written before the entries were) is kept as it is.
 */
export function registryRouteOf(entry: RegistryEntry | RegistryRoute, sections: Record<string, Titles> = ROUTE_REGISTRY.sections): RegistryRoute {
  if ('breadcrumb' in entry) return entry;
  const section = { titleKey: sectionKey(entry.section), label: sections[entry.section]?.en ?? entry.section };
  const title = { titleKey: entry.title.key, label: entry.title.en };
  const texts: RouteTexts = {};
  for (const language of LANGUAGES) {
    const bundle: TextBundle = {};
    const sectionTitle = sections[entry.section]?.[language];
    if (sectionTitle) setText(bundle, section.titleKey, sectionTitle);
    if (entry.title[language]) setText(bundle, title.titleKey, entry.title[language]);
    texts[language] = bundle;
  }
  const menu = entry.menu && {
    section: section.titleKey,
    ...title,
    ...(entry.menu.icon ? { icon: entry.menu.icon } : {}),
    order: entry.menu.order,
    ...(entry.menu.permission ? { permission: entry.menu.permission } : {}),
  };
  return {
    path: entry.path,
    ...(entry.permission ? { permission: entry.permission } : {}),
    breadcrumb: [section, title],
    ...(menu ? { menu } : {}),
    texts,
  };
}

/** The routes of the area named `name`. */
export function routesOf(name: string): RegistryEntry[] {
  const area = ROUTE_REGISTRY.remotes.find((remote) => remote.name === name);
  if (!area) throw new Error(`${name} is not an area of deploy/remotes.json`);
  return area.routes;
}

/** A remote's standalone frame's routes: its paths with their Vietnamese titles. */
export function standaloneRoutes(name: string): Array<{ path: string; label: string }> {
  return routesOf(name).map((route) => ({ path: route.path, label: route.title.vi }));
}

/** A route's screen file by its path (`{ '/settings/learning/rooms': 'rooms/RoomsPage' }`): what an area's screens table is built from. */
export type ScreenFiles = Readonly<Record<string, string>>;

/** The screen file of each route of the area named `name`, by the route's path (a remote's build writes it in: AREA_SCREEN_FILES). */
export function screenFilesOf(name: string): ScreenFiles {
  return Object.fromEntries(routesOf(name).map((route) => [route.path, route.screen]));
}

/** A screen file is a module under its remote's src/features whose name ends in `Page` (`rooms/RoomsPage.tsx`). */
const SCREEN_FILE = /Page\.tsx$/;

/**
 * What is wrong between an area's routes and its screens: a route without a screen file, a route whose
 * screen (`screens`, the area's screens table, by path) does not download or is not exported under its
 * file's name, a screen file (`featureFiles`: the files under the remote's src/features, relative to it)
 * that no route names. Empty when they match.
 */
export async function screenProblems(name: string, featureFiles: readonly string[], screens: Readonly<Record<string, () => Promise<unknown>>>): Promise<string[]> {
  const routes = routesOf(name);
  const problems: string[] = [];
  for (const { path, screen } of routes) {
    const load = screens[path];
    if (!screen || !load) {
      problems.push(`${path}: a route of ${name} whose entry in deploy/remotes.json names no screen file`);
      continue;
    }
    const where = `${path}: its screen file src/features/${screen}.tsx`;
    if (!SCREEN_FILE.test(`${screen}.tsx`)) problems.push(`${where} is not named as a screen (…Page)`);
    const component = await load().then(
      (loaded) => loaded ?? `does not export the screen named like the file`,
      (error: unknown) => `does not load: ${String(error).split('\n')[0]}`,
    );
    if (typeof component === 'string') problems.push(`${where} ${component}`);
  }
  const named = new Set(routes.map((route) => `${route.screen}.tsx`));
  for (const file of featureFiles.map((file) => file.split('\\').join('/'))) {
    if (SCREEN_FILE.test(file) && !named.has(file)) problems.push(`src/features/${file}: a screen of ${name} without a route in deploy/remotes.json`);
  }
  return problems;
}

/** What is wrong in the registry's entries (unknown permissions or types, a missing section or translation, a path twice). */
export function registryProblems(registry: RouteRegistry = ROUTE_REGISTRY): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [name, titles] of Object.entries(registry.sections)) {
    for (const language of LANGUAGES) if (!titles[language]) problems.push(`section ${name} has no ${language} name`);
  }
  for (const area of registry.remotes) {
    for (const route of area.routes) {
      const where = `${area.name} ${route.path}`;
      if (seen.has(route.path)) problems.push(`${where}: registered twice`);
      seen.add(route.path);
      for (const permission of [route.permission, route.menu?.permission]) {
        if (permission && !isKnownPermission(permission.resource, permission.action)) problems.push(`${where}: unknown permission ${permission.resource}/${permission.action}`);
      }
      for (const type of route.types ?? []) if (!(USER_TYPES as readonly string[]).includes(type)) problems.push(`${where}: unknown user type ${type}`);
      if (!registry.sections[route.section]) problems.push(`${where}: unknown section ${route.section}`);
      if (!route.title?.key) problems.push(`${where}: its title has no i18n key`);
      for (const language of LANGUAGES) if (!route.title?.[language]) problems.push(`${where}: no ${language} title`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------- route rules

/** What opening a guarded route requires. */
export interface RouteRule {
  path: string;
  resource?: PermissionResource;
  action?: Action;
  /** When set, only these user types may open the route, on top of the permission. */
  types?: readonly UserType[];
}

/**
 * Route → permission (and user types), from the registry's entries. Routes not listed (dashboard, builder,
 * account, notifications, schedules, settings/accounts) have no check.
 */
export const ROUTE_RULES: readonly RouteRule[] = ROUTE_REGISTRY.remotes
  .flatMap((area) => area.routes)
  .filter((route) => route.permission || route.types)
  .map(({ path, permission, types }) => ({
    path,
    ...(permission ? { resource: permission.resource as PermissionResource, action: permission.action as Action } : {}),
    ...(types ? { types: types as UserType[] } : {}),
  }));

function normalisePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The rule of the route that `path` opens (the route itself or a page below it), if any. */
export function ruleForPath(path: string): RouteRule | undefined {
  const target = normalisePath(path);
  return ROUTE_RULES.find((rule) => target === rule.path || target.startsWith(`${rule.path}/`));
}

/** Whether `user` may open `path`. Routes without a rule are open to every signed-in user. */
export function canOpenRoute(user: PermissionSubject | null | undefined, path: string): boolean {
  if (!user) return false;
  const rule = ruleForPath(path);
  if (!rule) return true;
  if (rule.types && !rule.types.includes(user.type)) return false;
  if (rule.resource && rule.action) return can(user, rule.resource, rule.action);
  return true;
}
