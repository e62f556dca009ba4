import { api, apiErrorOf, configureApi, DEFAULT_API_URL, unwrap } from '../src/api';
import { SESSION_STORAGE_KEY, useSession } from '../src/session';
import type { User } from '../src/contracts';
import { fakeApi, ok, reply } from '../src/testing';

const user: User = {
  id: 7,
  name: 'Nguyễn Văn A',
  email: 'giaovu@trungtam.vn',
  phone_number: null,
  status: 1,
  type: 'academic_affair',
  center_id: null,
  roles: [],
  last_time_login: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

beforeEach(() => {
  localStorage.clear();
  useSession.setState({ user: null, accessToken: null });
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('session store', () => {
  it('signIn stores the token, fetches the user with it and persists both under one key', async () => {
    const { calls } = fakeApi({ 'GET /user/get-by-token': ok(user) });

    await expect(useSession.getState().signIn('token-1')).resolves.toEqual(user);

    expect(calls[0].headers.Authorization).toBe('Bearer token-1');
    expect(useSession.getState()).toMatchObject({ user, accessToken: 'token-1' });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(SESSION_STORAGE_KEY).toBe('trungtam-auth');
    expect(Object.keys(stored.state).sort()).toEqual(['accessToken', 'user']);
    expect(stored.state).toEqual({ user, accessToken: 'token-1' });
  });

  it('signOut clears everything, in memory and in storage', async () => {
    useSession.setState({ user, accessToken: 'token-1' });
    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state).toEqual({
      user: null,
      accessToken: null,
    });
  });

  it('a failed user fetch during sign-in leaves the session signed out', async () => {
    fakeApi({ 'GET /user/get-by-token': reply(500, {}) });
    await expect(useSession.getState().signIn('token-1')).rejects.toThrow();
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
  });

  it('restore signs out without a token, and when the stored token is refused', async () => {
    await expect(useSession.getState().restore()).resolves.toBeNull();

    useSession.setState({ user, accessToken: 'expired' });
    fakeApi({
      'GET /user/get-by-token': reply(401, { error: { code: 'UNAUTHENTICATED', message: 'x' } }),
    });
    await expect(useSession.getState().restore()).resolves.toBeNull();
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
  });

  it('restore refreshes the user when the stored token is still good', async () => {
    useSession.setState({ user: { ...user, name: 'old' }, accessToken: 'token-1' });
    fakeApi({ 'GET /user/get-by-token': ok(user) });
    await expect(useSession.getState().restore()).resolves.toEqual(user);
    expect(useSession.getState().user?.name).toBe(user.name);
  });

  it('a 401 on any call but login signs the user out', async () => {
    useSession.setState({ user, accessToken: 'token-1' });
    fakeApi({
      'GET /user/list': reply(401, { error: { code: 'UNAUTHENTICATED', message: 'expired' } }),
    });
    await expect(api.get('/user/list')).rejects.toThrow();
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
  });

  it('a 401 on login (wrong credentials) does not touch the session', async () => {
    useSession.setState({ user, accessToken: 'token-1' });
    fakeApi({
      'POST /auth/login': reply(401, { error: { code: 'UNAUTHENTICATED', message: 'bad' } }),
    });
    await expect(api.post('/auth/login', {})).rejects.toThrow();
    expect(useSession.getState().accessToken).toBe('token-1');
  });
});

describe('api client', () => {
  it('configureApi sets the base URL, empty keeps the default', () => {
    configureApi({ baseURL: 'https://api.example.vn/api/v1/' });
    expect(api.defaults.baseURL).toBe('https://api.example.vn/api/v1');
    configureApi({ baseURL: '' });
    expect(api.defaults.baseURL).toBe(DEFAULT_API_URL);
  });

  it('sends no Authorization header when signed out', async () => {
    const { calls } = fakeApi({ 'GET /ping': ok(1) });
    await expect(unwrap(api.get('/ping'))).resolves.toBe(1);
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('apiErrorOf reads the error body, null for anything else', async () => {
    fakeApi({
      'POST /x': reply(409, { error: { code: 'CONFLICT', message: 'exists' } }),
    });
    const error = await api.post('/x').catch((e: unknown) => e);
    expect(apiErrorOf(error)).toEqual({ code: 'CONFLICT', message: 'exists' });
    expect(apiErrorOf(new Error('boom'))).toBeNull();
  });
});
