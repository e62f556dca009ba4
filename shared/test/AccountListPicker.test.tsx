/** Several accounts chosen from a search, and the names of accounts known only by id. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Formik } from 'formik';
import type { ReactNode } from 'react';
import type { User } from '../src/contracts';
import { AccountListPicker, useAccountNames, type ChosenAccount } from '../src/resource';
import { fakeApi, listOf, ok, reply, type FakeApi } from '../src/testing';
import { renderUi } from './render';

const user = (id: number, name: string, type: User['type'] = 'teacher'): User => ({
  id,
  name,
  email: `u${id}@trungtam.vn`,
  phone_number: null,
  status: 1,
  type,
  center_id: null,
  roles: [],
  last_time_login: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const PEOPLE = [user(5, 'Nguyễn Văn An'), user(6, 'Trần Thị Bình', 'student'), user(7, 'Lê Văn Cường')];

let http: FakeApi;
beforeEach(() => {
  http = fakeApi({
    'GET /user/list': ({ params }) => {
      const search = String(params.search ?? '').toLowerCase();
      return listOf(PEOPLE.filter((person) => person.name.toLowerCase().includes(search)));
    },
    'GET /user/show/5': ok(PEOPLE[0]),
    'GET /user/show/9': reply(404, { error: { code: 'NOT_FOUND', message: 'Không tìm thấy' } }),
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

function withQueries(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const TEXTS = {
  search: 'Tìm tài khoản',
  field: 'Tài khoản',
  placeholder: 'Chọn tài khoản',
  none: 'Không có tài khoản phù hợp',
  add: 'Thêm',
  remove: (label: string) => `Bỏ ${label}`,
  empty: 'Chưa chọn tài khoản nào',
};

describe('AccountListPicker', () => {
  it('adds accounts from the matches, offers each once, and takes one out', async () => {
    let values: { users: ChosenAccount[] } = { users: [{ id: 9, label: 'Phạm Dũng', name: 'Phạm Dũng' }] };
    renderUi(
      withQueries(
        <Formik initialValues={values} onSubmit={() => {}}>
          {(formik) => {
            values = formik.values;
            return <AccountListPicker name="users" texts={TEXTS} />;
          }}
        </Formik>,
      ),
    );
    const list = screen.getByRole('list', { name: 'Tài khoản' });
    expect(within(list).getByText('Phạm Dũng')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Tài khoản' });
    await screen.findByRole('option', { name: 'Nguyễn Văn An (u5@trungtam.vn) – Giáo viên' });
    expect(screen.getByRole('button', { name: 'Thêm' })).toBeDisabled();

    fireEvent.change(select, { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Thêm' }));
    await waitFor(() => expect(values.users.map((account) => account.id)).toEqual([9, 6]));
    expect(values.users[1]).toEqual({ id: 6, label: 'Trần Thị Bình (u6@trungtam.vn) – Học viên', name: 'Trần Thị Bình' });
    expect(within(list).getByText('Trần Thị Bình (u6@trungtam.vn) – Học viên')).toBeInTheDocument();
    // a chosen account is no longer offered, and the select is back on its placeholder
    expect(screen.queryByRole('option', { name: /Trần Thị Bình/ })).toBeNull();
    expect(select).toHaveValue('0');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Tìm tài khoản' }), { target: { value: 'cường' } });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Nguyễn Văn An/ })).toBeNull());
    await screen.findByRole('option', { name: /Lê Văn Cường/ });
    expect(http.calls.at(-1)!.params).toMatchObject({ search: 'cường' });
    fireEvent.change(select, { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Thêm' }));
    await waitFor(() => expect(values.users.map((account) => account.id)).toEqual([9, 6, 7]));

    fireEvent.click(screen.getByRole('button', { name: 'Bỏ Phạm Dũng' }));
    await waitFor(() => expect(values.users.map((account) => account.id)).toEqual([6, 7]));
    fireEvent.click(screen.getByRole('button', { name: /Bỏ Trần Thị Bình/ }));
    fireEvent.click(screen.getByRole('button', { name: /Bỏ Lê Văn Cường/ }));
    expect(await screen.findByText('Chưa chọn tài khoản nào')).toBeInTheDocument();
  });
});

describe('useAccountNames', () => {
  function Names({ ids }: { ids: number[] }) {
    const names = useAccountNames(ids);
    return <p>{names.loading ? 'đang đọc' : ids.map(names.nameOf).join(', ')}</p>;
  }

  it('reads each account once by id; one it cannot read stays #id', async () => {
    renderUi(withQueries(<Names ids={[5, 9]} />));
    expect(await screen.findByText('Nguyễn Văn An, #9')).toBeInTheDocument();
    expect(http.calls.map((call) => call.url).sort()).toEqual(['/user/show/5', '/user/show/9']);
  });
});
