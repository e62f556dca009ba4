/** The signed-in user's remote manifest: which areas, routes and menu entries they get. */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@trungtam/shared/api';
import type { ApiData, ManifestRoute, RemoteManifest } from '@trungtam/shared/contracts';
import { useCurrentUser } from '@trungtam/shared/session';
import { remoteLoader } from './federation';

export const MANIFEST_QUERY_KEY = 'remote-manifest';

export async function fetchManifest(): Promise<RemoteManifest> {
  const manifest = await unwrap(api.get<ApiData<RemoteManifest>>('/system/remote/manifest'));
  const normalised = { areas: manifest.areas ?? [], denied: manifest.denied ?? [] };
  // registration only tells the runtime where each area lives; nothing is downloaded yet
  remoteLoader.register(normalised.areas);
  return normalised;
}

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

/** Whether `pathname` is a route that exists but this user may not open. */
export function isDenied(manifest: RemoteManifest | undefined, pathname: string): boolean {
  return (manifest?.denied ?? []).some((path) => matches(path, pathname));
}
