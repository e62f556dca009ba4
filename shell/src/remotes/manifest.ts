/** The signed-in user's remote manifest: which areas, routes and menu entries they get. */
import { useQuery } from '@tanstack/react-query';
import type { RemoteManifest } from '@trungtam/shared/contracts';
import { addTranslations } from '@trungtam/shared/i18n';
import { useDeferredAnswer } from '@trungtam/shared/query';
import { useCurrentUser } from '@trungtam/shared/session';
import { rememberAreas } from '../startup/earlyAnswers';
import { requestManifest, takeStartupManifest, whenStartupManifest } from '../startup/sessionStart';
import { preloadAreaDependencies } from './areaDependencies';
import { areaForPath } from './manifestRoutes';
import { adoptAreaHealth } from './areaHealth';
import { remoteLoader } from './federation';

export { areaForPath, isDenied, routeForPath } from './manifestRoutes';

export const MANIFEST_QUERY_KEY = 'remote-manifest';

/**
 * Takes a manifest in: its areas registered with the runtime (where each one lives), their routes' titles
 * in every language added to the interface's translations (the menu and the breadcrumb read them), the
 * area of the page being opened downloading from now on (with what every area uses), not once the layout
 * has rendered, and its builds and proof handed to the areas' health reports (areaHealth.ts).
 */
function adopt(manifest: RemoteManifest): RemoteManifest {
  const normalised = { areas: manifest.areas ?? [], denied: manifest.denied ?? [], telemetry_proof: manifest.telemetry_proof };
  remoteLoader.register(normalised.areas);
  adoptAreaHealth(normalised);
  for (const area of normalised.areas) if (area.texts) addTranslations(area.texts);
  const opening = areaForPath(normalised, window.location.pathname);
  if (opening) {
    void remoteLoader.load(opening.name).catch(() => {});
    preloadAreaDependencies();
  }
  return normalised;
}

/** User `userId`'s manifest, taken in; kept for their next start too (startup/earlyAnswers.ts). */
export async function fetchManifest(userId?: number): Promise<RemoteManifest> {
  // (a returning user's was asked at start-up, beside the session check)
  const manifest = adopt(await (takeStartupManifest() ?? requestManifest()));
  if (userId !== undefined) rememberAreas(userId, manifest);
  return manifest;
}

// A returning user's area: its download starts when the start-up's manifest answers (this module loads
// with the signed-in part, before that), not when the manifest query runs after the session check.
whenStartupManifest((answer) => void answer.then(adopt, () => {}));

export function useManifest() {
  const user = useCurrentUser();
  return useQuery({
    queryKey: [MANIFEST_QUERY_KEY, user?.id],
    queryFn: () => fetchManifest(user?.id),
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
