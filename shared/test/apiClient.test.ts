/**
 * @jest-environment node
 */
/** The shared HTTP client over `fetch` (Node's fetch, Response and FormData: jsdom has no fetch). */
import { api, apiErrorOf, configureApi, fetchAdapter, refusalOf, setAuthBridge, statusOf, unwrap, urlOf } from '../src/api';

const BASE = 'https://api.trungtam.vn/api/v1';

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit]>;
let token: string | null;
let unauthorized: jest.Mock;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The one call made: its URL and what `fetch` was given. */
const sent = () => {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0];
  return { url, init, headers: init.headers as Record<string, string> };
};

const realFetch = globalThis.fetch;
afterAll(() => {
  globalThis.fetch = realFetch;
});

beforeEach(() => {
  fetchMock = jest.fn(async (_url: string, _init: RequestInit) => json(200, { data: null }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  api.defaults.adapter = fetchAdapter;
  configureApi({ baseURL: BASE });
  token = null;
  unauthorized = jest.fn();
  setAuthBridge({ getToken: () => token, onUnauthorized: unauthorized });
});

describe('query string', () => {
  it('skips undefined and null values and writes the others as text', async () => {
    await api.get('/user/list', { params: { limit: 20, page: 1, search: undefined, status: null, count_unread: true, type: 'teacher' } });
    expect(sent().url).toBe(`${BASE}/user/list?limit=20&page=1&count_unread=true&type=teacher`);
  });

  it('writes an array as key[] by default, and repeats the key with indexes: null', async () => {
    await api.get('/a', { params: { relationships: ['class', 'center'] } });
    await api.get('/b', { params: { relationships: ['class', null, 'center'], schedule_date: ['2026-03-02', '2026-03-08'] }, paramsSerializer: { indexes: null } });
    const [[first], [second]] = fetchMock.mock.calls;
    expect(new URL(first).search).toBe(`?${encodeURIComponent('relationships[]')}=class&${encodeURIComponent('relationships[]')}=center`);
    expect(new URL(first).searchParams.getAll('relationships[]')).toEqual(['class', 'center']);
    expect(new URL(second).search).toBe('?relationships=class&relationships=center&schedule_date=2026-03-02&schedule_date=2026-03-08');
  });

  it('sends URLSearchParams as they are, after a query the path already has', async () => {
    const params = new URLSearchParams({ limit: '10' });
    params.append('created_at', '2026-01-01');
    params.append('created_at', '2026-01-31');
    await api.get('/audit?kind=login', { params });
    expect(sent().url).toBe(`${BASE}/audit?kind=login&limit=10&created_at=2026-01-01&created_at=2026-01-31`);
  });

  it('joins base URL and path with one slash; an absolute URL is kept', () => {
    expect(urlOf({ baseURL: `${BASE}/`, url: '/ping' })).toBe(`${BASE}/ping`);
    expect(urlOf({ baseURL: BASE, url: 'ping' })).toBe(`${BASE}/ping`);
    expect(urlOf({ baseURL: BASE, url: 'https://elsewhere.vn/x', params: { a: 'b c' } })).toBe('https://elsewhere.vn/x?a=b+c');
  });
});

describe('requests', () => {
  it('asks for JSON and sends the bearer token when signed in, none when signed out', async () => {
    await api.get('/ping');
    expect(sent().headers).toEqual({ Accept: 'application/json' });

    fetchMock.mockClear();
    token = 'token-1';
    await api.get('/ping');
    expect(sent().headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-1' });
  });

  it('keeps a request’s own Authorization when signed out (logging out with the token just forgotten)', async () => {
    await api.post('/auth/logout', {}, { headers: { Authorization: 'Bearer old' } });
    expect(sent().headers.Authorization).toBe('Bearer old');
  });

  it('sends an object as JSON with its content type', async () => {
    await api.put('/learning/room/update', { room_id: 1, name: 'P.101' });
    const { init, headers } = sent();
    expect(init.method).toBe('PUT');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ room_id: 1, name: 'P.101' });
  });

  it('sends FormData untouched, leaving its multipart content type to fetch', async () => {
    const body = new FormData();
    body.append('competition_id', '3');
    await api.post('/competition/examinee/import', body, { headers: { 'Content-Type': 'application/json' } });
    const { init, headers } = sent();
    expect(init.body).toBe(body);
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('content-type');
  });

  it('sends no body and no content type for a POST without one', async () => {
    await api.post('/user/end-sessions/4');
    const { init, headers } = sent();
    expect(init.body).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
  });
});

describe('answers', () => {
  it('resolves to { data, status, headers } with lower-case header names', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { data: { id: 3 } }, { 'X-Request-Id': 'r1' }));
    const response = await api.post<{ data: { id: number } }>('/x', { a: 1 });
    expect(response.status).toBe(201);
    expect(response.data.data.id).toBe(3);
    expect(response.headers['x-request-id']).toBe('r1');
    fetchMock.mockResolvedValueOnce(json(200, { data: 7 }));
    await expect(unwrap(api.get('/y'))).resolves.toBe(7);
  });

  it('reads an empty body as an empty string and a body that is not JSON as text', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect((await api.delete('/x/1')).data).toBe('');
    fetchMock.mockResolvedValueOnce(new Response('<html>ok</html>', { status: 200 }));
    expect((await api.get('/x')).data).toBe('<html>ok</html>');
  });

  it('gives a blob and its Content-Disposition for responseType blob', async () => {
    fetchMock.mockResolvedValueOnce(new Response('xlsx bytes', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="rooms.xlsx"' } }));
    const response = await api.get<Blob>('/learning/room/export', { responseType: 'blob' });
    expect(response.data).toBeInstanceOf(Blob);
    expect(await response.data.text()).toBe('xlsx bytes');
    expect(response.headers['content-disposition']).toBe('attachment; filename="rooms.xlsx"');
  });
});

describe('failures', () => {
  it('rejects a non-2xx answer with its status and body, read by the helpers', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: { code: 'CONFLICT', message: 'Phòng đang có lớp học' } }));
    const error = await api.delete('/learning/room/delete/1').catch((e: unknown) => e);
    expect(error).toMatchObject({ isApiError: true, code: 'ERR_BAD_REQUEST', message: 'Request failed with status code 409', response: { status: 409 } });
    expect(statusOf(error)).toBe(409);
    expect(apiErrorOf(error)).toEqual({ code: 'CONFLICT', message: 'Phòng đang có lớp học' });
    expect(refusalOf(error, 'Có lỗi')).toBe('Phòng đang có lớp học');
  });

  it('a network failure rejects with status 0 and no API error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await api.get('/ping').catch((e: unknown) => e);
    expect(error).toMatchObject({ isApiError: true, code: 'ERR_NETWORK', response: undefined });
    expect(statusOf(error)).toBe(0);
    expect(apiErrorOf(error)).toBeNull();
    expect(refusalOf(error, 'Có lỗi')).toBe('Có lỗi');
  });

  it('a 401 ends the session, except on the login path (wrong credentials)', async () => {
    token = 'expired';
    fetchMock.mockImplementation(async () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }));
    await expect(api.get('/user/list')).rejects.toMatchObject({ response: { status: 401 } });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    await expect(api.post('/auth/login', { email: 'a', password: 'b' })).rejects.toMatchObject({ response: { status: 401 } });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('an abort rejects as canceled', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async (_url, init) => {
      controller.abort();
      init.signal?.throwIfAborted();
      return json(200, {});
    });
    await expect(api.get('/ping', { signal: controller.signal })).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(unauthorized).not.toHaveBeenCalled();
  });
});
