/**
 * Which manifest route, and whose area, a path opens. Imports nothing but types: the entry uses it too
 * (app/earlySignedInPart.ts), before any library has loaded.
 */
import type { ManifestArea, ManifestRoute, RemoteManifest } from '@trungtam/shared/contracts';

function matches(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The route `pathname` opens (the longest match) among `areas`' routes, with its area. */
function longestMatch<A extends { routes: ReadonlyArray<{ path: string }> }>(areas: readonly A[], pathname: string) {
  let best: { area: A; route: A['routes'][number] } | undefined;
  for (const area of areas) {
    for (const route of area.routes) {
      if (matches(route.path, pathname) && (!best || route.path.length > best.route.path.length)) best = { area, route };
    }
  }
  return best;
}

/** The manifest route `pathname` opens (the longest match), if any. */
export function routeForPath(manifest: RemoteManifest | undefined, pathname: string): ManifestRoute | undefined {
  return longestMatch(manifest?.areas ?? [], pathname)?.route;
}

/** The area whose route `pathname` opens, if any. */
export function areaForPath(manifest: RemoteManifest | undefined, pathname: string): ManifestArea | undefined {
  return longestMatch(manifest?.areas ?? [], pathname)?.area;
}

/**
 * What the entry keeps of a user's manifest for their next start (app/earlySignedInPart.ts): each
 * area's entry and the paths of its routes.
 */
export interface RememberedArea {
  entry: string;
  paths: string[];
}

export function rememberedAreas(manifest: RemoteManifest): RememberedArea[] {
  return manifest.areas.map((area) => ({ entry: area.entry, paths: area.routes.map((route) => route.path) }));
}

/** The entry of the remembered area whose route `pathname` opens, if any. */
export function rememberedEntryForPath(areas: readonly RememberedArea[], pathname: string): string | undefined {
  const routed = areas.map((area) => ({ entry: area.entry, routes: area.paths.map((path) => ({ path })) }));
  return longestMatch(routed, pathname)?.area.entry;
}

/** Whether `pathname` is a route that exists but this user may not open. */
export function isDenied(manifest: RemoteManifest | undefined, pathname: string): boolean {
  return (manifest?.denied ?? []).some((path) => matches(path, pathname));
}
