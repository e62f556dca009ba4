// A test file of its own: the manifest module's start-up listener is registered once, when it loads.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));
jest.mock('../src/remotes/areaDependencies', () => ({ preloadAreaDependencies: jest.fn(), preloadDeferredUiWhenSettled: jest.fn() }));

import { waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { startStoredSession } from '../src/startup/sessionStart';
import { preloadAreaDependencies } from '../src/remotes/areaDependencies';
import '../src/remotes/manifest';
import { fakeApi } from '@trungtam/shared/testing';
import { resetSession, signIn, signedInRoutes, usersArea } from './utils';

it("starts a returning user's area download, with what every area uses, when the start-up's manifest answers, before any query runs", async () => {
  resetSession();
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => null });
  fakeApi(signedInRoutes());
  signIn();
  window.history.replaceState(null, '', '/assets/teachers');
  startStoredSession();
  await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('users/Area'));
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'users', entry: usersArea.entry }], { force: false });
  // the resource kit, the permission helpers and the kit's deferred components, beside the area's code
  expect(preloadAreaDependencies).toHaveBeenCalled();
});
