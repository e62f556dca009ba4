/**
 * The saved views above a list: the button names the view the address matches; its dialog lists the user's
 * views and those shared with their role, applies one (the address takes its filters and sort, on page 1),
 * saves the current filters and sort under a name (shared with a role only for those who may read the
 * roles), refuses a missing or taken name on the field, renames one's own or saves it again with the
 * current filters and sort, and deletes one's own after a confirmation; a view shared by another is read-only.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SAVED_VIEW_TEXT, type SavedView } from '@trungtam/shared/contracts';
import { useLocation } from '@trungtam/shared/router';
import { SavedViewsButton } from '../src/resource';
import { fakeApi, reply, renderWithProviders, signInAsDemo, type FakeApi } from '../src/testing';

const view = (over: Partial<SavedView>): SavedView => ({
  id: 1,
  list_key: '/assets/students',
  name: 'Học viên Hà Nội chưa có lớp',
  query: 'search=H%C3%A0+N%E1%BB%99i&no_guardian=1',
  shared_role_id: null,
  shared_role_name: null,
  owner_id: 1,
  owner_name: 'Trần Thu Hà',
  mine: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

let views: SavedView[];
let http: FakeApi;
beforeEach(() => {
  views = [
    view({ id: 1, query: 'search=an&sort=name&order=ASC', name: 'Tên A→Z' }),
    view({ id: 2, name: 'Chưa đăng nhập', query: 'sort=last_time_login&order=ASC', mine: false, owner_id: 9, owner_name: 'Quản trị viên', shared_role_id: 2, shared_role_name: 'Giáo vụ' }),
  ];
  http = fakeApi({
    'GET /saved-view/list': () => views,
    'POST /saved-view/create': ({ body }) => {
      const sent = body as { name: string };
      if (views.some((v) => v.mine && v.name.toLowerCase() === sent.name.toLowerCase())) {
        return reply(409, { error: { code: 'CONFLICT', message: SAVED_VIEW_TEXT.nameTaken, fields: { name: SAVED_VIEW_TEXT.nameTaken } } });
      }
      const created = view({ id: 3, ...(body as Partial<SavedView>) });
      views = [...views, created];
      return reply(201, { data: created });
    },
    'PUT /saved-view/update': ({ body }) => {
      const sent = body as { id: number; name?: string; query?: string };
      if (sent.name !== undefined && views.some((v) => v.mine && v.id !== sent.id && v.name.toLowerCase() === sent.name!.toLowerCase())) {
        return reply(409, { error: { code: 'CONFLICT', message: SAVED_VIEW_TEXT.nameTaken, fields: { name: SAVED_VIEW_TEXT.nameTaken } } });
      }
      views = views.map((v) => (v.id === sent.id ? { ...v, ...(sent.name !== undefined ? { name: sent.name } : {}), ...(sent.query !== undefined ? { query: sent.query } : {}) } : v));
      return views.find((v) => v.id === sent.id);
    },
    'DELETE /saved-view/delete/1': () => {
      views = views.filter((v) => v.id !== 1);
      return { result: true };
    },
    'GET /system/role/list': () => ({ rows: [{ id: 2, name: 'Giáo vụ', guard_name: 'academic_affair', permissions: [] }], total_rows: 1, total_pages: 1 }),
  });
});
afterEach(() => jest.restoreAllMocks());

const renderAt = (route: string) =>
  renderWithProviders(
    <>
      <SavedViewsButton />
      <Location />
    </>,
    { route },
  );

describe('SavedViewsButton', () => {
  it("names the view the address matches (the page aside) and asks for the list's views by its route", async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students?search=an&sort=name&order=ASC&page=3');
    expect(await screen.findByRole('button', { name: 'Chế độ xem: Tên A→Z' })).toBeInTheDocument();
    expect(http.to('GET /saved-view/list')[0].params).toEqual({ list_key: '/assets/students' });
  });

  it("lists one's own views and those shared with one's role, and applies one to the address", async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students?search=cu&page=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    const mine = within(dialog).getByRole('region', { name: 'Của tôi' });
    const shared = within(dialog).getByRole('region', { name: 'Được chia sẻ với tôi' });
    expect(within(mine).getByRole('button', { name: 'Áp dụng chế độ xem Tên A→Z' })).toBeInTheDocument();
    expect(within(shared).getByText('Của Quản trị viên')).toBeInTheDocument();
    // a shared view cannot be deleted by a member
    expect(within(shared).queryByRole('button', { name: /^Xoá/ })).not.toBeInTheDocument();
    fireEvent.click(within(shared).getByRole('button', { name: 'Áp dụng chế độ xem Chưa đăng nhập' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\?sort=last_time_login&order=ASC$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Chế độ xem: Chưa đăng nhập' })).toBeInTheDocument();
  });

  it('saves the current filters and sort without the page; a giáo vụ shares with no role', async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students?source=tiktok&sort=created_at&order=DESC&page=4');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Chia sẻ với quyền')).not.toBeInTheDocument();
    // no name: the field says so and nothing is sent
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu chế độ xem' }));
    expect(await within(dialog).findByText(SAVED_VIEW_TEXT.nameRequired)).toBeInTheDocument();
    expect(http.to('POST /saved-view/create')).toHaveLength(0);
    // a name the user already has on this list: the API's refusal on the field
    fireEvent.change(within(dialog).getByLabelText(/Tên chế độ xem/), { target: { value: 'tên a→z' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu chế độ xem' }));
    expect(await within(dialog).findByText(SAVED_VIEW_TEXT.nameTaken)).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Tên chế độ xem/), { target: { value: '  TikTok mới nhất ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu chế độ xem' }));
    await waitFor(() => expect(http.to('POST /saved-view/create')).toHaveLength(2));
    expect(http.to('POST /saved-view/create')[1].body).toEqual({
      list_key: '/assets/students',
      name: 'TikTok mới nhất',
      query: 'source=tiktok&sort=created_at&order=DESC',
      shared_role_id: null,
    });
    expect(await within(dialog).findByRole('button', { name: 'Áp dụng chế độ xem TikTok mới nhất' })).toBeInTheDocument();
  });

  it('lets an administrator share a view with a role', async () => {
    signInAsDemo('administrator');
    renderAt('/assets/students?no_guardian=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    const share = within(dialog).getByLabelText('Chia sẻ với quyền');
    await within(dialog).findByRole('option', { name: 'Giáo vụ' });
    fireEvent.change(share, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Tên chế độ xem/), { target: { value: 'Chưa có phụ huynh' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu chế độ xem' }));
    await waitFor(() => expect(http.to('POST /saved-view/create')).toHaveLength(1));
    expect(http.to('POST /saved-view/create')[0].body).toMatchObject({ name: 'Chưa có phụ huynh', query: 'no_guardian=1', shared_role_id: 2 });
  });

  it("renames one's own view in place, with the name rules and the duplicate refusal of a save", async () => {
    views = [...views, view({ id: 4, name: 'Mới nhất', query: 'sort=created_at&order=DESC' })];
    signInAsDemo('academic_affair');
    renderAt('/assets/students');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Đổi tên chế độ xem Tên A→Z' }));
    const form = within(dialog).getByRole('form', { name: 'Đổi tên chế độ xem Tên A→Z' });
    const input = within(form).getByLabelText(/Tên mới/);
    expect(input).toHaveValue('Tên A→Z');
    // empty: the field says so and nothing is sent; another view's name (letter case aside): the API's refusal on the field
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lưu tên' }));
    expect(await within(form).findByText(SAVED_VIEW_TEXT.nameRequired)).toBeInTheDocument();
    expect(http.to('PUT /saved-view/update')).toHaveLength(0);
    fireEvent.change(input, { target: { value: 'MỚI NHẤT' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lưu tên' }));
    expect(await within(form).findByText(SAVED_VIEW_TEXT.nameTaken)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '  Học viên tên An ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lưu tên' }));
    await waitFor(() => expect(http.to('PUT /saved-view/update')).toHaveLength(2));
    // only the name is sent: the filters stay
    expect(http.to('PUT /saved-view/update')[1].body).toEqual({ id: 1, name: 'Học viên tên An' });
    expect(await within(dialog).findByRole('button', { name: 'Áp dụng chế độ xem Học viên tên An' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: /Đổi tên chế độ xem/ })).not.toBeInTheDocument();
  });

  it('ends a rename on Escape without closing the dialog or renaming; the next Escape closes the dialog', async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Đổi tên chế độ xem Tên A→Z' }));
    const input = within(within(dialog).getByRole('form', { name: 'Đổi tên chế độ xem Tên A→Z' })).getByLabelText(/Tên mới/);
    fireEvent.change(input, { target: { value: 'Tên khác' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(within(dialog).queryByRole('form', { name: /Đổi tên chế độ xem/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Áp dụng chế độ xem Tên A→Z' })).toBeInTheDocument();
    expect(http.to('PUT /saved-view/update')).toHaveLength(0);
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Áp dụng chế độ xem Tên A→Z' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("saves one's own view again with the list's current filters and sort (not the page), and offers it only when they differ", async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students?source=zalo&sort=name&order=DESC&page=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Lưu lại Tên A→Z với bộ lọc hiện tại' }));
    await waitFor(() => expect(http.to('PUT /saved-view/update')).toHaveLength(1));
    expect(http.to('PUT /saved-view/update')[0].body).toEqual({ id: 1, query: 'source=zalo&sort=name&order=DESC' });
    // saved: the view now is what the list shows, so there is nothing to save again
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Lưu lại Tên A→Z với bộ lọc hiện tại' })).toBeDisabled());
    // (behind the dialog) the list's button names the view the address now matches
    expect(await screen.findByRole('button', { name: 'Chế độ xem: Tên A→Z', hidden: true })).toBeInTheDocument();
  });

  it('offers no rename, save again or delete on a view shared by someone else', async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students?source=zalo');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const shared = within(await screen.findByRole('dialog')).getByRole('region', { name: 'Được chia sẻ với tôi' });
    expect(within(shared).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Áp dụng chế độ xem Chưa đăng nhập']);
  });

  it("deletes one's own view after a confirmation", async () => {
    signInAsDemo('academic_affair');
    renderAt('/assets/students');
    fireEvent.click(await screen.findByRole('button', { name: 'Chế độ xem' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xoá chế độ xem Tên A→Z' }));
    expect(http.to('DELETE /saved-view/delete/1')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(http.to('DELETE /saved-view/delete/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Áp dụng chế độ xem Tên A→Z' })).not.toBeInTheDocument());
  });
});
