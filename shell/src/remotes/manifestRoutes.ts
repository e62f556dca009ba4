/**
 * Which manifest route, and whose area, a path opens. Imports nothing but types: the entry uses it too
 * (app/earlySignedInPart.ts), before any library has loaded.
 */
import type { ManifestArea, ManifestRoute, RemoteManifest } from '@trungtam/shared/contracts';

function matches(path: string, pathname: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The manifest route `pathname` opens (the longest match), if any. */
export function routeForPath(manifest: RemoteManifest | undefined, pathname: string): ManifestRoute | undefined {
  let best: ManifestRoute | undefined;
  for (const area of manifest?.areas ?? []) {
    for (const route of area.routes) {
      if (matches(route.path, pathname) && (!best || route.path.length > best.path.length)) best = route;
    }
  }
  return best;
}

/** The area whose route `pathname` opens, if any. */
export function areaForPath(manifest: RemoteManifest | undefined, pathname: string): ManifestArea | undefined {
  const route = routeForPath(manifest, pathname);
  return route && manifest?.areas.find((area) => area.routes.includes(route));
}

/** Whether `pathname` is a route that exists but this user may not open. */
export function isDenied(manifest: RemoteManifest | undefined, pathname: string): boolean {
  return (manifest?.denied ?? []).some((path) => matches(path, pathname));
}
