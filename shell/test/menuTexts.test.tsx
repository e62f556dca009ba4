jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));

import { screen, within } from '@testing-library/react';
import { setLanguage } from '@trungtam/shared/i18n';
import { fakeApi } from '@trungtam/shared/testing';
import { emptyDashboardLists, manifest, renderApp, resetSession, signIn, signedInRoutes, usersArea } from './utils';

beforeEach(() => resetSession());
afterEach(async () => {
  await setLanguage('en');
});

it("shows the menu's entries and sections in the chosen language, with the titles the manifest brings (the route registry's)", async () => {
  await setLanguage('vi');
  signIn();
  const texts = { vi: { menu: { teachers: 'Giáo viên', section: { assets: 'Tài sản' } } }, de: { menu: { teachers: 'Lehrkräfte' } } };
  fakeApi({ ...signedInRoutes({ ...manifest, areas: [{ ...usersArea, texts }] }), ...emptyDashboardLists() });
  renderApp('/dashboard');
  const link = await screen.findByRole('link', { name: 'Giáo viên', hidden: true }, { timeout: 10_000 });
  const nav = link.closest('nav') as HTMLElement;
  expect(within(nav).getByText('Tài sản')).toBeInTheDocument();
  await setLanguage('de');
  expect(await within(nav).findByRole('link', { name: 'Lehrkräfte', hidden: true })).toBeInTheDocument();
});

it('falls back on the English labels of a manifest without translations', async () => {
  // (a language the test above gave no titles: the i18n instance is the module's, one for the file)
  await setLanguage('ja');
  signIn();
  fakeApi({ ...signedInRoutes(), ...emptyDashboardLists() });
  renderApp('/dashboard');
  const link = await screen.findByRole('link', { name: 'Teachers', hidden: true }, { timeout: 10_000 });
  expect(within(link.closest('nav') as HTMLElement).getByText('Assets')).toBeInTheDocument();
});
