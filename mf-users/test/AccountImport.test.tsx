/** "Nhập từ Excel" on the teachers and students lists: the dry run's rows, their filter, the commit, a changed file. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountImportReportBody } from '@trungtam/shared/schemas/accountImport';
import { FakeApiError } from '@trungtam/shared/testing';
import { StudentsPage } from '../src/features/students/StudentsPage';
import { TeachersPage } from '../src/features/teachers/TeachersPage';
import { fakeAccountsApi, renderWithProviders, signInAs, signOut, spyToasts, teacher } from './helpers';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

const REPORT: AccountImportReportBody = {
  type: 'teacher',
  rows: [
    { row: 2, outcome: 'create', name: 'Phạm Thu Trang', email: 'trang@example.com', account_id: null, matched_by: null, errors: [] },
    { row: 3, outcome: 'update', name: 'Trần Thị Bình', email: 'binh.tran@trungtam.vn', account_id: 7, matched_by: 'phone', errors: [] },
    { row: 4, outcome: 'refused', name: '', email: 'khong-phai-email', account_id: null, matched_by: null, errors: ['Tên tài khoản không được để trống', 'Số điện thoại chưa đúng định dạng'] },
    { row: 5, outcome: 'duplicate', name: 'Phạm Thu Trang', email: 'TRANG@example.com', account_id: null, matched_by: null, errors: ['Trùng e-mail với dòng 2 của tệp'] },
  ],
  counts: { create: 1, update: 1, refused: 1, duplicate: 1 },
  plan: 'a'.repeat(64),
};

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const xlsx = () => new File(['xlsx'], 'giao-vien.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function openWithFile() {
  fireEvent.click(await screen.findByRole('button', { name: 'Nhập từ Excel' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText(/Tệp Excel/), { target: { files: [xlsx()] } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Kiểm tra tệp' }));
  return dialog;
}

describe('importing teachers', () => {
  it('lists every row of the dry run, filters them by result, commits the accepted ones and refreshes the list', async () => {
    signInAs('administrator', 'Administrator');
    const toasts = spyToasts();
    const http = fakeAccountsApi([teacher()], {
      'POST /user/import/check': () => REPORT,
      'POST /user/import/commit': () => ({ created: 1, updated: 1, message: 'Đã tạo 1 và cập nhật 1 tài khoản' }),
    });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Trần Thị Bình');
    const dialog = await openWithFile();

    const table = await within(dialog).findByRole('table', { name: 'Kết quả từng dòng' });
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['2', 'Phạm Thu Trang', 'trang@example.com', 'Tạo mới', ''],
      ['3', 'Trần Thị Bình', 'binh.tran@trungtam.vn', 'Cập nhật', 'Khớp theo số điện thoại'],
      ['4', '', 'khong-phai-email', 'Bị từ chối', 'Tên tài khoản không được để trốngSố điện thoại chưa đúng định dạng'],
      ['5', 'Phạm Thu Trang', 'TRANG@example.com', 'Trùng trong tệp', 'Trùng e-mail với dòng 2 của tệp'],
    ]);
    const sent = http.to('POST /user/import/check')[0].body as FormData;
    expect([sent.get('type'), sent.get('center_id'), (sent.get('file') as File).name]).toEqual(['teacher', null, 'giao-vien.xlsx']);

    fireEvent.change(within(dialog).getByLabelText('Lọc kết quả'), { target: { value: 'refused' } });
    expect(within(table).getAllByRole('row').slice(1).map((row) => cells(row)[0])).toEqual(['4']);
    fireEvent.change(within(dialog).getByLabelText('Lọc kết quả'), { target: { value: 'duplicate' } });
    expect(within(table).getAllByRole('row').slice(1).map((row) => cells(row)[0])).toEqual(['5']);

    const listed = http.listCalls().length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nhập 2 tài khoản' }));
    await waitFor(() => expect(toasts.titles()).toContain('Đã tạo 1 và cập nhật 1 tài khoản'));
    const committed = http.to('POST /user/import/commit')[0].body as FormData;
    expect([committed.get('type'), committed.get('plan')]).toEqual(['teacher', REPORT.plan]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(http.listCalls().length).toBeGreaterThan(listed));
  });

  it('shows the new results when the data changed since the dry run, and says what the file is wrong with', async () => {
    signInAs('administrator', 'Administrator');
    const changed = { ...REPORT, rows: REPORT.rows.slice(0, 1), counts: { create: 1, update: 0, refused: 0, duplicate: 0 }, plan: 'b'.repeat(64) };
    let fileRefused = true;
    fakeAccountsApi([teacher()], {
      'POST /user/import/check': () => {
        if (fileRefused) throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { file: 'Ô A2 chứa công thức: tệp nhập chỉ được chứa giá trị' });
        return REPORT;
      },
      'POST /user/import/commit': () => {
        throw new FakeApiError(409, 'Dữ liệu đã thay đổi từ lần kiểm tra trước: hãy xem lại kết quả rồi nhập lại', undefined, { code: 'IMPORT_CHANGED', report: changed });
      },
    });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    const dialog = await openWithFile();
    expect(await within(dialog).findByText('Ô A2 chứa công thức: tệp nhập chỉ được chứa giá trị')).toBeInTheDocument();

    fileRefused = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kiểm tra tệp' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Nhập 2 tài khoản' }));
    expect(await within(dialog).findByText('Dữ liệu đã thay đổi từ lần kiểm tra trước: hãy xem lại kết quả rồi nhập lại')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nhập 1 tài khoản' })).toBeEnabled();
    expect(within(within(dialog).getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('lets an administrator choose the new accounts’ centre, and a giáo vụ none (theirs)', async () => {
    signInAs('administrator', 'Administrator');
    const http = fakeAccountsApi([teacher()], { 'POST /user/import/check': () => REPORT });
    const { unmount } = renderWithProviders(<TeachersPage formDelayMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nhập từ Excel' }));
    let dialog = await screen.findByRole('dialog');
    const centre = within(dialog).getByLabelText('Trung tâm của tài khoản mới');
    await within(dialog).findByRole('option', { name: 'Cơ sở Hà Đông' });
    fireEvent.change(centre, { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText(/Tệp Excel/), { target: { files: [xlsx()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kiểm tra tệp' }));
    await within(dialog).findByRole('table');
    expect((http.to('POST /user/import/check')[0].body as FormData).get('center_id')).toBe('2');
    unmount();

    signInAs('academic_affair', 'Giáo vụ', ['GetAll', 'Create', 'Update'], { center_id: 1 });
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nhập từ Excel' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Trung tâm của tài khoản mới')).toBeNull();
  });
});

describe('the button', () => {
  it('is on the students list for staff who may create and update accounts, and nowhere else', async () => {
    signInAs('academic_affair', 'Giáo vụ', ['GetAll', 'Create', 'Update'], { center_id: 1 });
    fakeAccountsApi([]);
    const { unmount } = renderWithProviders(<StudentsPage formDelayMs={0} />);
    expect(await screen.findByRole('button', { name: 'Nhập từ Excel' })).toBeInTheDocument();
    unmount();
    signOut();
    signInAs('academic_affair', 'Giáo vụ', ['GetAll', 'Update'], { center_id: 1 });
    renderWithProviders(<StudentsPage formDelayMs={0} />);
    await screen.findByText('Danh sách học viên');
    expect(screen.queryByRole('button', { name: 'Nhập từ Excel' })).toBeNull();
  });
});
