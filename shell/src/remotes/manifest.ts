/** The signed-in user's remote manifest: which areas, routes and menu entries they get. */
import { useQuery } from '@tanstack/react-query';
import type { ManifestArea, ManifestRoute, RemoteManifest } from '@trungtam/shared/contracts';
import { useDeferredAnswer } from '@trungtam/shared/query';
import { useCurrentUser } from '@trungtam/shared/session';
import { requestManifest, takeStartupManifest, whenStartupManifest } from '../app/startup';
import { preloadAreaDependencies } from './areaDependencies';
import { remoteLoader } from './federation';

export const MANIFEST_QUERY_KEY = 'remote-manifest';

/**
 * Takes a manifest in: its areas registered with the runtime (where each one lives), and the area of the
 * page being opened downloading from now on (with what every area uses), not once the layout has rendered.
 */
function adopt(manifest: RemoteManifest): RemoteManifest {
  const normalised = { areas: manifest.areas ?? [], denied: manifest.denied ?? [] };
  remoteLoader.register(normalised.areas);
  const opening = areaForPath(normalised, window.location.pathname);
  if (opening) {
    void remoteLoader.load(opening.name).catch(() => {});
    preloadAreaDependencies();
  }
  return normalised;
}

export async function fetchManifest(): Promise<RemoteManifest> {
  // (a returning user's was asked at start-up, beside the session check)
  return adopt(await (takeStartupManifest() ?? requestManifest()));
}

// A returning user's area: its download starts when the start-up's manifest answers (this module loads
// with the signed-in part, before that), not when the manifest query runs after the session check.
whenStartupManifest((answer) => void answer.then(adopt, () => {}));

export function useManifest() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [MANIFEST_QUERY_KEY, user?.id],
    queryFn: fetchManifest,
    enabled: !!user,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}

/**
 * The manifest as the signed-in routes and the side menu take it: the areas' routes (and the opened
 * area) and the menu render in a deferred render, in slices (useDeferredAnswer), rather than in the task
 * that takes the answer in.
 */
export function useShownManifest() {
  const query = useManifest();
  return { ...useDeferredAnswer(query), refetch: query.refetch };
}

export type ShownManifest = ReturnType<typeof useShownManifest>;

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
