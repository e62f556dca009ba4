/**
 * The micro-frontend registry: read from the deploy registry file at start-up, validated against the
 * shared route rules, synced into remote_area; and the per-user manifest the shell asks for.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { can, isKnownPermission, type Action, type PermissionResource } from '@trungtam/shared/permissions';
import { canOpenRoute, mergeTexts, registryRouteOf, ROUTE_RULES, ruleForPath, type RegistryEntry, type RouteTexts, type Titles } from '@trungtam/shared/routes';
import type { ManifestArea, ManifestRoute, RemoteManifest } from '@trungtam/shared/contracts';
import type { Queryable } from '../db/client';
import { LOCAL_BUILD_SUFFIX } from '@trungtam/shared/contracts/remotes';
import { remoteAreas, remoteBuilds, type RegistryRoute, type RolloutRule } from '../db/schema';
import type { Actor } from '../access/access';

export interface RegistryArea {
  name: string;
  enabled?: boolean;
  stable: { version: string; entry: string };
  routes: RegistryRoute[];
}

export class RegistryError extends Error {
  constructor(message: string) {
    super(`Remote registry is invalid: ${message}`);
    this.name = 'RegistryError';
  }
}

const NAME = /^[a-z][a-z0-9_]*$/;

interface RemotesListEntry {
  name: string;
  workspace: string;
  ports: { dev: number };
  routes: RegistryEntry[];
}

/** A registry file's routes as the API keeps them: each entry with its breadcrumb, menu entry and their translations. */
function registryRoutes(routes: unknown, sections: Record<string, Titles> | undefined): RegistryRoute[] | undefined {
  return Array.isArray(routes) ? routes.map((route: RegistryEntry | RegistryRoute) => registryRouteOf(route, sections)) : undefined;
}

/**
 * The areas of the repository's one remotes list (deploy/remotes.json): each remote's local build on
 * its dev port, labelled with its workspace's version and `-local`. REMOTE_<NAME>_ENTRY overrides the
 * entry (npm start, e2e).
 */
function areasOfRemotesList(file: string, remotes: RemotesListEntry[], sections: Record<string, Titles> | undefined): RegistryArea[] {
  const root = path.resolve(path.dirname(file), '..');
  return remotes.map((remote) => {
    let version = '0.0.0';
    try {
      version = JSON.parse(fs.readFileSync(path.join(root, remote.workspace, 'package.json'), 'utf8')).version ?? version;
    } catch {
      // a registry file outside the repository: the version stays unknown
    }
    // the working copy's build, not a release: it never takes a released version's number
    const local = `${version}${LOCAL_BUILD_SUFFIX}`;
    return {
      name: remote.name,
      enabled: true,
      stable: { version: local, entry: `http://localhost:${remote.ports?.dev}/mf-manifest.json` },
      routes: registryRoutes(remote.routes, sections) as RegistryRoute[],
    };
  });
}

/**
 * Reads and checks the registry file: an environment's registry (`{ areas: [...] }`) or the
 * repository's remotes list (`{ remotes: [...] }`). Throws RegistryError with the reason.
 */
export function loadRegistry(file: string, entryOverrides: Record<string, string> = {}): RegistryArea[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RegistryError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const { remotes: remotesList, sections } = parsed as { remotes?: unknown; sections?: Record<string, Titles> };
  const areas = Array.isArray(remotesList)
    ? areasOfRemotesList(file, remotesList as RemotesListEntry[], sections)
    : (parsed as { areas?: unknown }).areas;
  if (!Array.isArray(areas)) throw new RegistryError(`${file} has no "areas" list`);
  const seenPaths = new Set<string>();
  const seenNames = new Set<string>();
  return areas.map((raw, index) => {
    const area = { ...(raw as RegistryArea), routes: registryRoutes((raw as RegistryArea)?.routes, sections) as RegistryRoute[] };
    const where = `area #${index + 1} (${area?.name ?? '?'})`;
    if (!area || typeof area.name !== 'string' || !NAME.test(area.name)) throw new RegistryError(`${where}: name must match ${NAME}`);
    if (seenNames.has(area.name)) throw new RegistryError(`${where}: duplicate area name`);
    seenNames.add(area.name);
    if (!area.stable || typeof area.stable.version !== 'string' || typeof area.stable.entry !== 'string') {
      throw new RegistryError(`${where}: stable.version and stable.entry are required`);
    }
    if (!Array.isArray(area.routes) || area.routes.length === 0) throw new RegistryError(`${where}: routes are required`);
    for (const route of area.routes) {
      if (typeof route.path !== 'string' || !route.path.startsWith('/')) throw new RegistryError(`${where}: bad route path ${route.path}`);
      if (seenPaths.has(route.path)) throw new RegistryError(`${where}: route ${route.path} is registered twice`);
      seenPaths.add(route.path);
      if (!Array.isArray(route.breadcrumb)) throw new RegistryError(`${where}: route ${route.path} has no breadcrumb`);
      const rule = ruleForPath(route.path);
      const expected = rule?.resource ? `${rule.resource}/${rule.action}` : 'none';
      const given = route.permission ? `${route.permission.resource}/${route.permission.action}` : 'none';
      if (expected !== given) {
        throw new RegistryError(`${where}: route ${route.path} declares permission ${given} but the shared route rule requires ${expected}`);
      }
      const menuPermission = route.menu?.permission;
      if (menuPermission && !isKnownPermission(menuPermission.resource, menuPermission.action)) {
        throw new RegistryError(`${where}: route ${route.path} has an unknown menu permission ${menuPermission.resource}/${menuPermission.action}`);
      }
    }
    const override = entryOverrides[area.name];
    return { ...area, enabled: area.enabled !== false, stable: { ...area.stable, entry: override ?? area.stable.entry } };
  });
}

/**
 * Inserts new areas; updates the routes of known ones, and their stable build while it is still the
 * file's (a promotion or a rollback made in the registry survives a restart); records the file's builds.
 * Enabled, the candidate and its rollout stay as administrators set them.
 */
export async function syncRegistry(db: Queryable, areas: RegistryArea[]): Promise<void> {
  for (const area of areas) {
    await db
      .insert(remoteAreas)
      .values({
        name: area.name,
        enabled: area.enabled !== false,
        routes: area.routes,
        stableVersion: area.stable.version,
        stableEntry: area.stable.entry,
      })
      .onConflictDoUpdate({
        target: remoteAreas.name,
        set: {
          routes: sql`excluded.routes`,
          stableVersion: sql`case when ${remoteAreas.stableFromFile} then excluded.stable_version else ${remoteAreas.stableVersion} end`,
          stableEntry: sql`case when ${remoteAreas.stableFromFile} then excluded.stable_entry else ${remoteAreas.stableEntry} end`,
          updatedAt: new Date(),
        },
      });
    // A file build has no manifest digest: its entry follows the file (a released build never changes).
    await db
      .insert(remoteBuilds)
      .values({ area: area.name, version: area.stable.version, entry: area.stable.entry })
      .onConflictDoUpdate({
        target: [remoteBuilds.area, remoteBuilds.version],
        set: { entry: sql`excluded.entry` },
        setWhere: sql`${remoteBuilds.manifestDigest} is null`,
      });
  }
}

/** Sticky bucket 0..99 of a user for an area. */
export function bucket(userId: number, area: string): number {
  return createHash('sha256').update(`${area}:${userId}`).digest().readUInt32BE(0) % 100;
}

/**
 * Whether a user gets the area's candidate build: a listed user always does; anyone else must match
 * every filter given (one of the types, one of the roles, one of the centres; an empty list is no
 * filter) and fall inside the percentage. So { percent: 30, types: ['teacher'] } is 30 % of teachers.
 */
export function getsCandidate(actor: Actor, area: string, rollout: RolloutRule | null | undefined): boolean {
  if (!rollout) return false;
  if (rollout.userIds?.includes(actor.id)) return true;
  const passes = <T>(list: T[] | undefined, matches: (list: T[]) => boolean) => !list || list.length === 0 || matches(list);
  if (!passes(rollout.types, (types) => types.includes(actor.type))) return false;
  if (!passes(rollout.roleIds, (ids) => actor.roles.some((role) => ids.includes(role.id)))) return false;
  if (!passes(rollout.centerIds, (ids) => actor.center_id !== null && ids.includes(actor.center_id))) return false;
  return bucket(actor.id, area) < (rollout.percent ?? 0);
}

/** A route as the shell gets it: its menu entry only when the user passes the entry's own check. */
function manifestRoute(actor: Actor, { path, breadcrumb, menu }: RegistryRoute): ManifestRoute {
  if (!menu) return { path, breadcrumb };
  const { permission, ...entry } = menu;
  // loadRegistry refused unknown permissions, so the names are the catalogue's
  const listed = !permission || can(actor, permission.resource as PermissionResource, permission.action as Action);
  return listed ? { path, breadcrumb, menu: entry } : { path, breadcrumb };
}

export async function manifestFor(db: Queryable, actor: Actor): Promise<RemoteManifest> {
  const rows = await db.select().from(remoteAreas).orderBy(remoteAreas.name);
  const areas: ManifestArea[] = [];
  const denied = new Set<string>();
  for (const rule of ROUTE_RULES) if (!canOpenRoute(actor, rule.path)) denied.add(rule.path);
  for (const row of rows) {
    const allowed = row.routes.filter((route) => canOpenRoute(actor, route.path));
    for (const route of row.routes) if (!canOpenRoute(actor, route.path)) denied.add(route.path);
    if (!row.enabled || allowed.length === 0) continue;
    const candidate = row.candidateEntry && row.candidateVersion && getsCandidate(actor, row.name, row.rollout);
    areas.push({
      name: row.name,
      entry: candidate ? (row.candidateEntry as string) : row.stableEntry,
      version: candidate ? (row.candidateVersion as string) : row.stableVersion,
      cohort: candidate ? 'candidate' : 'stable',
      routes: allowed.map((route) => manifestRoute(actor, route)),
      texts: allowed.reduce<RouteTexts>((texts, route) => mergeTexts(texts, route.texts), {}),
    });
  }
  return { areas, denied: [...denied].sort() };
}
