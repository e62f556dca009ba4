/**
 * The areas' health reports: what the shell sends of each remote area, with no help from the area, in
 * batches that the API's schema takes (TelemetryBatch), attributed to the area's build and cohort and to
 * the route as the registry writes it. The tests of one page load run in order: the reporter starts once
 * per page, and the first opening is the page's own.
 */
jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), init: jest.fn(), loadRemote: jest.fn() }));
const mockVitals: Record<string, (metric: { name: string; value: number }) => void> = {};
jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: unknown) => void) => (mockVitals.LCP = report),
  onINP: (report: (metric: unknown) => void) => (mockVitals.INP = report),
  onCLS: (report: (metric: unknown) => void) => (mockVitals.CLS = report),
}));

import { StrictMode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Value } from 'typebox/value';
import { configureApi } from '@trungtam/shared/api';
import type { AreaProps, ManifestArea, RemoteManifest } from '@trungtam/shared/contracts';
import { TELEMETRY_LIMITS } from '@trungtam/shared/contracts/telemetry';
import { TelemetryBatch, type TelemetryBatchInput } from '@trungtam/shared/schemas/telemetry';
import { fakeApi, ok } from '@trungtam/shared/testing';
import { UiProvider } from '@trungtam/shared/ui/core';
import { fetchManifest } from '../src/remotes/manifest';
import { createRemoteLoader, type FederationRuntime } from '../src/remotes/loader';
import { RemoteArea } from '../src/remotes/RemoteArea';
import { browserFamily, createAreaHealthReporter, sendBatch } from '../src/remotes/areaHealthReporter';
import type { AreaOpening } from '../src/remotes/areaHealth';
import { keepEarlyAnswers } from '../src/startup/earlyAnswers';
import { adminUser, resetSession, signIn, usersArea } from './utils';

const PROOF = 'proof-of-session-1';
const CANDIDATE_BASE = 'https://learning.example.test/1.5.0-rc.1';
const learningCandidate: ManifestArea = {
  name: 'learning',
  entry: `${CANDIDATE_BASE}/mf-manifest.json`,
  version: '1.5.0-rc.1',
  cohort: 'candidate',
  routes: [
    { path: '/learning/classes', breadcrumb: [{ titleKey: 'menu.classes', label: 'Classes' }] },
    { path: '/learning/schedules', breadcrumb: [{ titleKey: 'menu.schedules', label: 'Schedules' }] },
  ],
};
const withProof: RemoteManifest = { areas: [usersArea, learningCandidate], denied: [], telemetry_proof: PROOF };

/** An error as a browser makes it: its name, a message with a person's name in it, and its stack. */
function browserError(name: string, ...frames: string[]): Error {
  const error = new Error('Không tải được lớp của Nguyễn Văn An');
  error.name = name;
  error.stack = [`${name}: ${error.message}`, ...frames.map((frame) => `    at f (${frame})`)].join('\n');
  return error;
}

const beacon = jest.fn((_url: string, _data?: BodyInit | null) => true);
const idle: Array<() => void> = [];

/** A blob's text (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });
}

/** What the beacons sent since the last call, each batch checked against the API's schema. */
async function sentBatches(): Promise<TelemetryBatchInput[]> {
  const batches: TelemetryBatchInput[] = [];
  for (const [url, blob] of beacon.mock.calls) {
    expect(url).toBe('/api/v1/telemetry');
    expect((blob as Blob).type).toBe('application/json');
    const batch = JSON.parse(await textOf(blob as Blob)) as unknown;
    expect(Value.Check(TelemetryBatch, batch)).toBe(true);
    batches.push(batch as TelemetryBatchInput);
  }
  beacon.mockClear();
  return batches;
}

/** The page is being left: what is queued goes out. */
function hidePage() {
  window.dispatchEvent(new Event('pagehide'));
}

async function sentEvents() {
  hidePage();
  const batches = await sentBatches();
  for (const batch of batches) expect(batch.proof).toBe(PROOF);
  return batches.flatMap((batch) => batch.events);
}

/** What the federation runtime answers for the area's `./Area`. */
type AreaLoad = () => Promise<unknown>;

function areaLoader(load: AreaLoad) {
  const loader = createRemoteLoader({ registerRemotes: () => {}, loadRemote: load as FederationRuntime['loadRemote'] }, { retries: 0 });
  loader.register([usersArea, learningCandidate]);
  return loader;
}

function ClassesArea({ path }: AreaProps) {
  return <h2>Lớp học ({path})</h2>;
}

/** The area's route, rendered as the app renders (in StrictMode: its effects run twice in development). */
function showArea(area: ManifestArea, path: string, load: AreaLoad) {
  return render(
    <StrictMode>
      <UiProvider>
        <RemoteArea area={area} path={path} loader={areaLoader(load)} />
      </UiProvider>
    </StrictMode>,
  );
}

beforeAll(() => {
  configureApi({ baseURL: '/api/v1' });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  Object.assign(window, { requestIdleCallback: (run: () => void) => idle.push(run) });
});

describe('one page load', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    error = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  it('reports the page view and first render of the area the page opened on, once its reporter is there, with the build, the cohort and the route pattern', async () => {
    // a returning user's page, opened on a class with a query string
    window.history.replaceState(null, '', '/learning/classes/4711?tab=students&q=Nguyen');
    keepEarlyAnswers({ authorization: 'Bearer token-1', answers: new Map(), path: '/learning/classes/4711' });
    signIn();
    fakeApi({ 'GET /system/remote/manifest': ok(withProof) });
    await fetchManifest(adminUser.id);

    showArea(learningCandidate, '/learning/classes', () => Promise.resolve({ default: ClassesArea }));
    expect(await screen.findByRole('heading', { name: 'Lớp học (/learning/classes)' })).toBeInTheDocument();
    // the reporter is asked for in an idle moment after the area's render; nothing went out before it
    hidePage();
    expect(beacon).not.toHaveBeenCalled();
    expect(mockVitals.LCP).toBeUndefined();
    act(() => {
      for (const run of idle.splice(0)) run();
    });
    await waitFor(() => expect(mockVitals.LCP).toBeDefined());
    mockVitals.LCP({ name: 'LCP', value: 1234.6 });

    const events = await sentEvents();
    const build = { area: 'learning', version: '1.5.0-rc.1', cohort: 'candidate', route: '/learning/classes', browser: 'other' };
    expect(events).toEqual([
      { kind: 'page_view', ...build },
      { kind: 'vital', ...build, vital: { name: 'TTFR', value: expect.any(Number) } },
      { kind: 'vital', ...build, vital: { name: 'LCP', value: 1235 } },
    ]);
    const text = JSON.stringify(events);
    expect(text).not.toMatch(/4711|students|Nguyen|\?/);
  });

  it('reports a load failure with its type and first frame, the file without its origin or query, and no message', async () => {
    const chunkFailed = browserError('ChunkLoadError', `${CANDIDATE_BASE}/static/js/async/123.js?v=7:1:2345`, 'https://learning.example.test/static/js/lib.js:2:3');
    showArea(learningCandidate, '/learning/schedules', () => Promise.reject(chunkFailed));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    const events = await sentEvents();
    expect(events).toEqual([
      expect.objectContaining({ kind: 'page_view', route: '/learning/schedules' }),
      {
        kind: 'load_failure',
        area: 'learning',
        version: '1.5.0-rc.1',
        cohort: 'candidate',
        route: '/learning/schedules',
        browser: 'other',
        error: { type: 'ChunkLoadError', frame: '/1.5.0-rc.1/static/js/async/123.js:1:2345' },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain('Nguyễn');
  });

  it('reports an error thrown while the area renders, and no time to first render for it', async () => {
    function Broken(): never {
      throw browserError('TypeError', `${CANDIDATE_BASE}/static/js/async/classes.js:10:20`);
    }
    showArea(learningCandidate, '/learning/classes', () => Promise.resolve({ default: Broken }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    const events = await sentEvents();
    expect(events.map((event) => event.kind)).toEqual(['page_view', 'render_error']);
    expect(events[1]).toMatchObject({ area: 'learning', cohort: 'candidate', route: '/learning/classes', error: { type: 'TypeError', frame: '/1.5.0-rc.1/static/js/async/classes.js:10:20' } });
  });

  it("attributes errors and rejections nothing handled to the area whose files their frames are, and no other's", async () => {
    const view = showArea(learningCandidate, '/learning/classes', () => Promise.resolve({ default: ClassesArea }));
    await screen.findByRole('heading', { name: 'Lớp học (/learning/classes)' });
    const thrown = (error: unknown) => window.dispatchEvent(new ErrorEvent('error', { error, message: 'x' }));
    const rejected = (reason: unknown) => window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));

    // the area's files, under a frame of the shell's (React calling the area's handler)
    thrown(browserError('RangeError', 'http://localhost/static/js/lib-react.js:1:100', `${CANDIDATE_BASE}/static/js/async/classes.js?x=1:3:4`));
    rejected(browserError('TypeError', `${CANDIDATE_BASE}/static/js/async/classes.js:5:6`));
    rejected('nothing but a text');
    // the shell's own files, another origin, an origin that only begins like the area's, the stable
    // build's files (not this user's), and another area's build (users: none of its routes opened)
    thrown(browserError('Error', 'http://localhost/static/js/index.js:1:1'));
    thrown(browserError('Error', 'https://cdn.example.test/analytics.js:1:1'));
    thrown(browserError('Error', 'https://learning.example.test.evil.test/1.5.0-rc.1/a.js:1:1'));
    thrown(browserError('Error', 'https://learning.example.test/static/js/async/classes.js:1:1'));
    rejected(browserError('Error', 'http://localhost:3001/static/js/async/teachers.js:1:1'));
    view.unmount();
    // its route left, an error of the area is still its last route's
    rejected(Object.assign(browserError('TypeError', `${CANDIDATE_BASE}/static/js/async/timer.js:7:8`), { name: 'AbortError' }));

    const events = (await sentEvents()).filter((event) => event.kind === 'unhandled_error');
    const learning = { area: 'learning', version: '1.5.0-rc.1', cohort: 'candidate', route: '/learning/classes' };
    expect(events).toEqual([
      expect.objectContaining({ ...learning, error: { type: 'RangeError', frame: '/1.5.0-rc.1/static/js/async/classes.js:3:4' } }),
      expect.objectContaining({ ...learning, error: { type: 'TypeError', frame: '/1.5.0-rc.1/static/js/async/classes.js:5:6' } }),
      expect.objectContaining({ ...learning, error: { type: 'AbortError', frame: '/1.5.0-rc.1/static/js/async/timer.js:7:8' } }),
    ]);
  });

  it('attributes INP and CLS to the area route open when they are reported', async () => {
    const view = showArea(usersArea, '/assets/teachers', () => Promise.resolve({ default: ClassesArea }));
    await screen.findByRole('heading', { name: 'Lớp học (/assets/teachers)' });
    mockVitals.INP({ name: 'INP', value: 231.7 });
    mockVitals.CLS({ name: 'CLS', value: 0.123456 });
    view.unmount();
    // on the dashboard: no area's
    mockVitals.INP({ name: 'INP', value: 500 });

    const vitals = (await sentEvents()).filter((event) => event.kind === 'vital' && event.vital?.name !== 'TTFR');
    const users = { area: 'users', version: '0.1.0', cohort: 'stable', route: '/assets/teachers', browser: 'other' };
    expect(vitals).toEqual([
      { kind: 'vital', ...users, vital: { name: 'INP', value: 232 } },
      { kind: 'vital', ...users, vital: { name: 'CLS', value: 0.1235 } },
    ]);
  });

  it("counts a page view for each route of the area opened, not for the manifest's answer again with the same build", async () => {
    const load = () => Promise.resolve({ default: ClassesArea });
    const loader = areaLoader(load);
    const at = (area: ManifestArea, path: string) => (
      <StrictMode>
        <UiProvider>
          <RemoteArea area={area} path={path} loader={loader} />
        </UiProvider>
      </StrictMode>
    );
    const view = render(at(learningCandidate, '/learning/classes'));
    await screen.findByRole('heading', { name: 'Lớp học (/learning/classes)' });
    view.rerender(at({ ...learningCandidate }, '/learning/classes'));
    view.rerender(at(learningCandidate, '/learning/schedules'));
    await screen.findByRole('heading', { name: 'Lớp học (/learning/schedules)' });
    view.unmount();

    const events = await sentEvents();
    expect(events.map(({ kind, route, vital }) => [kind, route, vital?.name])).toEqual([
      ['page_view', '/learning/classes', undefined],
      ['vital', '/learning/classes', 'TTFR'],
      ['vital', '/learning/schedules', 'TTFR'],
      ['page_view', '/learning/schedules', undefined],
    ]);
  });

  it('sends on its own every ten seconds while there is something', async () => {
    jest.useFakeTimers();
    try {
      const view = showArea(usersArea, '/assets/teachers', () => Promise.resolve({ default: ClassesArea }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100);
      });
      expect(beacon).not.toHaveBeenCalled();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      expect(beacon).toHaveBeenCalledTimes(1);
      view.unmount();
    } finally {
      jest.useRealTimers();
    }
    expect((await sentBatches())[0].events.map((event) => event.kind)).toEqual(['page_view', 'vital']);
  });

  it('sends nothing signed out, forgets what was queued when the session ends, and sends nothing without a proof', async () => {
    const view = showArea(usersArea, '/assets/teachers', () => Promise.resolve({ default: ClassesArea }));
    await screen.findByRole('heading', { name: 'Lớp học (/assets/teachers)' });
    view.unmount();
    act(() => resetSession());
    hidePage();
    expect(beacon).not.toHaveBeenCalled();

    // signed in again: what the last session queued is not sent with the new one's proof
    signIn();
    const api = fakeApi({ 'GET /system/remote/manifest': ok(withProof) });
    await fetchManifest(adminUser.id);
    hidePage();
    expect(beacon).not.toHaveBeenCalled();

    // a manifest that gives no proof
    api.route('GET /system/remote/manifest', ok({ ...withProof, telemetry_proof: undefined }));
    await fetchManifest(adminUser.id);
    showArea(usersArea, '/assets/teachers', () => Promise.resolve({ default: ClassesArea })).unmount();
    hidePage();
    expect(beacon).not.toHaveBeenCalled();
  });
});

describe('the reporter', () => {
  const area = learningCandidate;
  let id = 0;
  const opening = (): AreaOpening => ({ id: (id += 1), area, route: '/learning/classes', since: 0 });

  it(`sends at most ${TELEMETRY_LIMITS.perMinute} events a minute and ${TELEMETRY_LIMITS.perPageView} a page load, in batches of at most ${TELEMETRY_LIMITS.batchEvents}`, () => {
    const bodies: string[] = [];
    let clock = 0;
    const reporter = createAreaHealthReporter({ send: (body) => bodies.push(body), browser: 'firefox', proof: () => PROOF, areas: () => [area], now: () => clock });
    const openRoutes = (count: number) => {
      for (let i = 0; i < count; i += 1) reporter.take({ type: 'opened', opening: opening() });
    };
    const sent = () => {
      reporter.flush();
      const batches = bodies.splice(0).map((body) => JSON.parse(body) as TelemetryBatchInput);
      for (const batch of batches) expect(Value.Check(TelemetryBatch, batch)).toBe(true);
      return batches.map((batch) => batch.events.length);
    };

    openRoutes(70);
    expect(sent()).toEqual([50, 10]);
    clock += 59_999;
    openRoutes(5);
    expect(sent()).toEqual([]);
    clock += 1;
    openRoutes(70);
    expect(sent()).toEqual([40]);
    clock += 60_000;
    openRoutes(10);
    expect(sent()).toEqual([]);
  });

  it('attributes the largest paint to the route the page opened on, if an area’s, whichever is open when it is reported', () => {
    const bodies: string[] = [];
    const reporter = createAreaHealthReporter({ send: (body) => bodies.push(body), browser: 'safari', proof: () => PROOF, areas: () => [area] });
    const navigated = { ...opening(), since: 1500 };
    reporter.take({ type: 'opened', opening: navigated });
    reporter.vital('LCP', 2000);
    const landed = opening();
    reporter.take({ type: 'opened', opening: landed });
    reporter.take({ type: 'left', opening: landed });
    reporter.take({ type: 'opened', opening: { ...navigated, id: (id += 1), route: '/learning/schedules' } });
    reporter.vital('LCP', 2100);
    reporter.flush();
    const events = bodies.flatMap((body) => (JSON.parse(body) as TelemetryBatchInput).events).filter((event) => event.kind === 'vital');
    expect(events).toEqual([expect.objectContaining({ route: '/learning/classes', vital: { name: 'LCP', value: 2100 } })]);
  });

  it('keeps a full batch of the longest events within the API’s size limit', () => {
    const bodies: string[] = [];
    const longest: ManifestArea = { ...area, name: `a${'b'.repeat(63)}`, version: '9'.repeat(64) };
    const reporter = createAreaHealthReporter({ send: (body) => bodies.push(body), browser: 'chrome', proof: () => 'p'.repeat(512), areas: () => [longest] });
    const frame = `${CANDIDATE_BASE}/${'a'.repeat(400)}.js:1:2`;
    for (let i = 0; i < TELEMETRY_LIMITS.batchEvents; i += 1) {
      const failed = { id: (id += 1), area: longest, route: `/${'r'.repeat(199)}`, since: 0 };
      reporter.take({ type: 'failed', opening: failed, error: browserError('É'.repeat(200), frame) });
    }
    reporter.flush();
    expect(bodies).toHaveLength(1);
    expect(new Blob([bodies[0]]).size).toBeLessThanOrEqual(TELEMETRY_LIMITS.batchBytes);
    expect(Value.Check(TelemetryBatch, JSON.parse(bodies[0]))).toBe(true);
  });
});

describe('sending a batch', () => {
  const fetchSpy = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve({ ok: true } as Response));
  beforeEach(() => {
    beacon.mockClear();
    fetchSpy.mockClear();
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchSpy as unknown as typeof fetch);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    configureApi({ baseURL: '/api/v1' });
  });

  const keptAlive = { method: 'POST', body: '{"x":1}', keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } };

  it('goes by beacon to the API of the page’s origin', () => {
    sendBatch('{"x":1}');
    expect(beacon).toHaveBeenCalledWith('/api/v1/telemetry', expect.any(Blob));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('falls back to fetch with keepalive when the beacon refuses or is missing', () => {
    beacon.mockReturnValueOnce(false);
    sendBatch('{"x":1}');
    expect(fetchSpy).toHaveBeenCalledWith('/api/v1/telemetry', keptAlive);
    const sendBeacon = navigator.sendBeacon;
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true, writable: true });
    try {
      sendBatch('{"x":1}');
    } finally {
      Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
    }
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('goes by fetch, without credentials, to an API of another origin (a beacon would carry them, which its CORS refuses)', () => {
    configureApi({ baseURL: 'https://api.example.test/api/v1' });
    sendBatch('{"x":1}');
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchSpy).toHaveBeenCalledWith('https://api.example.test/api/v1/telemetry', keptAlive);
  });
});

it.each([
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'chrome'],
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'chrome'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'edge'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'chrome'],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'firefox'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'safari'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'chrome'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0', 'other'],
  ['curl/8.5.0', 'other'],
])('tells the browser family of %s', (userAgent, family) => {
  expect(browserFamily(userAgent)).toBe(family);
});
