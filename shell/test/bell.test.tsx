import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@trungtam/shared/contracts/notifications';
import { BELL_POLL_MS } from '../src/features/notifications/api';
import { fakeApi, ok, type FakeReply } from '@trungtam/shared/testing';
import { renderApp, resetSession, signIn, signedInRoutes } from './utils';

const item = (id: number, isRead: 1 | 2): Notification => ({
  notification_id: id,
  user_id: 1,
  name: `Thông báo ${id}`,
  message: `Nội dung ${id}`,
  is_read: isRead,
  created_at: '2026-11-20T03:00:00.000Z',
});

function bellReply(rows: Notification[], unread: number): FakeReply {
  return ok({ rows, total_rows: rows.length, total_pages: rows.length ? 1 : 0, unread_rows: unread });
}

function setup(rows: Notification[], unread: number) {
  const { calls } = fakeApi({
    ...signedInRoutes(),
    'GET /learning/class-schedule': ok({ rows: [], total_rows: 0, total_pages: 0 }),
    'GET /notifications': bellReply(rows, unread),
    'PUT /notifications/1/read-all': ok({ result: true, updated: unread }),
  });
  renderApp('/dashboard');
  return calls;
}

const badge = () => screen.getByTestId('notification-count');
const bell = () => screen.getByRole('button', { name: 'Notifications' });

beforeEach(() => {
  resetSession();
  signIn();
});

describe('notification bell', () => {
  it('empty: no badge (the bell still says 0 unread), the dropdown says so, no see-more link', async () => {
    setup([], 0);
    await waitFor(() => expect(bell()).toHaveAttribute('title', expect.stringMatching(/0/)));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    await userEvent.click(bell());
    const dropdown = await screen.findByTestId('notification-dropdown');
    expect(within(dropdown).getByText('Chưa có thông báo')).toBeInTheDocument();
    expect(within(dropdown).queryByRole('link', { name: 'See more' })).toBeNull();
  });

  it('1–3: lists them all, unread ones bold, no see-more link; the click marks all read and zeroes the badge', async () => {
    const calls = setup([item(3, 2), item(2, 2), item(1, 1)], 2);
    await waitFor(() => expect(badge()).toHaveTextContent(/^2$/));
    const bellCall = calls.find((c) => c.url === '/notifications' && (c.params as { type?: number }).type === 2);
    expect(bellCall?.params).toMatchObject({ limit: 10, page: 1, sort_column: 'notification_id', sort_type: 'DESC', user_id: 1 });

    await userEvent.click(bell());
    const dropdown = await screen.findByTestId('notification-dropdown');
    const items = within(dropdown).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Thông báo 3', 'Thông báo 2', 'Thông báo 1']);
    expect(items.map((li) => li.hasAttribute('data-unread'))).toEqual([true, true, false]);
    expect(within(dropdown).queryByRole('link', { name: 'See more' })).toBeNull();

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.url).toBe('/notifications/1/read-all');
    // read: the badge goes away rather than showing a dark 0
    await waitFor(() => expect(screen.queryByTestId('notification-count')).toBeNull());
  });

  it('more than 3: shows the latest 3 and a see-more link to /notifications', async () => {
    setup([item(5, 2), item(4, 1), item(3, 1), item(2, 1), item(1, 1)], 1);
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));
    await userEvent.click(bell());
    const dropdown = await screen.findByTestId('notification-dropdown');
    expect(within(dropdown).getAllByRole('listitem')).toHaveLength(3);
    const more = within(dropdown).getByRole('link', { name: 'See more' });
    expect(more).toHaveAttribute('href', '/notifications');
    await userEvent.click(more);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/notifications'));
  });
});

describe('notification bell polling', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('keeps the count current without a reload (polls its list)', async () => {
    let unread = 1;
    fakeApi({
      ...signedInRoutes(),
      'GET /learning/class-schedule': ok({ rows: [], total_rows: 0, total_pages: 0 }),
      'GET /notifications': () => bellReply([item(1, 2)], unread),
    });
    renderApp('/dashboard');
    await waitFor(() => expect(badge()).toHaveTextContent(/^1$/));
    unread = 3;
    await act(() => jest.advanceTimersByTimeAsync(BELL_POLL_MS));
    await waitFor(() => expect(badge()).toHaveTextContent(/^3$/));
  });
});
