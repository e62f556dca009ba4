// A signed-in page is not drawn again for what does not change it: the menu's manifest arriving after the
// dashboard is shown updates the side menu, not the dashboard's cards.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));
jest.mock('../src/features/dashboard/DashboardPage', () => {
  const actual = jest.requireActual('../src/features/dashboard/DashboardPage');
  const renders = { count: 0 };
  return {
    ...actual,
    renders,
    DashboardPage: () => {
      renders.count += 1;
      return actual.DashboardPage();
    },
  };
});

import { screen } from '@testing-library/react';
import { SCHEDULE_TEXTS } from '../src/features/dashboard/ScheduleRow';
import { fakeApi } from '@trungtam/shared/testing';
import { emptyDashboardLists, renderApp, resetSession, signIn, signedInRoutes } from './utils';

const { renders } = jest.requireMock('../src/features/dashboard/DashboardPage') as { renders: { count: number } };

beforeEach(() => {
  resetSession();
  signIn();
});

it('does not draw the dashboard again when the manifest arrives after it', async () => {
  const http = fakeApi({
    ...signedInRoutes(),
    ...emptyDashboardLists(),
  });
  // the manifest answers only when the test lets it
  const release = http.hold('GET /system/remote/manifest');
  renderApp('/dashboard');
  await screen.findByText(SCHEDULE_TEXTS.empty);
  const shown = renders.count;
  release();
  // the area's entry appears in the side menu
  // (jsdom applies the small-screen style, where the side menu is hidden behind the drawer)
  await screen.findByRole('link', { name: 'Teachers', hidden: true });
  expect(renders.count).toBe(shown);
});
