// The kit's deferred components cannot be downloaded (the network dropped after the page loaded): the
// signed-in layout must not need any of them to show.
jest.mock('@chakra-ui/react/avatar', () => {
  throw new Error('the network is down');
});

import { screen } from '@testing-library/react';
import { fakeApi } from '@trungtam/shared/testing';
import { emptyDashboardLists, renderApp, resetSession, signIn, signedInRoutes } from './utils';

beforeEach(() => {
  resetSession();
  signIn();
});

describe('the signed-in layout', () => {
  it('shows the header with the user’s initials on the account button and the page, without the kit’s deferred components', async () => {
    fakeApi({
      ...signedInRoutes(),
      ...emptyDashboardLists(),
    });
    renderApp('/dashboard');
    const accountButton = await screen.findByRole('button', { name: 'Account menu' });
    // "Quản trị viên": the first letters of the first and last words
    expect(accountButton).toHaveTextContent(/^QV$/);
    expect((await screen.findAllByRole('heading', { level: 2 })).length).toBeGreaterThan(0);
  });
});
