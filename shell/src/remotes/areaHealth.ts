/**
 * Area health, the part that loads with the signed-in part: what the shell sees of each remote area (a
 * route of it opened and left, the area's first render there, a failure its boundary caught, an error or
 * a rejection nothing handled) kept as signals until the reporter takes them (areaHealthReporter.ts: it
 * attributes them to the area, its version and cohort, measures the web vitals and sends the batches).
 * The reporter is a download of its own, asked for once an area's page has rendered, in an idle moment:
 * the first page downloads none of it, and what happens before it is there waits here. (A RemoteArea's
 * openings and first renders: areaOpening.ts, with the UI kit's part.)
 */
import type { ManifestArea, RemoteManifest } from '@trungtam/shared/contracts';
import { TELEMETRY_LIMITS } from '@trungtam/shared/contracts/telemetry';
import { useSession } from '@trungtam/shared/session';

/**
 * One opening of an area's route (the manifest's route, never the page's path), and when the route
 * changed, on the page's clock: 0 when the page itself opened on it (a returning user's start).
 */
export interface AreaOpening {
  id: number;
  area: ManifestArea;
  route: string;
  since: number;
}

export type AreaSignal =
  | { type: 'opened' | 'left'; opening: AreaOpening }
  | { type: 'rendered'; opening: AreaOpening; at: number }
  | { type: 'failed'; opening: AreaOpening; error: unknown }
  /** `error`: the thrown value or the rejection's reason; `at`: where the browser says an uncaught error came from. */
  | { type: 'unhandled'; error: unknown; rejection: boolean; at?: { file: string; line: number; column: number } };

let take: ((signal: AreaSignal) => void) | undefined;
let onSessionEnd: (() => void) | undefined;
/** What happened before the reporter came: no more than a page view may send. */
const early: AreaSignal[] = [];
/** Every area build the session's manifests named, by entry (a rollout's candidate and stable ones). */
const areasSeen = new Map<string, ManifestArea>();
let proof: string | undefined;
let reporterAsked = false;
let areaOpened = false;

export function signalArea(signal: AreaSignal): void {
  if (take) take(signal);
  else if (early.length < TELEMETRY_LIMITS.perPageView) early.push(signal);
  if (signal.type === 'opened') {
    areaOpened = true;
    askForReporter();
  }
}

/** The reporter takes the signals from now on, those kept first, and hears of the session's end. */
export function takeAreaSignals(taker: (signal: AreaSignal) => void, sessionEnded: () => void): void {
  take = taker;
  onSessionEnd = sessionEnded;
  for (const signal of early.splice(0)) taker(signal);
}

/** The session's proof for the health batches (the manifest's), none signed out. */
export const areaHealthProof = (): string | undefined => proof;

/** Every area build the session's manifests named (where an error's frames may come from). */
export const areaBuildsSeen = (): Iterable<ManifestArea> => areasSeen.values();

/** Takes a manifest in (remotes/manifest.ts): its areas' builds and the proof its batches carry. */
export function adoptAreaHealth(manifest: RemoteManifest): void {
  // (a manifest answered after a sign-out is not the session's)
  if (!useSession.getState().accessToken) return;
  for (const area of manifest.areas) areasSeen.set(area.entry, area);
  proof = manifest.telemetry_proof || undefined;
  askForReporter();
}

// Signed out: nothing more is sent, and nothing kept is sent later under another session.
useSession.subscribe((state, previous) => {
  if (!previous.accessToken || state.accessToken) return;
  proof = undefined;
  areasSeen.clear();
  early.length = 0;
  onSessionEnd?.();
});

// Errors and rejections nothing handled: the reporter keeps those whose frames are an area's files.
window.addEventListener('error', (event) => {
  const at = event.filename ? { file: event.filename, line: event.lineno, column: event.colno } : undefined;
  signalArea({ type: 'unhandled', error: event.error, rejection: false, at });
});
window.addEventListener('unhandledrejection', (event) => signalArea({ type: 'unhandled', error: event.reason, rejection: true }));

/** The reporter's download, once a session with a proof has opened an area's route, in an idle moment after that render. */
function askForReporter() {
  if (reporterAsked || !proof || !areaOpened) return;
  reporterAsked = true;
  const load = () =>
    void import(/* webpackChunkName: "area-health" */ './areaHealthReporter').then(
      ({ startAreaHealth }) => startAreaHealth(),
      () => {
        // (a failed download: the next opening asks again)
        reporterAsked = false;
      },
    );
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 5000 });
  else window.setTimeout(load, 1000);
}
