/** The course screen: what it lists, what its form sends (the whole course with its items), what it refuses, per role. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Discount } from '@trungtam/shared/contracts/learning';
import type { Product } from '@trungtam/shared/contracts/products';
import type { PermissionKey } from '@trungtam/shared/permissions';
import { FakeApiError, fakeApi, listOf, renderWithProviders, signInWith, spyToasts } from '@trungtam/shared/testing';
import { useLocation } from '@trungtam/shared/router';
import { preloadLazyParts } from '@trungtam/shared/ui/list';
import Area from '../src/Area';

function Location() {
  return <div data-testid="location">{useLocation().search}</div>;
}

const TYPES = [
  { id: 1, name: 'Tiếng Anh', description: null },
  { id: 2, name: 'Lập trình', description: null },
];
const TEACHING_METHODS = [
  { id: 1, name: 'Offline', description: null },
  { id: 2, name: 'Online', description: null },
];
const GROUPS = [
  { id: 1, name: 'Trình độ' },
  { id: 2, name: 'Thời lượng' },
];
const VARIANTS = [
  { id: 11, variant_group_id: 1, name: 'Cơ bản' },
  { id: 12, variant_group_id: 1, name: 'Nâng cao' },
  { id: 21, variant_group_id: 2, name: '24 buổi' },
  { id: 22, variant_group_id: 2, name: '36 buổi' },
];
const at = '2026-01-01T00:00:00.000Z';
const DISCOUNTS: Discount[] = [
  { discount_id: 3, name: 'Giảm 10% anh chị em ruột', discount_percent: 10, status: 1, created_at: at, updated_at: at },
  { discount_id: 2, name: 'Giảm 5% học viên cũ', discount_percent: 5, status: 1, created_at: at, updated_at: at },
  { discount_id: 1, name: 'Không khuyến mại', discount_percent: 0, status: 1, created_at: at, updated_at: at },
];
const COURSE: Product = {
  product_id: 7,
  name: 'Tiếng Anh giao tiếp',
  product_type_id: 1,
  vendor_id: 1,
  description: 'Giao tiếp tự tin',
  status: 1,
  discount_ids: [1, 2],
  items: [
    { product_item_id: 70, name: 'Gói 24 buổi', variant_ids: [11, 21], total_lesson: 24, price: 4_800_000 },
    { product_item_id: 71, name: 'Gói 36 buổi', variant_ids: [11, 22], total_lesson: 36, price: 6_900_000 },
  ],
  product_type_name: 'Tiếng Anh',
  vendor_name: 'Offline',
  created_at: at,
  updated_at: at,
};

const catalogueRoutes = {
  'GET /product/product-type/list': () => listOf(TYPES),
  'GET /product/vendor/list': () => listOf(TEACHING_METHODS),
  'GET /product/variant-group/list': () => listOf(GROUPS),
  'GET /product/variant/list': () => listOf(VARIANTS),
  'GET /discounts': () => listOf(DISCOUNTS),
};

function open(route: string = '/assets/products') {
  return renderWithProviders(
    <>
      <Area path="/assets/products" />
      <Location />
    </>,
    { route },
  );
}

// (the screen loaded ahead, with the parts its form downloads apart (its rules included), so that no test waits for those imports)
beforeAll(() => import('../src/features/courses/CoursesPage').then(preloadLazyParts));
afterEach(() => jest.restoreAllMocks());

/** Enters an amount at once (as pasted) and leaves the box, which then shows it with thousands separators. */
async function enterMoney(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, digits: string) {
  await user.click(input);
  fireEvent.input(input, { target: { value: digits } });
  await waitFor(() => expect(input).toHaveAttribute('aria-valuenow', digits));
  await user.tab();
}

/** The block of item `n` (1-based) in the open form. */
const itemBlock = (dialog: HTMLElement, n: number) => within(dialog).getByRole('group', { name: `Gói ${n}` });

describe('the course list', () => {
  it('shows each course with its type, teaching method, items and status; filters go to the URL and to the list call', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ ...catalogueRoutes, 'GET /product/list': () => listOf([COURSE]) });
    open();
    const row = (await screen.findByText('Tiếng Anh giao tiếp')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual(['Tiếng Anh giao tiếp', 'Tiếng Anh', 'Offline', '2 gói · 24–36 buổi', 'Đang mở bán']);
    expect(api.to('GET /product/list')[0].params).toEqual({ limit: 20, page: 1, sort_column: 'product_id', sort_type: 'DESC' });

    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc|Lọc/ }));
    fireEvent.change(await screen.findByLabelText('Loại sản phẩm'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: /Áp dụng/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?type=2&status=2'));
    await waitFor(() => expect(api.to('GET /product/list').at(-1)!.params).toMatchObject({ product_type_id: 2, status: 2, page: 1 }));
  });

  it('a giáo vụ who may only read: no add, edit or delete, and no call for lists the role may not read', async () => {
    signInWith('academic_affair', 'Giáo vụ', [
      { resource: 'Product', action: 'GetAll' },
      { resource: 'Product', action: 'GetOne' },
      { resource: 'ProductDiscount', action: 'GetAll' },
    ] satisfies PermissionKey[]);
    const api = fakeApi({ ...catalogueRoutes, 'GET /product/list': () => listOf([COURSE]) });
    open();
    await screen.findByText('Tiếng Anh giao tiếp');
    expect(screen.queryByRole('button', { name: 'Thêm khoá học' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sửa' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Xoá' })).not.toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).not.toContain('/product/product-type/list');
    expect(api.calls.map((call) => call.url)).not.toContain('/product/vendor/list');
  });
});

describe('the course form', () => {
  it('creates a course: its fields, the allowed discounts and every item with its variants, lessons and price, as numbers', async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const api = fakeApi({
      ...catalogueRoutes,
      'GET /product/list': () => listOf([COURSE]),
      'POST /product/create': ({ body }) => ({ ...COURSE, product_id: 8, ...(body as object) }),
    });
    open();
    await screen.findByText('Tiếng Anh giao tiếp');
    fireEvent.click(screen.getByRole('button', { name: 'Thêm khoá học' }));
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();

    await user.type(within(dialog).getByLabelText(/Tên khoá học/), '  Luyện thi IELTS  ');
    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: 'Lập trình' }).length).toBeGreaterThan(0));
    fireEvent.change(within(dialog).getByLabelText(/Loại sản phẩm/), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText(/Hình thức học/), { target: { value: '2' } });
    // "no discount" is allowed from the start; add 10 %
    expect(within(dialog).getByRole('checkbox', { name: 'Không khuyến mại (0%)' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Giảm 10% anh chị em ruột (10%)' }));

    const first = itemBlock(dialog, 1);
    await user.type(within(first).getByLabelText(/Tên gói/), 'Gói 6.5+');
    fireEvent.change(within(first).getByLabelText('Trình độ'), { target: { value: '12' } });
    fireEvent.change(within(first).getByLabelText('Thời lượng'), { target: { value: '22' } });
    await user.type(within(first).getByLabelText(/Số buổi/), '36');
    await enterMoney(user, within(first).getByLabelText(/Học phí/), '10500000');
    await waitFor(() => expect(within(first).getByLabelText(/Học phí/)).toHaveValue('10.500.000'));

    await user.click(within(dialog).getByRole('button', { name: 'Thêm gói' }));
    const second = itemBlock(dialog, 2);
    await user.type(within(second).getByLabelText(/Tên gói/), 'Gói cấp tốc');
    await user.type(within(second).getByLabelText(/Số buổi/), '12');
    await enterMoney(user, within(second).getByLabelText(/Học phí/), '3200000');
    await waitFor(() => expect(within(second).getByLabelText(/Học phí/)).toHaveValue('3.200.000'));

    const submit = within(dialog).getByRole('button', { name: 'Thêm khoá học' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(api.to('POST /product/create')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('POST /product/create')[0].body).toEqual({
      name: 'Luyện thi IELTS',
      product_type_id: 1,
      vendor_id: 2,
      description: null,
      status: 1,
      discount_ids: [1, 3],
      items: [
        { name: 'Gói 6.5+', variant_ids: [12, 22], total_lesson: 36, price: 10_500_000 },
        { name: 'Gói cấp tốc', variant_ids: [], total_lesson: 12, price: 3_200_000 },
      ],
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã thêm khoá học thành công'));
  });

  it('edits: the kept items keep their product_item_id, a removed one is left out, a changed variant replaces its group', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ ...catalogueRoutes, 'GET /product/list': () => listOf([COURSE]), 'PUT /product/update': ({ body }) => body });
    open();
    const row = (await screen.findByText('Tiếng Anh giao tiếp')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await waitFor(() => expect(within(itemBlock(dialog, 1)).getByLabelText('Trình độ')).toHaveValue('11'));
    fireEvent.change(within(itemBlock(dialog, 1)).getByLabelText('Trình độ'), { target: { value: '12' } });
    await user.click(within(dialog).getByRole('button', { name: 'Xoá gói 2' }));
    expect(within(dialog).queryByRole('group', { name: 'Gói 2' })).not.toBeInTheDocument();
    // the last item cannot be removed: a course has at least one
    expect(within(dialog).getByRole('button', { name: 'Xoá gói 1' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Giảm 5% học viên cũ (5%)' }));

    await user.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    await waitFor(() => expect(api.to('PUT /product/update')).toHaveLength(1), { timeout: 4000 });
    expect(api.to('PUT /product/update')[0].body).toEqual({
      product_id: 7,
      name: 'Tiếng Anh giao tiếp',
      product_type_id: 1,
      vendor_id: 1,
      description: 'Giao tiếp tự tin',
      status: 1,
      discount_ids: [1],
      items: [{ product_item_id: 70, name: 'Gói 24 buổi', variant_ids: [21, 12], total_lesson: 24, price: 4_800_000 }],
    });
  });

  it('refuses in the form what the API would refuse: lessons out of 1–1000, no discount, a blank item name', async () => {
    signInWith('administrator', 'Administrator', []);
    const api = fakeApi({ ...catalogueRoutes, 'GET /product/list': () => listOf([COURSE]) });
    open();
    const row = (await screen.findByText('Tiếng Anh giao tiếp')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    const lessons = within(itemBlock(dialog, 1)).getByLabelText(/Số buổi/);
    await user.clear(lessons);
    await user.type(lessons, '1001');
    await user.tab();
    expect(await within(dialog).findByText('Số buổi từ 1 đến 1000')).toBeInTheDocument();
    await user.clear(within(itemBlock(dialog, 2)).getByLabelText(/Tên gói/));
    await user.tab();
    expect(await within(dialog).findByText('Tên gói không được để trống')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Không khuyến mại (0%)' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Giảm 5% học viên cũ (5%)' }));
    expect(await within(dialog).findByText('Cần chọn ít nhất một hình thức khuyến mại (có thể chọn "Không khuyến mại")')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lưu thay đổi' })).toBeDisabled();
    expect(api.to('PUT /product/update')).toHaveLength(0);
  });

  it("shows the API's refusal in the form (an item still in use) and keeps it open", async () => {
    signInWith('administrator', 'Administrator', []);
    const reason = 'Gói khoá học đang được sử dụng (1 lớp học, 8 đơn hàng): không thể xoá';
    fakeApi({
      ...catalogueRoutes,
      'GET /product/list': () => listOf([COURSE]),
      'PUT /product/update': () => {
        throw new FakeApiError(409, reason);
      },
    });
    open();
    const row = (await screen.findByText('Tiếng Anh giao tiếp')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Xoá gói 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu thay đổi' }));
    expect(await within(dialog).findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(reason);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('deleting a course', () => {
  it("asks first; a course in use stays, with the API's reason", async () => {
    signInWith('administrator', 'Administrator', []);
    const toasts = spyToasts();
    const reason = 'Khoá học đang được sử dụng (2 lớp học, 16 đơn hàng): không thể xoá';
    const api = fakeApi({
      ...catalogueRoutes,
      'GET /product/list': () => listOf([COURSE]),
      'DELETE /product/delete/7': () => {
        throw new FakeApiError(409, reason);
      },
    });
    open();
    await screen.findByText('Tiếng Anh giao tiếp');
    fireEvent.click(screen.getByRole('button', { name: 'Xoá' }));
    expect(api.to('DELETE /product/delete/7')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(toasts.titles()).toContain(reason));
    expect(api.to('DELETE /product/delete/7')).toHaveLength(1);
    expect(screen.getByText('Tiếng Anh giao tiếp')).toBeInTheDocument();
  });
});
