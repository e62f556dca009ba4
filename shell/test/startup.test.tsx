jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  loadRemote: jest.fn(),
}));

import { waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { useSession } from '@trungtam/shared/session';
import { hasStoredSession } from '../src/app/earlySignedInPart';
import { startStoredSession, takeSessionCheck } from '../src/app/startup';
import { fetchManifest } from '../src/remotes/manifest';
import { adminUser, manifest, mockApi, resetSession, signIn, signedInRoutes } from './utils';

const mockedLoadRemote = loadRemote as jest.MockedFunction<typeof loadRemote>;
const requested = (calls: ReturnType<typeof mockApi>, url: string) => calls.filter((call) => call.url === url);

beforeEach(() => {
  resetSession();
  mockedLoadRemote.mockReset();
  mockedLoadRemote.mockResolvedValue({ default: () => null });
  window.history.replaceState(null, '', '/');
});

describe('a stored session, as the entry reads it', () => {
  it('is seen in what the session store keeps, and no longer once signed out', () => {
    expect(hasStoredSession()).toBe(false);
    signIn();
    expect(hasStoredSession()).toBe(true);
    useSession.getState().signOut();
    expect(hasStoredSession()).toBe(false);
  });

  it('is not seen in unreadable storage', () => {
    expect(hasStoredSession({ getItem: () => '{not json' })).toBe(false);
    expect(hasStoredSession({ getItem: () => JSON.stringify({ state: { accessToken: 42 } }) })).toBe(false);
    expect(
      hasStoredSession({
        getItem: () => {
          throw new Error('storage disabled');
        },
      }),
    ).toBe(false);
  });
});

describe("a returning user's start-up", () => {
  it('asks for the user and the manifest at once; the manifest query takes that answer, once', async () => {
    const calls = mockApi(signedInRoutes());
    signIn();
    startStoredSession();
    await waitFor(() => expect(requested(calls, '/system/remote/manifest')).toHaveLength(1));
    expect(requested(calls, '/user/get-by-token')).toHaveLength(1);
    expect(requested(calls, '/system/remote/manifest')[0].auth).toBe('Bearer token-1');

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
    const calls = mockApi(signedInRoutes());
    signIn();
    startStoredSession();
    useSession.setState({ accessToken: 'token-2' });
    await fetchManifest();
    const manifestCalls = requested(calls, '/system/remote/manifest');
    expect(manifestCalls).toHaveLength(2);
    expect(manifestCalls[1].auth).toBe('Bearer token-2');
  });

  it('asks nothing without a stored session', async () => {
    const calls = mockApi(signedInRoutes());
    startStoredSession();
    await expect(takeSessionCheck()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });
});

describe('the manifest', () => {
  it('starts downloading the area of the page being opened as soon as it arrives', async () => {
    mockApi(signedInRoutes());
    signIn();
    window.history.replaceState(null, '', '/assets/teachers?page=2');
    await fetchManifest();
    expect(mockedLoadRemote).toHaveBeenCalledWith('users/Area');
  });

  it('downloads no area for a page of the shell', async () => {
    mockApi(signedInRoutes());
    signIn();
    window.history.replaceState(null, '', '/dashboard');
    await fetchManifest();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });
});
