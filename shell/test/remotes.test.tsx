jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { useSession } from '@trungtam/shared/session';
import type { AreaProps } from '@trungtam/shared/contracts';
import { UiProvider } from '@trungtam/shared/ui/core';
import { remoteLoader } from '../src/remotes/federation';
import { createRemoteLoader, RemoteLoadError, type FederationRuntime } from '../src/remotes/loader';
import { RemoteArea } from '../src/remotes/RemoteArea';
import { LOAD_FAILURE, remoteErrorPlugin } from '../src/remotes/runtime-plugin';
import { PROVIDED_SHARED } from '../src/remotes/providedShared';
import { usersArea } from './utils';

const mockedLoadRemote = loadRemote as jest.Mock;
// the frame's texts, in English (the default language)
const REMOTE_FAILED_TITLE = 'This feature could not be loaded';
const REMOTE_RETRY_LABEL = 'Retry';

function TeachersArea({ path }: AreaProps) {
  return <h2>Giáo viên ({path})</h2>;
}

function fakeRuntime() {
  return { registerRemotes: jest.fn(), loadRemote: jest.fn() } satisfies FederationRuntime;
}

describe('remote loader', () => {
  it('registers areas without loading them, and re-points a remote whose entry changed', () => {
    const runtime = fakeRuntime();
    const loader = createRemoteLoader(runtime);
    loader.register([usersArea]);
    loader.register([usersArea]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'users', entry: usersArea.entry }], { force: false });
    loader.register([{ ...usersArea, entry: 'http://cdn/users/0.2.0/mf-manifest.json' }]);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'users', entry: 'http://cdn/users/0.2.0/mf-manifest.json' }],
      { force: true },
    );
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('loads `${name}/Area` once and caches it per remote', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockResolvedValue({ default: TeachersArea });
    const loader = createRemoteLoader(runtime);
    loader.register([usersArea]);
    await expect(loader.load('users')).resolves.toBe(TeachersArea);
    await expect(loader.load('users')).resolves.toBe(TeachersArea);
    expect(loader.lazyArea('users')).toBe(loader.lazyArea('users'));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('users/Area');
  });

  it('retries twice with backoff, then fails; a later load starts over', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-003 connection refused'));
    const loader = createRemoteLoader(runtime, { retries: 2, retryDelayMs: 5 });
    loader.register([usersArea]);
    const started = Date.now();
    await expect(loader.load('users')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(14); // 5 + 10 ms of backoff

    runtime.loadRemote.mockResolvedValueOnce({ default: TeachersArea });
    await expect(loader.load('users')).resolves.toBe(TeachersArea);
  });

  it('forgets the lazy component of a failed load, so that opening the route again tries again', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-003 connection refused'));
    const loader = createRemoteLoader(runtime, { retries: 0 });
    loader.register([usersArea]);
    const failed = loader.lazyArea('users');
    await expect(loader.load('users')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(loader.lazyArea('users')).not.toBe(failed);
  });

  it('recovers when a retry succeeds', async () => {
    const runtime = fakeRuntime();
    runtime.loadRemote.mockRejectedValueOnce(new Error('flaky')).mockResolvedValueOnce({ default: TeachersArea });
    const loader = createRemoteLoader(runtime, { retryDelayMs: 1 });
    loader.register([usersArea]);
    await expect(loader.load('users')).resolves.toBe(TeachersArea);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
  });

  it('treats the runtime plugin’s failure answer and a module without default as failures', async () => {
    const runtime = fakeRuntime();
    const plugin = remoteErrorPlugin();
    const failure = await plugin.errorLoadRemote!({
      id: 'users/Area',
      error: new Error('down'),
      lifecycle: 'onLoad',
      from: 'runtime',
      origin: {} as never,
    } as never);
    expect(failure).toMatchObject({ [LOAD_FAILURE]: true });
    runtime.loadRemote.mockResolvedValueOnce(failure).mockResolvedValueOnce({}).mockResolvedValueOnce(null);
    const loader = createRemoteLoader(runtime, { retryDelayMs: 1 });
    loader.register([usersArea]);
    await expect(loader.load('users')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  it("loads a remote's scripts with CORS, so that the page sees the errors its code throws", () => {
    const plugin = remoteErrorPlugin();
    const script = plugin.createScript!({ url: 'http://localhost:3001/static/js/async/users.js', attrs: { fetchpriority: 'high', type: 'text/javascript' } }) as HTMLScriptElement;
    expect(script).toBeInstanceOf(HTMLScriptElement);
    expect(script.crossOrigin).toBe('anonymous');
    expect(script.src).toBe('http://localhost:3001/static/js/async/users.js');
    expect(script.getAttribute('fetchpriority')).toBe('high');
  });

  it('lets earlier lifecycles fall through to onLoad', () => {
    const plugin = remoteErrorPlugin();
    expect(plugin.errorLoadRemote!({ id: 'x', error: new Error('x'), lifecycle: 'afterResolve', from: 'runtime', origin: {} as never } as never)).toBeUndefined();
  });

  it('refuses a remote that is not in the manifest', async () => {
    const runtime = fakeRuntime();
    const loader = createRemoteLoader(runtime, { retryDelayMs: 1 });
    await expect(loader.load('ghost')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});

describe('RemoteArea with the Module Federation runtime', () => {
  beforeEach(() => {
    mockedLoadRemote.mockReset();
    remoteLoader.register([usersArea]);
    remoteLoader.reset('users');
  });

  it('starts the runtime with the first area to load: its error plugin, the shell\'s copy of every shared module, the areas registered before', async () => {
    expect(init).not.toHaveBeenCalled();
    expect(registerRemotes).not.toHaveBeenCalled();
    mockedLoadRemote.mockResolvedValue({ default: TeachersArea });
    const manifestAnswer = Promise.resolve({ ok: true } as Response);
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockReturnValue(manifestAnswer);
    await remoteLoader.load('users');
    // the area's manifest, fetched beside the runtime's download, is handed to the runtime once
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledWith(usersArea.entry);
    fetchSpy.mockRestore();

    expect(init).toHaveBeenCalledTimes(1);
    const options = (init as jest.Mock).mock.calls[0][0];
    expect(options).toMatchObject({ name: 'shell', shareStrategy: 'loaded-first' });
    expect(options.plugins).toEqual([expect.objectContaining({ name: 'trungtam-remote-error' }), expect.objectContaining({ name: 'trungtam-manifests-ahead' })]);
    const manifestsAhead = options.plugins[1];
    expect(manifestsAhead.fetch(usersArea.entry, {})).toBe(manifestAnswer);
    expect(manifestsAhead.fetch(usersArea.entry, {})).toBeUndefined();
    expect(Object.keys(options.shared).sort()).toEqual(Object.keys(PROVIDED_SHARED).sort());
    for (const shared of Object.values(options.shared)) {
      expect(shared).toMatchObject({ loaded: true, shareConfig: { singleton: true, requiredVersion: false } });
    }
    const sessionFactory = await options.shared['@trungtam/shared/session'].get();
    expect(sessionFactory().useSession).toBe(useSession);
    // the remotes' builds read the runtime core from the page
    expect((globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE).toBeDefined();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'users', entry: usersArea.entry }], { force: false });
    expect(mockedLoadRemote).toHaveBeenCalledWith('users/Area');

    // once started, a registration goes to the runtime at once, and the runtime is not started again
    remoteLoader.register([{ ...usersArea, entry: 'http://cdn/users/0.2.0/mf-manifest.json' }]);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'users', entry: 'http://cdn/users/0.2.0/mf-manifest.json' }], { force: true });
    remoteLoader.register([usersArea]);
    const laterFetch = jest.spyOn(globalThis, 'fetch');
    await remoteLoader.load('users');
    expect(init).toHaveBeenCalledTimes(1);
    // (the runtime fetches the manifests of the areas loaded after it started)
    expect(laterFetch).not.toHaveBeenCalled();
    laterFetch.mockRestore();
  });

  it('shows the area once loaded, passing the route path', async () => {
    mockedLoadRemote.mockResolvedValue({ default: TeachersArea });
    render(
      <UiProvider>
        <RemoteArea area={usersArea} path="/assets/teachers" />
      </UiProvider>,
    );
    expect(screen.getByText('Loading this feature…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Giáo viên (/assets/teachers)' })).toBeInTheDocument();
  });

  it('retries, then shows the message with a working retry button', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockedLoadRemote.mockRejectedValue(new Error('Failed to fetch http://localhost:3001/mf-manifest.json'));
    render(
      <UiProvider>
        <p>Menu vẫn hoạt động</p>
        <RemoteArea area={usersArea} path="/assets/teachers" />
      </UiProvider>,
    );
    expect(await screen.findByText(REMOTE_FAILED_TITLE, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Menu vẫn hoạt động')).toBeInTheDocument();

    mockedLoadRemote.mockReset();
    mockedLoadRemote.mockResolvedValue({ default: TeachersArea });
    await userEvent.click(screen.getByRole('button', { name: REMOTE_RETRY_LABEL }));
    expect(await screen.findByRole('heading', { name: 'Giáo viên (/assets/teachers)' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(REMOTE_FAILED_TITLE)).not.toBeInTheDocument());
    warn.mockRestore();
    error.mockRestore();
  });

  it('catches an area that throws while rendering', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('bad build');
    }
    mockedLoadRemote.mockResolvedValue({ default: Broken });
    render(
      <UiProvider>
        <RemoteArea area={usersArea} path="/assets/teachers" />
      </UiProvider>,
    );
    expect(await screen.findByRole('button', { name: REMOTE_RETRY_LABEL })).toBeInTheDocument();
    error.mockRestore();
    warn.mockRestore();
  });
});
