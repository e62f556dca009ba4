/**
 * What the start-up begins from the entry, with the start-up's own scripts, rather than once those are
 * evaluated. For a returning user: the signed-in part's download (the bootstrap then finds it loading:
 * signedInPart.tsx), and the calls the signed-in pages make first (the session check and the manifest:
 * sessionStart.ts; the bell's list: features/notifications/listRequest.ts; opening the dashboard, its two
 * lists: features/dashboard/weekRequest.ts), whose answers the API client then takes instead of asking
 * again (withEarlyAnswers); the answers wait in earlyAnswers.ts. The sign-in page downloads and asks none
 * of it.
 * Without a stored session: the signed-out pages' download.
 *
 * The entry imports this module before any shared module is loaded, so it uses none: plain `fetch`, and
 * the token and user read from storage. The two parts' imports live here, not in the entry module, so that the
 * page's preloads (pluginPreloadStartup, which follows the entry's own imports) stay what every start
 * needs: a returning user's dashboard downloads neither the sign-in page nor its forms.
 */
import type { ApiData, RemoteManifest } from '@trungtam/shared/contracts';
import { BELL_LIST, LATEST_LIST, notificationListPath } from '../features/notifications/listRequest';
import { temporalOperatorWeek, weekSchedulesPath } from '../features/dashboard/weekRequest';
import { areaForPath, rememberedEntryForPath } from '../remotes/manifestRoutes';
import { authPages } from './authPages';
import {
  keepEarlyAnswers,
  keepOpeningAreaManifest,
  MANIFEST_PATH,
  readRememberedAreas,
  type AreaManifestAnswer,
} from './earlyAnswers';
import { loadUiKit } from './kitLoader';
import { nextTask } from './nextTask';
import { runtimeTemporal } from './runtimeTemporal';

/** The session store's key in local storage (SESSION_STORAGE_KEY of @trungtam/shared/session: test/storedSessionKey.test.ts holds them equal). */
export const STORED_SESSION_KEY = 'trungtam-auth';

/**
 * The API paths the start-up asks first, with the stored token: the session check (the session store's),
 * the manifest, the stored user's bell (its count is in the header of every signed-in page) and, opening
 * the dashboard, its two lists (the week's, when the runtime's Temporal gives the operator's date here).
 */
function earlyPaths(userId: number | null, pathname: string): string[] {
  const paths = ['/user/get-by-token', MANIFEST_PATH];
  if (userId === null) return paths;
  paths.push(notificationListPath(userId, BELL_LIST));
  if (opensOnDashboard(pathname)) {
    paths.push(notificationListPath(userId, LATEST_LIST));
    const week = temporalOperatorWeek(OPERATOR_ZONE);
    if (week) paths.push(weekSchedulesPath(week));
  }
  return paths;
}

/**
 * The session in local storage (the store is zustand's persisted `{ state, version }`): its token, and
 * its user's id when it has one.
 */
function storedSession(storage: Pick<Storage, 'getItem'>): { token: string; userId: number | null } | null {
  try {
    const stored = JSON.parse(storage.getItem(STORED_SESSION_KEY) ?? 'null') as {
      state?: { accessToken?: unknown; user?: { id?: unknown } | null };
    } | null;
    const token = stored?.state?.accessToken;
    if (typeof token !== 'string' || token === '') return null;
    const userId = stored?.state?.user?.id;
    return { token, userId: Number.isInteger(userId) && (userId as number) > 0 ? (userId as number) : null };
  } catch {
    // unreadable storage or text: the bootstrap decides as usual
    return null;
  }
}

/** Whether the page at `pathname` is the dashboard (or the root, which redirects to it). */
function opensOnDashboard(pathname: string): boolean {
  return pathname === '/dashboard' || pathname === '/';
}

/** Whether the page at `pathname` is drawn with the UI kit (every one but the dashboard). */
export function pageUsesUiKit(pathname: string): boolean {
  return !opensOnDashboard(pathname);
}

/** The token of the session in local storage. */
export function storedSessionToken(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return storedSession(storage)?.token ?? null;
}

/**
 * With a stored session: starts the signed-in part's download and the start-up's first calls, and the
 * fetch of the manifest (its build's mf-manifest.json) of the area the page opens on, which the remote
 * loader then takes (remotes/federation.ts): at once when the user's last manifest named that area
 * (the API's manifest, once it answers, confirms the entry or names another), else once the API's
 * manifest answers. Without one: the signed-out pages' download (authPages.ts).
 */
export function startSignedInPartEarly(apiUrl: string, send: typeof fetch = fetch): void {
  const session = storedSession(localStorage);
  keepEarlyAnswers(undefined);
  keepOpeningAreaManifest(undefined);
  if (!session) {
    void nextTask().then(() => authPages.load().catch(() => {}));
    return;
  }
  // The calls below go in the entry's own task, the downloads from the tasks that follow (a millisecond
  // later). Each file a download asks for costs the main thread a script element, a timer and a request:
  // asked for here, the signed-in part's dozen files and the kit's made the entry's task one of 150 to
  // 200 ms on Lighthouse's phone (its four-fold CPU slowdown).
  void nextTask().then(() => {
    void import(/* webpackChunkName: "signed-in" */ '../app/SignedInRoutes').catch(() => {});
    // the UI kit, on the pages that use it (every one but the dashboard), whose start-up step (index.ts)
    // then takes it up
    if (pageUsesUiKit(window.location.pathname)) void nextTask().then(() => loadUiKit().catch(() => {}));
  });
  const base = apiUrl.replace(/\/+$/, '');
  const authorization = `Bearer ${session.token}`;
  const answers = new Map<string, Promise<Response>>();
  for (const path of earlyPaths(session.userId, window.location.pathname)) {
    const url = `${base}${path}`;
    const answer = send(url, { headers: { Accept: 'application/json', Authorization: authorization } });
    // a failure (no network) is the taking call's to report
    answer.catch(() => {});
    answers.set(url, answer);
  }
  keepEarlyAnswers({ authorization, answers, path: window.location.pathname });
  // (in a task of its own once the splash is painted, while the start-up's scripts download)
  requestAnimationFrame(() => setTimeout(prepareOperatorZone, 0));
  const remembered = session.userId === null ? undefined : rememberedEntryForPath(readRememberedAreas(session.userId), window.location.pathname);
  // (its scripts are preloaded once the API's manifest confirms the entry: fetchOpeningAreaManifest)
  const ahead = remembered?.endsWith('.json') ? { url: remembered, answer: fetchQuietly(remembered, send) } : undefined;
  const manifest = answers.get(`${base}${MANIFEST_PATH}`)!;
  keepOpeningAreaManifest(manifest.then((response) => fetchOpeningAreaManifest(response, send, ahead)).catch(() => undefined));
}

/**
 * The operator's zone as the date helpers take it (@trungtam/shared/operatorDate, which this module may
 * not import: the configured zone, else its DEFAULT_OPERATOR_TIME_ZONE).
 */
export const OPERATOR_ZONE = process.env.PUBLIC_OPERATOR_TIME_ZONE || 'Asia/Ho_Chi_Minh';

/**
 * Has the runtime load its date-formatting data and the operator's zone. The page's first date formatter
 * pays for it (50 to 70 ms here, four times that on a phone's CPU), which was otherwise inside the first
 * render of a page that shows a date or asks for today's lists, an area's screen among them. Not needed
 * where the runtime has Temporal: the date helpers then read the operator's clock from it, in about a
 * millisecond, and create no date formatter (@trungtam/shared/operatorDate).
 */
function prepareOperatorZone(): void {
  try {
    const temporal = runtimeTemporal();
    if (temporal) {
      temporal.Instant.fromEpochMilliseconds(Date.now()).toZonedDateTimeISO(OPERATOR_ZONE);
      return;
    }
  } catch {
    // (a zone this Temporal does not know: the date helpers ask Intl, prepared below)
  }
  try {
    new Date().toLocaleString('en-US', { timeZone: OPERATOR_ZONE });
  } catch {
    // (an unknown zone: the bootstrap's setOperatorTimeZone reports it)
  }
}

async function fetchOpeningAreaManifest(response: Response, send: typeof fetch, ahead: AreaManifestAnswer | undefined) {
  if (!response.ok) return undefined;
  // (a copy: the API client reads the answer itself)
  const { data } = (await response.clone().json()) as ApiData<RemoteManifest>;
  const area = areaForPath(data, window.location.pathname);
  if (!area?.entry.endsWith('.json')) return undefined;
  // (fetched ahead from the last manifest, and still this user's entry for the area: taken as it is)
  const opening = ahead?.url === area.entry ? ahead : { url: area.entry, answer: fetchQuietly(area.entry, send) };
  preloadWhenAnswered(opening);
  return opening;
}

/** `send(url)`, whose failure is left to whoever takes the answer (the runtime, for an area's manifest). */
function fetchQuietly(url: string, send: typeof fetch): Promise<Response> {
  const answer = send(url);
  answer.catch(() => {});
  return answer;
}

/** Preloads an area's first scripts once its manifest answers (preloadAreaScripts). */
function preloadWhenAnswered({ url, answer }: AreaManifestAnswer): void {
  // (a copy, taken before the runtime reads the answer)
  void answer.then((manifest) => (manifest.ok ? manifest.clone().json() : undefined)).then((manifest: AreaBuildManifest | undefined) => {
    if (manifest) preloadAreaScripts(url, manifest);
  }, () => {});
}

/** What the preload reads of an area build's mf-manifest.json (Module Federation's manifest). */
interface AreaBuildManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/**
 * The scripts the runtime will load first for the area, downloading from here once its manifest has
 * answered: its entry (remoteEntry.js) and its screens' own files (the `./Area` module's), which the
 * runtime would otherwise ask for only once its own script has arrived and started. The runtime's script
 * tags then take these answers. (Nothing happens for a manifest without them.)
 */
function preloadAreaScripts(manifestUrl: string, manifest: AreaBuildManifest) {
  const meta = manifest.metaData;
  if (!meta?.remoteEntry?.name) return;
  const base = new URL(!meta.publicPath || meta.publicPath === 'auto' ? '.' : meta.publicPath, manifestUrl);
  const entry = [meta.remoteEntry.path, meta.remoteEntry.name].filter(Boolean).join('/');
  const screens = manifest.exposes?.find((expose) => expose.path === './Area')?.assets?.js?.sync ?? [];
  for (const file of [entry, ...screens]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    // (as the runtime loads them: remotes/runtime-plugin.ts; a preload in another mode is not taken)
    link.crossOrigin = 'anonymous';
    link.href = new URL(file, base).href;
    document.head.appendChild(link);
  }
}

