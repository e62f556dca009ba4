/**
 * A returning user whose page opens on an area: the entry fetches that area's manifest as soon as the
 * API's manifest names it (at once when the user's last manifest named it), and the remote loader takes
 * that answer, once, instead of fetching it again, even when it asks before the entry has read the API's
 * manifest.
 */
import { waitFor } from '@testing-library/react';
import { OPERATOR_ZONE, STORED_SESSION_KEY, startSignedInPartEarly } from '../src/startup/earlySignedInPart';
import { REMEMBERED_AREAS_KEY, rememberAreas, takeOpeningAreaManifest } from '../src/startup/earlyAnswers';
import { DEFAULT_OPERATOR_TIME_ZONE } from '@trungtam/shared/operatorDate';
import { manifest, usersArea } from './utils';

const API = 'http://api.test/api/v1';

/** The entry's `fetch`: the API's answers (the manifest's, `manifest`, read when `readManifest` resolves) and an area's manifest (`bodies`, by URL). */
function entryFetch(readManifest: Promise<void> = Promise.resolve(), bodies: Record<string, unknown> = {}) {
  const responses = new Map<string, Response>();
  const send = jest.fn(async (url: string | URL | Request) => {
    const body = String(url) === `${API}/system/remote/manifest` ? { data: manifest } : (bodies[String(url)] ?? { data: null });
    const response = { ok: true, status: 200, clone: () => response, json: () => readManifest.then(() => body) } as unknown as Response;
    responses.set(String(url), response);
    return response;
  });
  return { send: send as unknown as typeof fetch, sent: () => send.mock.calls.map(([url]) => String(url)), responses };
}

beforeEach(() => {
  localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ state: { accessToken: 'stored-token' }, version: 0 }));
  localStorage.removeItem(REMEMBERED_AREAS_KEY);
});

it("opening an area's page, the entry fetches the area's manifest once the API's manifest answers; the loader takes it once", async () => {
  window.history.replaceState(null, '', '/assets/teachers?page=2');
  const { send, sent, responses } = entryFetch();
  startSignedInPartEarly(API, send);
  await waitFor(() => expect(sent()).toContain(usersArea.entry));
  await expect(takeOpeningAreaManifest(usersArea.entry)).resolves.toBe(responses.get(usersArea.entry));
  expect(takeOpeningAreaManifest(usersArea.entry)).toBeUndefined();
  expect(sent().filter((url) => url === usersArea.entry)).toHaveLength(1);
});

it("the loader asking before the entry has read the API's manifest still takes the entry's answer", async () => {
  window.history.replaceState(null, '', '/assets/teachers');
  let read!: () => void;
  const { send, sent, responses } = entryFetch(new Promise<void>((resolve) => (read = resolve)));
  startSignedInPartEarly(API, send);
  await waitFor(() => expect(sent()).toHaveLength(2));
  const taken = takeOpeningAreaManifest(usersArea.entry);
  read();
  const answer = await taken;
  expect(answer).toBeDefined();
  expect(answer).toBe(responses.get(usersArea.entry));
  expect(sent().filter((url) => url === usersArea.entry)).toHaveLength(1);
});

it("opening the dashboard, the entry fetches no area's manifest; the first area the page opens fetches its own", async () => {
  window.history.replaceState(null, '', '/dashboard');
  const { send, sent } = entryFetch();
  startSignedInPartEarly(API, send);
  await waitFor(() => expect(sent()).toHaveLength(2));
  // (time for the answer to be read)
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent()).toEqual([`${API}/user/get-by-token`, `${API}/system/remote/manifest`]);
  const ownAnswer = { ok: true } as Response;
  const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(ownAnswer);
  await expect(takeOpeningAreaManifest(usersArea.entry)).resolves.toBe(ownAnswer);
  expect(fetchSpy).toHaveBeenCalledWith(usersArea.entry);
  fetchSpy.mockRestore();
});

it("once the area's manifest answers, the entry preloads the area's entry script and its screens' own files", async () => {
  window.history.replaceState(null, '', '/assets/teachers');
  const sync = ['static/js/async/3.08235bf845.js', 'static/js/async/__federation_expose_Area.17152f3a0c.js'];
  const areaBuild = {
    metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ path: './Area', assets: { js: { sync, async: ['static/js/async/11.57a2beb7fe.js'] } } }],
  };
  const { send } = entryFetch(Promise.resolve(), { [usersArea.entry]: areaBuild });
  const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href'));
  startSignedInPartEarly(API, send);
  await waitFor(() => expect(preloads()).toEqual([new URL('remoteEntry.js', usersArea.entry).href, ...sync.map((file) => new URL(file, usersArea.entry).href)]));
  // (with CORS, as the runtime then loads them: a preload in another mode would not be taken)
  for (const link of document.head.querySelectorAll('link[rel="preload"][as="script"]')) expect(link.getAttribute('crossorigin')).toBe('anonymous');
  // the loader still takes the manifest's answer, unread
  await expect(takeOpeningAreaManifest(usersArea.entry)).resolves.toBeDefined();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe("a returning user's last manifest, remembered", () => {
  const storeSessionOf = (userId: number) =>
    localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ state: { accessToken: 'stored-token', user: { id: userId } }, version: 0 }));
  /** The page's first calls with a stored user: the session check, the manifest and the bell's list. */
  const API_CALLS = 3;

  it("is each area's entry and route paths, for that user", () => {
    rememberAreas(7, manifest);
    expect(JSON.parse(localStorage.getItem(REMEMBERED_AREAS_KEY)!)).toEqual({ userId: 7, areas: [{ entry: usersArea.entry, paths: ['/assets/teachers'] }] });
  });

  it("has the entry fetch the opening area's manifest at once, which the loader takes once the API's manifest names the same entry", async () => {
    storeSessionOf(7);
    rememberAreas(7, manifest);
    window.history.replaceState(null, '', '/assets/teachers');
    let read!: () => void;
    const { send, sent, responses } = entryFetch(new Promise<void>((resolve) => (read = resolve)));
    startSignedInPartEarly(API, send);
    // before the API's manifest has answered
    expect(sent()).toHaveLength(API_CALLS + 1);
    expect(sent().at(-1)).toBe(usersArea.entry);
    const taken = takeOpeningAreaManifest(usersArea.entry);
    read();
    await expect(taken).resolves.toBe(responses.get(usersArea.entry));
    expect(sent().filter((url) => url === usersArea.entry)).toHaveLength(1);
  });

  it("is not trusted for the entry: when the API's manifest names another one (a new release), the loader takes that one's manifest", async () => {
    storeSessionOf(7);
    const previousRelease = 'http://localhost:3001/releases/0.0.9/mf-manifest.json';
    rememberAreas(7, { areas: [{ ...usersArea, entry: previousRelease }], denied: [] });
    window.history.replaceState(null, '', '/assets/teachers');
    const build = (file: string) => ({ metaData: { publicPath: 'auto', remoteEntry: { name: file, path: '' } }, exposes: [] });
    const { send, sent, responses } = entryFetch(Promise.resolve(), { [previousRelease]: build('old-entry.js'), [usersArea.entry]: build('remoteEntry.js') });
    startSignedInPartEarly(API, send);
    expect(sent().at(-1)).toBe(previousRelease);
    await waitFor(() => expect(sent()).toContain(usersArea.entry));
    await expect(takeOpeningAreaManifest(usersArea.entry)).resolves.toBe(responses.get(usersArea.entry));
    // only the confirmed build's scripts are preloaded
    const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href'));
    await waitFor(() => expect(preloads()).toEqual([new URL('remoteEntry.js', usersArea.entry).href]));
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  it("is not used for another user, nor on a page that is no area's", async () => {
    storeSessionOf(8);
    rememberAreas(7, manifest);
    window.history.replaceState(null, '', '/assets/teachers');
    let read!: () => void;
    const { send, sent } = entryFetch(new Promise<void>((resolve) => (read = resolve)));
    startSignedInPartEarly(API, send);
    expect(sent()).toHaveLength(API_CALLS);
    read();
    // (the API's manifest names the area: fetched then)
    await waitFor(() => expect(sent()).toContain(usersArea.entry));

    storeSessionOf(7);
    // (a page of the shell's own; the dashboard would add its lists to the first calls)
    window.history.replaceState(null, '', '/crafted/account');
    const other = entryFetch();
    startSignedInPartEarly(API, other.send);
    expect(other.sent()).toHaveLength(API_CALLS);
  });

  it('is ignored when unreadable', () => {
    storeSessionOf(7);
    window.history.replaceState(null, '', '/assets/teachers');
    for (const stored of ['{not json', JSON.stringify({ userId: 7, areas: [{ entry: 42, paths: ['/assets/teachers'] }] }), JSON.stringify({ userId: 7, areas: 'x' })]) {
      localStorage.setItem(REMEMBERED_AREAS_KEY, stored);
      const { send, sent } = entryFetch(new Promise<void>(() => {}));
      startSignedInPartEarly(API, send);
      expect(sent()).toHaveLength(API_CALLS);
    }
  });
});

it("prepares the operator's zone the date helpers use by default", () => {
  expect(OPERATOR_ZONE).toBe(DEFAULT_OPERATOR_TIME_ZONE);
});
