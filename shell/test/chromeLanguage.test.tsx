// The frame's own texts (loading and failure states, the footer, the signed-out pages) follow the chosen
// language, English by default: with English chosen, none of them reads Vietnamese. (The product's
// screens, the dashboard's cards among them, read Vietnamese in every language: not checked here.)
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));

import { act, render, screen, within } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { LANGUAGE_NAMES, setLanguage } from '@trungtam/shared/i18n';
import { UiProvider } from '@trungtam/shared/ui/core';
import { PlainLoadFailed } from '../src/startup/plain';
import { RemoteArea } from '../src/remotes/RemoteArea';
import { fakeApi, reply } from '@trungtam/shared/testing';
import { emptyDashboardLists, renderApp, resetSession, signIn, signedInRoutes, usersArea } from './utils';

const mockedLoadRemote = loadRemote as jest.Mock;

/** Vietnamese's own letters (its diacritics), which no English text has. */
const VIETNAMESE_LETTER = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/i;

/** What an element reads, aside from the brand's name and the language picker's names (the same in every language). */
function chromeText(element: HTMLElement): string {
  return ['Trung tâm', ...Object.values(LANGUAGE_NAMES)].reduce((text, name) => text.replaceAll(name, ''), element.textContent ?? '');
}

function expectNoVietnamese(element: HTMLElement) {
  const text = chromeText(element);
  expect(text.trim()).not.toBe('');
  expect(text).not.toMatch(VIETNAMESE_LETTER);
}

afterEach(async () => {
  await act(() => setLanguage('en'));
  mockedLoadRemote.mockReset();
});

describe('with English chosen (the default)', () => {
  it("an area's loading state and its failure, retry button included, read English", async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let failDownload: (error: Error) => void = () => {};
    mockedLoadRemote.mockImplementation(() => new Promise((_, reject) => (failDownload = reject)));
    const { container } = render(
      <UiProvider>
        <RemoteArea area={usersArea} path="/assets/teachers" />
      </UiProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading this feature…');
    expectNoVietnamese(container);

    // (the loader tries three times before it gives up)
    mockedLoadRemote.mockRejectedValue(new Error('Failed to fetch'));
    await act(async () => failDownload(new Error('Failed to fetch')));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('This feature could not be loaded');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expectNoVietnamese(container);
    jest.restoreAllMocks();
  });

  it("a shell page's failed download reads English", () => {
    const { container } = render(<PlainLoadFailed onRetry={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expectNoVietnamese(container);
  });

  it('the terms page, with the sections the footer links to, reads English', async () => {
    resetSession();
    const { container } = renderApp('/auth/terms');
    expect(await screen.findByRole('heading', { name: 'Terms and Conditions' })).toBeInTheDocument();
    for (const section of ['About', 'Contact', 'News']) expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expectNoVietnamese(container);
  });

  it("the signed-in frame's header, menu and footer read English", async () => {
    resetSession();
    signIn();
    fakeApi({ ...signedInRoutes(), ...emptyDashboardLists() });
    renderApp('/dashboard');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('Education centre management system');
    expectNoVietnamese(footer);
    expectNoVietnamese(screen.getByRole('banner'));
    expectNoVietnamese(await screen.findByRole('navigation', { name: 'Main menu' }));
  });

  it("the failure of the list of features reads English", async () => {
    resetSession();
    signIn();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({
      ...signedInRoutes(),
      'GET /system/remote/manifest': reply(500, { error: { code: 'INTERNAL', message: 'down' } }),
    });
    renderApp('/somewhere/unknown');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The list of features could not be loaded. Please try again.');
    expectNoVietnamese(alert);
    jest.restoreAllMocks();
  });
});

it('with Vietnamese chosen, the same states read Vietnamese', async () => {
  await act(() => setLanguage('vi'));
  render(<PlainLoadFailed onRetry={() => {}} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Không tải được trang này');
  expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
});
