jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  init: jest.fn(),
  loadRemote: jest.fn(),
}));

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { AreaProps } from '@trungtam/shared/contracts';
import { useSession } from '@trungtam/shared/session';
import { fakeApi, ok, reply } from '@trungtam/shared/testing';
import { renderApp, resetSession, signIn, signedInRoutes } from './utils';

const mockedLoadRemote = loadRemote as jest.Mock;

const where = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  resetSession();
  mockedLoadRemote.mockReset();
});

describe("the portal's redirects", () => {
  it('sends a logged-out user to /auth/login', async () => {
    fakeApi({});
    renderApp('/dashboard');
    await waitFor(() => expect(where()).toBe('/auth/login'));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('sends / to /dashboard for a logged-in user', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/');
    await waitFor(() => expect(where()).toBe('/dashboard'));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Lịch học trong tuần này' })).toBeInTheDocument());
  });

  it('sends a logged-in user away from /auth to /dashboard', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/auth/login');
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('sends /auth and unknown auth paths to /auth/login', async () => {
    fakeApi({});
    renderApp('/auth/nothing-here');
    await waitFor(() => expect(where()).toBe('/auth/login'));
    resetSession();
  });

  it('sends /auth to /auth/login', async () => {
    fakeApi({});
    renderApp('/auth');
    await waitFor(() => expect(where()).toBe('/auth/login'));
  });

  it('sends an unknown path to /error/404', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/no/such/page');
    await waitFor(() => expect(where()).toBe('/error/404'));
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
  });

  it('sends a forbidden route (denied in the manifest) to /dashboard', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/settings/roles');
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('sends /error to /error/404 and shows /error/500', async () => {
    fakeApi({});
    renderApp('/error');
    await waitFor(() => expect(where()).toBe('/error/404'));
  });

  it('shows the System Error page', async () => {
    fakeApi({});
    renderApp('/error/500');
    expect(await screen.findByRole('heading', { name: 'System Error' })).toBeInTheDocument();
  });

  it('returns to where the user was going after sign-in', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    fakeApi({
      ...signedInRoutes(),
      'POST /auth/login': ok({ auth: { accessToken: 'token-9', expiresIn: 3600 } }),
    });
    renderApp('/crafted/account');
    await waitFor(() => expect(where()).toBe('/auth/login'));
    await user.type(screen.getByLabelText('Email'), 'admin@trungtam.vn');
    await user.type(screen.getByLabelText('Password'), 'matkhau123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    jest.useRealTimers();
    await waitFor(() => expect(where()).toBe('/crafted/account'));
    expect(await screen.findByRole('heading', { name: 'Account overview' })).toBeInTheDocument();
    expect(useSession.getState().accessToken).toBe('token-9');
  });

  it('/logout ends the session on the API with its token, forgets it here and shows the sign-in page', async () => {
    signIn();
    const { calls } = fakeApi({ ...signedInRoutes(), 'POST /auth/logout': ok({ result: true }) });
    renderApp('/logout');
    await waitFor(() => expect(where()).toBe('/auth/login'));
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
    const logouts = calls.filter((call) => call.url === '/auth/logout');
    expect(logouts).toHaveLength(1);
    // a JSON body ({}): the API refuses a POST whose content type is not JSON (415)
    expect(logouts[0]).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer token-1', 'Content-Type': 'application/json' }, body: {} });
  });

  it('/logout still signs out here when the API cannot be reached', async () => {
    signIn();
    fakeApi({ ...signedInRoutes(), 'POST /auth/logout': reply(503, {}) });
    renderApp('/logout');
    await waitFor(() => expect(where()).toBe('/auth/login'));
    expect(useSession.getState()).toMatchObject({ user: null, accessToken: null });
  });
});

describe('signed-in layout', () => {
  it('builds the side menu from the manifest, Dashboard first, and shows the breadcrumb of a remote route', async () => {
    function TeachersArea({ path }: AreaProps) {
      return <p>Teachers area at {path}</p>;
    }
    mockedLoadRemote.mockResolvedValue({ default: TeachersArea });
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/assets/teachers');

    expect(await screen.findByText('Teachers area at /assets/teachers')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('users/Area');
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'users', entry: 'http://localhost:3001/mf-manifest.json' }],
      expect.anything(),
    );

    // the desktop side menu (jsdom applies the small-screen style, where it is hidden behind the drawer)
    const nav = screen.getAllByRole('navigation', { name: 'Main menu', hidden: true })[0];
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((l) => l.textContent)).toEqual(['Dashboard', 'Teachers']);
    expect(within(nav).getByRole('link', { name: 'Teachers', hidden: true })).toHaveClass('active');
    expect(within(nav).getByText('Assets')).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Teachers')).toBeInTheDocument();
  });

  it('does not load any remote on the dashboard, and shows no breadcrumb there', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Teachers', hidden: true })).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    const wideWidth = window.innerWidth;
    beforeEach(() => void (window.innerWidth = 390));
    afterEach(() => void (window.innerWidth = wideWidth));

    it('opens the side menu as a drawer', async () => {
      signIn();
      fakeApi(signedInRoutes());
      renderApp('/dashboard');
      await userEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
      const drawer = await screen.findByRole('dialog');
      expect(await within(drawer).findByRole('link', { name: 'Teachers' })).toBeInTheDocument();
      expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveClass('active');
    });

    it('renders no side menu beside the content: its one menu is the drawer', async () => {
      signIn();
      fakeApi(signedInRoutes());
      renderApp('/dashboard');
      expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('button', { name: 'Toggle menu' })).not.toHaveAttribute('aria-controls');
      await userEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
      const drawer = await screen.findByRole('dialog');
      await within(drawer).findByRole('link', { name: 'Teachers' });
      expect(screen.getAllByRole('navigation', { hidden: true })).toHaveLength(1);
      expect(screen.getAllByRole('link', { name: 'Teachers', hidden: true })).toEqual([within(drawer).getByRole('link', { name: 'Teachers' })]);
    });
  });

  it('shows the side menu beside the content on a wide screen', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/dashboard');
    // (jsdom applies no media query: the side menu's small-screen style, display none, hides it from roles)
    const menu = await screen.findByRole('navigation', { hidden: true });
    expect(await within(menu).findByRole('link', { name: 'Teachers', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-controls', menu.closest('aside')?.id);
  });

  it('has a header with the menu toggle, the bell and the account menu', async () => {
    signIn();
    fakeApi(signedInRoutes());
    renderApp('/dashboard');
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByText('admin@trungtam.vn')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });
});
