jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));

import { waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { useSession } from '@trungtam/shared/session';
import { api, configureApi } from '@trungtam/shared/api';
import { startSignedInPartEarly, storedSessionToken } from '../src/startup/earlySignedInPart';
import { REMEMBERED_AREAS_KEY } from '../src/startup/earlyAnswers';
import { startStoredSession, takeSessionCheck, withEarlyAnswers } from '../src/startup/sessionStart';
import { fetchManifest } from '../src/remotes/manifest';
import { getNotifications } from '../src/features/notifications/api';
import { BELL_LIST, LATEST_LIST } from '../src/features/notifications/listRequest';
import { getWeekSchedules } from '../src/features/dashboard/api';
import { NOTIFICATION_LIST_TYPE } from '@trungtam/shared/contracts/notifications';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { loadSignedInPart, loadSignedInPartWithSession } from '../src/startup/signedInPart';
import { queryClient } from '@trungtam/shared/query';
import { fakeApi, ok, type FakeCall } from '@trungtam/shared/testing';
import { adminUser, manifest, resetSession, signIn, signedInRoutes } from './utils';

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const requested = (calls: FakeCall[], url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  resetSession();
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockResolvedValue({ default: () => null });
  window.history.replaceState(null, '', '/');
});

describe('a stored session, as the entry reads it', () => {
  it('is seen in what the session store keeps, and no longer once signed out', () => {
    expect(storedSessionToken()).toBeNull();
    signIn();
    expect(storedSessionToken()).toBe('token-1');
    useSession.getState().signOut();
    expect(storedSessionToken()).toBeNull();
  });

  it('is not seen in unreadable storage', () => {
    expect(storedSessionToken({ getItem: () => '{not json' })).toBeNull();
    expect(storedSessionToken({ getItem: () => JSON.stringify({ state: { accessToken: 42 } }) })).toBeNull();
    expect(
      storedSessionToken({
        getItem: () => {
          throw new Error('storage disabled');
        },
      }),
    ).toBeNull();
  });
});

/** What the entry's `fetch` answers: the API's JSON body, as a response the client reads. */
function jsonResponse(status: number, body: unknown): Response {
  return { status, headers: new Map([['Content-Type', 'application/json']]), text: async () => JSON.stringify(body) } as unknown as Response;
}

describe("a returning user's first calls, sent by the entry", () => {
  const sent: Array<{ url: string; auth: string | undefined }> = [];
  const entryFetch = (answers: Record<string, Response>) =>
    jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const path = String(url).replace('http://api.test/api/v1', '');
      sent.push({ url: String(url), auth: (init?.headers as Record<string, string>).Authorization });
      return answers[path];
    }) as unknown as typeof fetch;
  /** The bell's first list for the stored user, as the bell asks it. */
  const BELL_PATH = '/notifications?limit=10&page=1&sort_column=notification_id&sort_type=DESC&user_id=1&type=2&count_unread=true';
  /** The dashboard card's list for the stored user, as the card asks it. */
  const LATEST_PATH = '/notifications?limit=5&page=1&sort_column=notification_id&sort_type=DESC&user_id=1&type=0&count_unread=true';
  /** The dashboard's week of Thursday 26/11/2026, as the card asks it. */
  const WEEK_PATH =
    '/learning/class-schedule?limit=20&page=1&sort_column=schedule_date&sort_type=DESC&relationships=class&relationships=center&schedule_date=2026-11-23&schedule_date=2026-11-29';
  const bellList = { rows: [], total_rows: 0, total_pages: 0, unread_rows: 4 };
  const weekList = { rows: [], total_rows: 0, total_pages: 0 };
  const answers = () => ({
    '/user/get-by-token': jsonResponse(200, { data: adminUser }),
    '/system/remote/manifest': jsonResponse(200, { data: manifest }),
    [BELL_PATH]: jsonResponse(200, { data: bellList }),
    [LATEST_PATH]: jsonResponse(200, { data: bellList }),
    [WEEK_PATH]: jsonResponse(200, { data: weekList }),
  });
  const first = (path: string) => ({ url: `http://api.test/api/v1${path}`, auth: 'Bearer token-1' });

  beforeEach(() => {
    sent.length = 0;
    // the client's URL and the entry's are the same build-time URL
    configureApi({ baseURL: 'http://api.test/api/v1' });
  });

  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
  });

  /** The API mocked and its client taking the entry's answers, for a stored session opening `path`. */
  function returningUserOn(path: string) {
    const { calls } = fakeApi(signedInRoutes());
    api.defaults.adapter = withEarlyAnswers(api.defaults.adapter);
    signIn();
    window.history.replaceState(null, '', path);
    return calls;
  }

  it('go out from the entry with the stored token, and the start-up takes their answers instead of asking', async () => {
    const calls = returningUserOn('/crafted/account');
    startSignedInPartEarly('http://api.test/api/v1/', entryFetch(answers()));
    expect(sent).toEqual([first('/user/get-by-token'), first('/system/remote/manifest'), first(BELL_PATH)]);

    startStoredSession();
    await expect(takeSessionCheck()).resolves.toEqual(adminUser);
    await expect(fetchManifest(adminUser.id)).resolves.toEqual(manifest);
    // (kept for the user's next start: its opening area's manifest is fetched from the entry at once)
    expect(JSON.parse(localStorage.getItem(REMEMBERED_AREAS_KEY)!)).toMatchObject({ userId: adminUser.id, areas: [{ entry: manifest.areas[0].entry }] });
    await expect(getNotifications(adminUser.id, BELL_LIST.type, BELL_LIST.limit, BELL_LIST.page)).resolves.toEqual(bellList);
    expect(useSession.getState().user).toEqual(adminUser);
    expect(calls).toHaveLength(0);

    // taken once: later calls ask the API
    await fetchManifest();
    expect(requested(calls, '/system/remote/manifest')).toHaveLength(1);
  });

  it("ask for the bell's list and the dashboard card's as their queries do (the entry's plain copy of the lists' type and size)", () => {
    expect(BELL_LIST).toEqual({ type: NOTIFICATION_LIST_TYPE.BELL, limit: PAGE_SIZES.notificationBell, page: 1 });
    expect(LATEST_LIST).toEqual({ type: NOTIFICATION_LIST_TYPE.DASHBOARD, limit: PAGE_SIZES.dashboardNotifications, page: 1 });
  });

  it("ask for the dashboard's lists when it is the page opening, the week's when the runtime's Temporal gives the operator's date; the cards take the answers", async () => {
    const calls = returningUserOn('/dashboard');
    startSignedInPartEarly('http://api.test/api/v1', entryFetch(answers()));
    // (Node has no Temporal: the week is left to the card's query)
    expect(sent).toEqual([first('/user/get-by-token'), first('/system/remote/manifest'), first(BELL_PATH), first(LATEST_PATH)]);
    await expect(getNotifications(adminUser.id, LATEST_LIST.type, LATEST_LIST.limit, LATEST_LIST.page)).resolves.toEqual(bellList);

    // Thursday 26/11/2026 in Việt Nam, as a Temporal answers for the operator's zone (and only for it)
    sent.length = 0;
    const zones: string[] = [];
    const thursday = {
      dayOfWeek: 4,
      subtract: ({ days }: { days: number }) => {
        expect(days).toBe(3);
        return { toString: () => '2026-11-23', add: ({ days: more }: { days: number }) => ({ toString: () => (more === 6 ? '2026-11-29' : 'wrong') }) };
      },
    };
    Object.assign(globalThis, { Temporal: { Now: { plainDateISO: (zone: string) => (zones.push(zone), thursday) } } });
    window.history.replaceState(null, '', '/');
    startSignedInPartEarly('http://api.test/api/v1', entryFetch(answers()));
    expect(zones).toEqual(['Asia/Ho_Chi_Minh']);
    expect(sent.slice(3)).toEqual([first(LATEST_PATH), first(WEEK_PATH)]);
    await expect(getWeekSchedules({ start: '2026-11-23', end: '2026-11-29' })).resolves.toEqual(weekList);
    expect(calls).toHaveLength(0);
  });

  it('leave the bell to its query when the stored session has no user', () => {
    useSession.setState({ user: null, accessToken: 'token-1' });
    startSignedInPartEarly('http://api.test/api/v1', entryFetch(answers()));
    expect(sent.map((call) => call.url)).toEqual(['http://api.test/api/v1/user/get-by-token', 'http://api.test/api/v1/system/remote/manifest']);
  });

  it("sign out on the API's refusal of the stored token, as the client's own call would", async () => {
    const { calls } = fakeApi(signedInRoutes());
    api.defaults.adapter = withEarlyAnswers(api.defaults.adapter);
    signIn();
    const unauthorized = { error: { code: 'UNAUTHORIZED', message: 'Unauthorized' } };
    startSignedInPartEarly(
      'http://api.test/api/v1',
      entryFetch({ '/user/get-by-token': jsonResponse(401, unauthorized), '/system/remote/manifest': jsonResponse(401, unauthorized) }),
    );
    startStoredSession();
    await expect(takeSessionCheck()).resolves.toBeNull();
    expect(useSession.getState().accessToken).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('are not used for another session, nor sent without one', async () => {
    const { calls } = fakeApi(signedInRoutes());
    api.defaults.adapter = withEarlyAnswers(api.defaults.adapter);
    startSignedInPartEarly('http://api.test/api/v1', entryFetch(answers()));
    expect(sent).toHaveLength(0);

    signIn();
    startSignedInPartEarly('http://api.test/api/v1', entryFetch(answers()));
    useSession.setState({ accessToken: 'token-2' });
    startStoredSession();
    await takeSessionCheck();
    expect(requested(calls, '/user/get-by-token')).toHaveLength(1);
    expect(requested(calls, '/user/get-by-token')[0].headers.Authorization).toBe('Bearer token-2');
  });
});

describe("a returning user's start-up", () => {
  it('asks for the user and the manifest at once; the manifest query takes that answer, once', async () => {
    const { calls } = fakeApi(signedInRoutes());
    signIn();
    startStoredSession();
    await waitFor(() => expect(requested(calls, '/system/remote/manifest')).toHaveLength(1));
    expect(requested(calls, '/user/get-by-token')).toHaveLength(1);
    expect(requested(calls, '/system/remote/manifest')[0].headers.Authorization).toBe('Bearer token-1');

    await expect(takeSessionCheck()).resolves.toEqual(adminUser);
    await expect(fetchManifest()).resolves.toEqual(manifest);
    expect(requested(calls, '/user/get-by-token')).toHaveLength(1);
    expect(requested(calls, '/system/remote/manifest')).toHaveLength(1);

    // afterwards, each asks the API again
    await fetchManifest();
    await takeSessionCheck();
    expect(requested(calls, '/system/remote/manifest')).toHaveLength(2);
    expect(requested(calls, '/user/get-by-token')).toHaveLength(2);
  });

  it("does not use the start-up's manifest for another session", async () => {
    const { calls } = fakeApi(signedInRoutes());
    signIn();
    startStoredSession();
    useSession.setState({ accessToken: 'token-2' });
    await fetchManifest();
    const manifestCalls = requested(calls, '/system/remote/manifest');
    expect(manifestCalls).toHaveLength(2);
    expect(manifestCalls[1].headers.Authorization).toBe('Bearer token-2');
  });

  it("asks for the dashboard's lists when the signed-in part is there, before anything renders; a shell page without lists asks for none", async () => {
    const routes = {
      ...signedInRoutes(),
      'GET /notifications': ok({ rows: [], total_rows: 0, total_pages: 0, unread_rows: 0 }),
      'GET /learning/class-schedule': ok({ rows: [], total_rows: 0, total_pages: 0 }),
    };
    const { calls } = fakeApi(routes);
    signIn();
    window.history.replaceState(null, '', '/crafted/account');
    (await loadSignedInPart()).prefetchOpeningPage();
    expect(calls.filter((c) => c.url !== '/user/get-by-token' && c.url !== '/system/remote/manifest')).toHaveLength(0);

    queryClient.clear();
    window.history.replaceState(null, '', '/dashboard');
    loadSignedInPartWithSession();
    await waitFor(() => expect(requested(calls, '/learning/class-schedule')).toHaveLength(1));
    const dashboardList = requested(calls, '/notifications');
    expect(dashboardList).toHaveLength(1);
    expect(dashboardList[0].params).toMatchObject({ user_id: adminUser.id, type: 0, limit: 5, page: 1 });
    queryClient.clear();
  });

  it('asks nothing without a stored session', async () => {
    const { calls } = fakeApi(signedInRoutes());
    startStoredSession();
    await expect(takeSessionCheck()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('the manifest', () => {
  it('starts downloading the area of the page being opened as soon as it arrives', async () => {
    fakeApi(signedInRoutes());
    signIn();
    window.history.replaceState(null, '', '/assets/teachers?page=2');
    await fetchManifest();
    // (after the federation runtime's own download)
    await waitFor(() => expect(mockedLoadRemote).toHaveBeenCalledWith('users/Area'));
  });

  it('downloads no area for a page of the shell', async () => {
    fakeApi(signedInRoutes());
    signIn();
    window.history.replaceState(null, '', '/dashboard');
    await fetchManifest();
    // (time for the federation runtime's download, had an area's been started)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});
