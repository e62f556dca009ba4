/** The "Chờ duyệt" queue on the students list: the filter, its rows' approve and reject, and the approval into a centre and a class. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@trungtam/shared/contracts';
import { listOf, signInWith } from '@trungtam/shared/testing';
import { MemoryRouter, useLocation } from '@trungtam/shared/router';
import { ApproveDialog } from '../src/features/students/ApproveDialog';
import { StudentsPage } from '../src/features/students/StudentsPage';
import { fakeAccountsApi, renderWithProviders, signOut, spyToasts, teacher } from './helpers';

const waiting = (over: Partial<User> = {}): User =>
  teacher({
    id: 90, name: 'Phạm Minh Anh', email: 'minh.anh@gmail.com', type: 'student', status: 2, center_id: null, source: null,
    roles: [{ id: 4, name: 'Học viên', guard_name: 'student', permissions: [] }],
    ...over,
  });
const active = () => waiting({ id: 76, name: 'Đỗ Hải Nam', email: 'hv.do.hai.nam@trungtam.vn', status: 1, center_id: 1 });

const CLASSES = [
  { class_id: 5, class_name: 'IELTS 6.5 Tối', center_id: 1, product_item: { product: { discount_ids: [1] } } },
  { class_id: 6, class_name: 'TOEIC Hà Đông', center_id: 2, product_item: { product: { discount_ids: [1] } } },
];
const DISCOUNTS = [
  { discount_id: 1, name: 'Không giảm', discount_percent: 0, status: 1, created_at: '', updated_at: '' },
  { discount_id: 2, name: 'Giảm 50', discount_percent: 50, status: 1, created_at: '', updated_at: '' },
];

function Location() {
  return <output data-testid="location">{useLocation().search}</output>;
}
const renderPage = (url: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <StudentsPage formDelayMs={0} />
      <Location />
    </MemoryRouter>,
    { router: false },
  );

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const signInAsAffair = () =>
  signInWith('academic_affair', 'Giáo vụ', (['GetAll', 'Update', 'Delete'] as const).map((action) => ({ resource: 'User' as const, action })), { id: 2, center_id: 1 });

const user = () => userEvent.setup();
async function menuOf(name: string) {
  const row = (await screen.findByText(name)).closest('tr')!;
  await act(async () => user().click(within(row).getByRole('button', { name: `Thao tác với ${name}` })));
  return screen.findAllByRole('menuitem');
}

describe('Chờ duyệt', () => {
  it('the button lists the waiting accounts (status 2, kept in the URL); only their rows offer approve and reject', async () => {
    signInAsAffair();
    const http = fakeAccountsApi([waiting(), active()]);
    renderPage('/assets/students');
    await screen.findByText('minh.anh@gmail.com');
    expect(within(screen.getByText('minh.anh@gmail.com').closest('tr')!).getByText('Chờ duyệt')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Chờ duyệt' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('status=2'));
    await waitFor(() => expect(http.to('GET /user/list').at(-1)!.params.status).toBe('2'));
    await waitFor(() => expect(screen.queryByText('hv.do.hai.nam@trungtam.vn')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Chờ duyệt' })).toHaveAttribute('aria-pressed', 'true');
    const items = (await menuOf('Phạm Minh Anh')).map((item) => item.textContent);
    expect(items).toEqual(expect.arrayContaining(['Duyệt', 'Từ chối']));
  });

  it("a giáo vụ approves into their own centre and a class of it with a discount its course allows", async () => {
    signInAsAffair();
    const toasts = spyToasts();
    const http = fakeAccountsApi([waiting()], {
      'GET /learning/class/list': () => listOf(CLASSES),
      'GET /discounts': () => listOf(DISCOUNTS),
      'POST /user/approve': () => ({ ...waiting(), status: 1, center_id: 1 }),
    });
    // (jsdom does not select a menu's entry: the row's menu is checked above, its dialog here)
    renderWithProviders(<ApproveDialog student={waiting()} onClose={jest.fn()} delayMs={0} />);
    const dialog = await screen.findByRole('dialog');
    const centre = await within(dialog).findByLabelText(/Trung tâm/);
    expect(centre).toBeDisabled();
    await waitFor(() => expect(centre).toHaveValue('1'));
    const klass = within(dialog).getByLabelText(/Lớp học/);
    await waitFor(() => expect(within(klass).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chưa xếp lớp', 'IELTS 6.5 Tối']));
    fireEvent.change(klass, { target: { value: '5' } });
    const discount = await within(dialog).findByLabelText(/Hình thức khuyến mại/);
    expect(within(discount).getAllByRole('option').map((o) => o.textContent)).toEqual(['Chọn hình thức khuyến mại', 'Không giảm (0%)']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duyệt vào trung tâm' }));
    expect(await within(dialog).findByText('Hình thức khuyến mại cần được chọn khi xếp lớp')).toBeInTheDocument();
    fireEvent.change(discount, { target: { value: '1' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Duyệt vào trung tâm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Duyệt vào trung tâm' }));
    await waitFor(() => expect(http.to('POST /user/approve')).toHaveLength(1));
    expect(http.to('POST /user/approve')[0].body).toEqual({ user_id: 90, center_id: 1, class_id: 5, discount_id: 1 });
    await waitFor(() => expect(toasts.titles()).toContain('Đã duyệt tài khoản'));
  });
});
