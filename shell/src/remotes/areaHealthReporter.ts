/**
 * The areas' health reports (POST /telemetry): what the shell saw of each remote area (areaHealth.ts),
 * attributed to the area, its build's version and the user's cohort, and the route as the manifest
 * writes it (never the page's path: no id, no query string), with the browser's family. Nothing personal:
 * no message text, no user, no name; an error is its type and first stack frame, the frame's file without
 * its origin or query. Downloaded once an area's page has rendered (areaHealth.ts).
 *
 * Sent in batches, every ten seconds while there is something and when the page is hidden, with
 * sendBeacon (fetch with keepalive where that is missing or refuses). Bounded: a page load sends at most
 * TELEMETRY_LIMITS.perPageView events, and TELEMETRY_LIMITS.perMinute a minute; beyond, they are dropped.
 * Only with the session's proof (the manifest's): signed out, nothing is sent and the queue is emptied.
 */
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import { api, urlOf } from '@trungtam/shared/api';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { TELEMETRY_LIMITS, type BrowserFamily, type VitalName } from '@trungtam/shared/contracts/telemetry';
import type { TelemetryBatchInput, TelemetryEventInput } from '@trungtam/shared/schemas/telemetry';
import { areaBuildsSeen, areaHealthProof, takeAreaSignals, type AreaOpening, type AreaSignal } from './areaHealth';
import { RemoteLoadError } from './loader';

/** How long events wait to go out together. */
export const SEND_EVERY_MS = 10_000;
const MINUTE_MS = 60_000;
/** The largest vital value the API takes (ms). */
const VITAL_MAX = 600_000;

/** The browser's family from its user agent: the only thing said of the browser. */
export function browserFamily(userAgent: string): BrowserFamily {
  if (/\bEdg(e|A|iOS)?\//.test(userAgent)) return 'edge';
  // (Chromium's other brands are none of the four)
  if (/\b(OPR|SamsungBrowser|YaBrowser|UCBrowser)\//.test(userAgent)) return 'other';
  if (/\b(Headless)?(Chrome|Chromium|CriOS)\//.test(userAgent)) return 'chrome';
  if (/\b(Firefox|FxiOS)\//.test(userAgent)) return 'firefox';
  if (/\bSafari\//.test(userAgent) && /\bVersion\//.test(userAgent)) return 'safari';
  return 'other';
}

/** A stack frame's script URL and position. */
interface Frame {
  url: URL;
  line: string;
  column: string;
}

/** The frames of `stack` with an http(s) URL, top first (Chromium's `at f (url:1:2)`, Firefox's and Safari's `f@url:1:2`). */
function framesOf(stack: unknown): Frame[] {
  if (typeof stack !== 'string') return [];
  const frames: Frame[] = [];
  for (const line of stack.split('\n')) {
    const found = /(https?:\/\/\S+?):(\d+):(\d+)\)?\s*$/.exec(line);
    if (!found) continue;
    try {
      frames.push({ url: new URL(found[1]), line: found[2], column: found[3] });
    } catch {
      // (not a URL after all)
    }
  }
  return frames;
}

/** A frame as reported: `file:line:col`, the file's path without its origin, query or fragment. */
const frameText = ({ url, line, column }: Frame) => `${url.pathname}:${line}:${column}`.slice(0, TELEMETRY_LIMITS.frameLength);

const stackOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { stack?: unknown }).stack : undefined);

/** An error's type (`TypeError`, `ChunkLoadError`): its name, or `fallback` for a thrown value that is no error. */
function errorType(error: unknown, fallback: string): string {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return (typeof name === 'string' && name ? name : fallback).slice(0, TELEMETRY_LIMITS.errorTypeLength);
}

/** The folder of an area build's entry (its mf-manifest.json): its files are under it. */
function buildBase(area: ManifestArea): string | undefined {
  try {
    const base = new URL('.', new URL(area.entry, window.location.href));
    // (a build at the page's own root could not be told from the shell's files)
    return base.href === `${window.location.origin}/` ? undefined : base.href;
  } catch {
    return undefined;
  }
}

/** The area build whose files `url` is one of (the deepest folder that holds it), if any. */
function buildOf(url: URL, areas: Iterable<ManifestArea>): ManifestArea | undefined {
  const file = `${url.origin}${url.pathname}`;
  let found: { area: ManifestArea; base: string } | undefined;
  for (const area of areas) {
    const base = buildBase(area);
    if (base && file.startsWith(base) && (!found || base.length > found.base.length)) found = { area, base };
  }
  return found?.area;
}

/** Whether a failure is the area's code not arriving (its manifest, entry or a chunk), rather than its render throwing. */
function isLoadFailure(error: unknown): boolean {
  return error instanceof RemoteLoadError || errorType(error, '') === 'ChunkLoadError';
}

export interface AreaHealthReporter {
  take(signal: AreaSignal): void;
  vital(name: VitalName, value: number): void;
  /** Sends what is queued (with the session's proof; nothing without one). */
  flush(): void;
  /** The session ended: forgets the queue and the routes opened. */
  clear(): void;
}

export interface ReporterOptions {
  /** POSTs one batch's JSON. */
  send: (body: string) => void;
  browser: BrowserFamily;
  proof: () => string | undefined;
  areas: () => Iterable<ManifestArea>;
  now?: () => number;
}

export function createAreaHealthReporter({ send, browser, proof, areas, now = () => performance.now() }: ReporterOptions): AreaHealthReporter {
  const queue: TelemetryEventInput[] = [];
  /** When the events of the last minute were taken. */
  const lastMinute: number[] = [];
  let taken = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The route open now, for the vitals. */
  let open: AreaOpening | undefined;
  /** The route the page opened on, if an area's: the largest paint is its. */
  let landing: AreaOpening | undefined;
  /** Each area's last route opened, for its errors that come while another page is open. */
  const lastRoute = new Map<string, string>();
  const viewed = new Set<number>();
  /** The openings whose first render was measured, or which failed first. */
  const timed = new Set<number>();

  function accept(event: TelemetryEventInput) {
    if (taken >= TELEMETRY_LIMITS.perPageView) return;
    const at = now();
    while (lastMinute.length && at - lastMinute[0] >= MINUTE_MS) lastMinute.shift();
    if (lastMinute.length >= TELEMETRY_LIMITS.perMinute) return;
    lastMinute.push(at);
    taken += 1;
    queue.push(event);
    timer ??= setTimeout(() => {
      timer = undefined;
      flush();
    }, SEND_EVERY_MS);
  }

  const eventOf = (kind: TelemetryEventInput['kind'], area: ManifestArea, route: string, details: Pick<TelemetryEventInput, 'error' | 'vital'> = {}) =>
    accept({ kind, area: area.name, version: area.version, cohort: area.cohort, route, browser, ...details });

  function unhandled({ error, rejection, at }: Extract<AreaSignal, { type: 'unhandled' }>) {
    const frames = framesOf(stackOf(error));
    if (at) {
      try {
        frames.push({ url: new URL(at.file), line: String(at.line), column: String(at.column) });
      } catch {
        // (no script URL)
      }
    }
    const known = [...areas()];
    for (const frame of frames) {
      const area = buildOf(frame.url, known);
      if (!area) continue;
      const route = open?.area.name === area.name ? open.route : lastRoute.get(area.name);
      if (route) eventOf('unhandled_error', area, route, { error: { type: errorType(error, rejection ? 'UnhandledRejection' : 'Error'), frame: frameText(frame) } });
      return;
    }
  }

  function take(signal: AreaSignal) {
    if (signal.type === 'unhandled') return unhandled(signal);
    const { opening } = signal;
    const { area, route } = opening;
    switch (signal.type) {
      case 'opened':
        open = opening;
        if (opening.since === 0) landing = opening;
        lastRoute.set(area.name, route);
        if (!viewed.has(opening.id)) {
          viewed.add(opening.id);
          eventOf('page_view', area, route);
        }
        return;
      case 'left':
        if (open?.id === opening.id) open = undefined;
        return;
      case 'rendered': {
        if (timed.has(opening.id)) return;
        timed.add(opening.id);
        const ttfr = Math.round(signal.at - opening.since);
        if (ttfr >= 0 && ttfr <= VITAL_MAX) eventOf('vital', area, route, { vital: { name: 'TTFR', value: ttfr } });
        return;
      }
      case 'failed': {
        // (a render after a failure, the retry's, is not the route's first)
        timed.add(opening.id);
        const cause = signal.error instanceof RemoteLoadError ? signal.error.reason : signal.error;
        const frame = framesOf(stackOf(cause))[0];
        eventOf(isLoadFailure(signal.error) ? 'load_failure' : 'render_error', area, route, {
          error: { type: errorType(cause, 'Error'), frame: frame ? frameText(frame) : '' },
        });
        return;
      }
    }
  }

  function vital(name: VitalName, value: number) {
    // the largest paint is the page load's: the route's the page opened on, if an area's
    const at = name === 'LCP' ? landing : open;
    if (!at) return;
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    if (rounded >= 0 && rounded <= VITAL_MAX) eventOf('vital', at.area, at.route, { vital: { name, value: rounded } });
  }

  function flush() {
    const batchProof = proof();
    if (!batchProof) return;
    clearTimeout(timer);
    timer = undefined;
    // (a batch's events at their longest stay within TELEMETRY_LIMITS.batchBytes)
    while (queue.length) send(JSON.stringify({ proof: batchProof, events: queue.splice(0, TELEMETRY_LIMITS.batchEvents) } satisfies TelemetryBatchInput));
  }

  function clear() {
    queue.length = 0;
    open = undefined;
    landing = undefined;
    lastRoute.clear();
    clearTimeout(timer);
    timer = undefined;
  }

  return { take, vital, flush, clear };
}

/**
 * POSTs a batch to the API: with sendBeacon when the API is the page's origin, else (a beacon always
 * carries credentials, which the API's CORS answer does not allow) and where the beacon is missing or
 * refused, with fetch and keepalive, so that it goes out while the page unloads.
 */
export function sendBatch(body: string): void {
  const url = urlOf({ baseURL: api.defaults.baseURL, url: '/telemetry' });
  const sameOrigin = new URL(url, window.location.href).origin === window.location.origin;
  if (sameOrigin && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }))) return;
    } catch {
      // (refused: fetch below)
    }
  }
  void fetch(url, { method: 'POST', body, keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } }).catch(() => {});
}

let started = false;

/** Starts the reports (once): takes the signals kept until now, measures the vitals, sends on a timer and when the page is hidden. */
export function startAreaHealth(): void {
  if (started) return;
  started = true;
  const reporter = createAreaHealthReporter({ send: sendBatch, browser: browserFamily(navigator.userAgent), proof: areaHealthProof, areas: areaBuildsSeen });
  takeAreaSignals(reporter.take, reporter.clear);
  const report = (metric: Metric) => reporter.vital(metric.name as VitalName, metric.value);
  onLCP(report);
  onINP(report);
  onCLS(report);
  // (after web-vitals' own listeners, which report INP and CLS as the page is hidden)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') reporter.flush();
  });
  window.addEventListener('pagehide', () => reporter.flush());
}
