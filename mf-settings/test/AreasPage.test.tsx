/**
 * The areas screen: each area with its builds and who gets its candidate, the rollout form's body (its
 * filters ANDed, the listed users apart), the API's refusal kept in the form, the confirmations of
 * rollback, promotion and disabling, the preview of one user's builds, and the list's states.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Center, Role, User } from '@trungtam/shared/contracts';
import { formatDateMinute } from '@trungtam/shared/format';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { centreRecord, fakeApi, listOf, ok, renderWithProviders, reply, signInWith, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { TABLE_TEXTS } from '@trungtam/shared/ui';
import { AreasPage } from '../src/features/areas/AreasPage';
import { AREA_LABELS } from '../src/common/areaLabels';
import remotesList from '../../deploy/remotes.json';
import { describeRollout } from '../src/features/areas/texts';


const cdn = (area: string, version: string) => `https://cdn.trungtam.vn/${area}/${version}/mf-manifest.json`;
const build = (area: string, version: string, released_at: string, by: string | null = 'Trần Thu Hà') => ({
  version,
  entry: cdn(area, version),
  released_at,
  released_by: by ? { id: 1, name: by } : null,
});

const USERS: RemoteArea = {
  name: 'users',
  enabled: true,
  routes: ['/assets/teachers', '/assets/students'],
  stable: { version: '0.1.0', entry: cdn('users', '0.1.0') },
  previous_stable: null,
  candidate: { version: '0.2.0', entry: cdn('users', '0.2.0') },
  rollout: { percent: 30, types: ['teacher'], role_ids: [], center_ids: [], user_ids: [] },
  builds: [build('users', '0.3.0', '2026-11-21T08:30:00.000Z'), build('users', '0.2.0', '2026-11-20T03:15:00.000Z'), build('users', '0.1.0', '2026-11-01T02:00:00.000Z', null)],
  updated_at: '2026-11-21T08:30:00.000Z',
};
const LEARNING: RemoteArea = {
  name: 'learning',
  enabled: true,
  routes: ['/learning/classes'],
  stable: { version: '1.2.0', entry: cdn('learning', '1.2.0') },
  previous_stable: { version: '1.1.0', entry: cdn('learning', '1.1.0') },
  candidate: { version: '1.3.0-rc.1', entry: cdn('learning', '1.3.0-rc.1') },
  rollout: { percent: 10, types: ['teacher'], role_ids: [], center_ids: [1], user_ids: [5, 6] },
  builds: [build('learning', '1.3.0-rc.1', '2026-11-22T01:00:00.000Z'), build('learning', '1.2.0', '2026-11-10T01:00:00.000Z'), build('learning', '1.1.0', '2026-10-01T01:00:00.000Z')],
  updated_at: '2026-11-22T01:00:00.000Z',
};
const SETTINGS: RemoteArea = {
  name: 'settings',
  enabled: true,
  routes: ['/settings/roles'],
  stable: { version: '0.1.0', entry: cdn('settings', '0.1.0') },
  previous_stable: { version: '0.0.9', entry: cdn('settings', '0.0.9') },
  candidate: null,
  rollout: null,
  builds: [build('settings', '0.1.0', '2026-11-02T01:00:00.000Z'), build('settings', '0.0.9', '2026-10-02T01:00:00.000Z')],
  updated_at: '2026-11-02T01:00:00.000Z',
};
const COMPETITION: RemoteArea = {
  name: 'competition',
  enabled: false,
  routes: ['/competition/manage'],
  stable: { version: '0.1.0', entry: cdn('competition', '0.1.0') },
  previous_stable: null,
  candidate: null,
  rollout: null,
  builds: [build('competition', '0.1.0', '2026-11-03T01:00:00.000Z', null)],
  updated_at: '2026-11-03T01:00:00.000Z',
};

const ROLES: Role[] = [
  { id: 3, name: 'Giáo viên', guard_name: 'teacher', permissions: [] },
  { id: 7, name: 'Trợ giảng', guard_name: 'teacher', permissions: [] },
];
const CENTERS: Center[] = [
  centreRecord(1, 'Trung tâm Hà Nội'),
  centreRecord(2, 'Trung tâm Đà Nẵng'),
];
const account = (id: number, name: string, type: User['type']): User => ({
  id,
  name,
  email: `u${id}@trungtam.vn`,
  phone_number: null,
  status: 1,
  type,
  center_id: null,
  roles: [],
  last_time_login: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const PEOPLE = [account(5, 'Nguyễn Văn An', 'teacher'), account(6, 'Trần Thị Bình', 'student'), account(8, 'Lê Thu Cúc', 'academic_affair')];

let api: ReturnType<typeof fakeApi>;
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

function setUp(routes: Record<string, FakeRoute> = {}, areas: RemoteArea[] = [USERS, LEARNING, SETTINGS, COMPETITION]) {
  signInWith('administrator', 'Administrator', []);
  api = fakeApi({
    'GET /system/remote/list': ok(areas),
    'GET /system/role/list': ok(listOf(ROLES)),
    'GET /learning/center/list': ok(listOf(CENTERS)),
    'GET /user/list': ({ search }) => ok(listOf(PEOPLE.filter((person) => person.name.toLowerCase().includes((search.get('search') ?? '').toLowerCase())))),
    'GET /user/show/5': ok(PEOPLE[0]),
    'GET /user/show/6': ok(PEOPLE[1]),
    ...routes,
  });
  const toasts = spyToasts();
  renderWithProviders(<AreasPage formDelayMs={0} />, { route: '/settings/areas' });
  return { toasts };
}

/** The card of one area, found by its heading. */
async function cardOf(name: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name });
}

describe('AreasPage', () => {
  it('shows each area: on or off, its stable, candidate with who gets it, previous stable and builds', async () => {
    setUp();
    expect(await screen.findByText('4 khu vực')).toBeInTheDocument();

    const users = await cardOf('Người dùng');
    expect(within(users).getByText('Đang bật')).toBeInTheDocument();
    expect(within(users).getByText(cdn('users', '0.1.0'))).toBeInTheDocument();
    expect(within(users).getByText(cdn('users', '0.2.0'))).toBeInTheDocument();
    expect(within(users).getByText('Người nhận: 30 % giáo viên')).toBeInTheDocument();
    const builds = within(within(users).getByRole('table', { name: 'Các bản dựng của Người dùng' })).getAllByRole('row').slice(1);
    expect(builds.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['0.3.0', formatDateMinute('2026-11-21T08:30:00.000Z'), 'Trần Thu Hà'],
      ['0.2.0thử nghiệm', formatDateMinute('2026-11-20T03:15:00.000Z'), 'Trần Thu Hà'],
      ['0.1.0ổn định', formatDateMinute('2026-11-01T02:00:00.000Z'), 'Tệp cấu hình'],
    ]);
    expect(within(users).getByRole('button', { name: 'Đưa lên ổn định' })).toBeInTheDocument();

    // listed users by name, then the share of those matching every filter, centres by name
    const learning = await cardOf('Học tập');
    expect(await within(learning).findByText('Người nhận: các người dùng: Nguyễn Văn An, Trần Thị Bình, và 10 % của giáo viên thuộc Trung tâm Hà Nội')).toBeInTheDocument();
    expect(within(learning).getByText(cdn('learning', '1.1.0'))).toBeInTheDocument();

    const settings = await cardOf('Cài đặt');
    expect(within(settings).queryByRole('button', { name: 'Đưa lên ổn định' })).toBeNull();
    expect(within(settings).getByRole('button', { name: 'Quay lại' })).toBeInTheDocument();

    // off, nothing to roll back, and no build but the stable one to try
    const competition = await cardOf('Cuộc thi');
    expect(within(competition).getByText('Đã tắt')).toBeInTheDocument();
    expect(within(competition).getByRole('button', { name: 'Bật khu vực' })).toBeInTheDocument();
    expect(within(competition).queryByRole('button', { name: 'Quay lại' })).toBeNull();
    expect(within(competition).getByRole('button', { name: 'Phát hành thử nghiệm' })).toBeDisabled();
    expect(within(competition).getByText('Chưa có bản dựng nào khác bản ổn định để thử nghiệm')).toBeInTheDocument();
  });

  it('says who gets a candidate in plain words', () => {
    const names = { role: (id: number) => (id === 7 ? 'Trợ giảng' : `#${id}`), center: (id: number) => (id === 1 ? 'Trung tâm Hà Nội' : 'Trung tâm Đà Nẵng'), user: (id: number) => `#${id}` };
    expect(describeRollout({ percent: 30, types: ['teacher'] }, names)).toBe('30 % giáo viên');
    expect(describeRollout({ percent: 100 }, names)).toBe('tất cả người dùng');
    expect(describeRollout({ percent: 0, types: ['teacher'] }, names)).toBe('chưa ai (0 %)');
    expect(describeRollout({ percent: 0, user_ids: [4] }, names)).toBe('người dùng: #4');
    expect(describeRollout({ percent: 50, types: ['teacher', 'academic_affair'], role_ids: [7], center_ids: [1, 2] }, names)).toBe(
      '50 % giáo viên và giáo vụ có quyền Trợ giảng thuộc Trung tâm Hà Nội hoặc Trung tâm Đà Nẵng',
    );
    expect(describeRollout(null, names)).toBe('chưa ai');
  });

  it('sets a candidate and who gets it: the build, the percent, every filter and the listed users in one body', async () => {
    const { toasts } = setUp({
      'PUT /system/remote/rollout': ({ body }) => {
        const sent = body as { candidate_version: string; rollout: RemoteArea['rollout'] };
        return ok({ ...USERS, candidate: { version: sent.candidate_version, entry: cdn('users', sent.candidate_version) }, rollout: sent.rollout });
      },
    });
    fireEvent.click(within(await cardOf('Người dùng')).getByRole('button', { name: 'Phát hành thử nghiệm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phát hành thử nghiệm: Người dùng' });
    expect(within(dialog).getByText(/Khu vực đang thử nghiệm bản 0.2.0/)).toBeInTheDocument();
    // the form opens on the current candidate and rollout; the stable build is not offered
    const buildSelect = within(dialog).getByLabelText(/Bản dựng/);
    expect(buildSelect).toHaveValue('0.2.0');
    expect(within(buildSelect).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', '0.3.0', '0.2.0']);
    expect(within(dialog).getByLabelText(/Tỉ lệ người dùng/)).toHaveValue(30);
    expect(within(dialog).getByText('Người nhận: 30 % giáo viên')).toBeInTheDocument();

    fireEvent.change(buildSelect, { target: { value: '0.3.0' } });
    fireEvent.change(within(dialog).getByLabelText(/Tỉ lệ người dùng/), { target: { value: '10' } });
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Loại tài khoản' })).getByRole('checkbox', { name: 'Giáo vụ' }));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Trợ giảng' }));
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Trung tâm' })).getByRole('checkbox', { name: 'Trung tâm Hà Nội' }));
    const picker = within(dialog).getByRole('combobox', { name: 'Người dùng cụ thể' });
    await within(picker).findByRole('option', { name: /Lê Thu Cúc/ });
    fireEvent.change(picker, { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thêm' }));
    expect(
      await within(dialog).findByText('Người nhận: người dùng: Lê Thu Cúc, và 10 % của giáo vụ và giáo viên có quyền Trợ giảng thuộc Trung tâm Hà Nội'),
    ).toBeInTheDocument();

    const submit = within(dialog).getByRole('button', { name: 'Phát hành thử nghiệm' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(api.to('PUT /system/remote/rollout')).toHaveLength(1));
    expect(api.to('PUT /system/remote/rollout')[0].body).toEqual({
      area: 'users',
      candidate_version: '0.3.0',
      rollout: { percent: 10, types: ['academic_affair', 'teacher'], role_ids: [7], center_ids: [1], user_ids: [8] },
    });
    await waitFor(() => expect(toasts.titles()).toContain('Bạn đã phát hành bản thử nghiệm 0.3.0 của Người dùng'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the API’s refusal (409 or 400) in the form and keeps every choice', async () => {
    let status = 409;
    setUp({
      'PUT /system/remote/rollout': () =>
        reply(status, { error: { code: status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', message: status === 409 ? 'Phiên bản này đang là bản ổn định' : 'Tỉ lệ người dùng từ 0 đến 100 (%)' } }),
    });
    fireEvent.click(within(await cardOf('Cài đặt')).getByRole('button', { name: 'Phát hành thử nghiệm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phát hành thử nghiệm: Cài đặt' });
    // no candidate yet: the newest build other than the stable one, nobody until chosen
    expect(within(dialog).getByLabelText(/Bản dựng/)).toHaveValue('0.0.9');
    expect(within(dialog).getByText('Người nhận: chưa ai (0 %)')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/Tỉ lệ người dùng/), { target: { value: '25' } });
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Loại tài khoản' })).getByRole('checkbox', { name: 'Giáo viên' }));
    const submit = within(dialog).getByRole('button', { name: 'Phát hành thử nghiệm' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Phiên bản này đang là bản ổn định');
    expect(within(dialog).getByLabelText(/Tỉ lệ người dùng/)).toHaveValue(25);
    expect(within(within(dialog).getByRole('group', { name: 'Loại tài khoản' })).getByRole('checkbox', { name: 'Giáo viên' })).toBeChecked();

    status = 400;
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Tỉ lệ người dùng từ 0 đến 100 (%)'));
    expect(api.to('PUT /system/remote/rollout')).toHaveLength(2);
  });

  it('checks the percent before sending', async () => {
    setUp();
    fireEvent.click(within(await cardOf('Người dùng')).getByRole('button', { name: 'Phát hành thử nghiệm' }));
    const dialog = await screen.findByRole('dialog');
    const percent = within(dialog).getByLabelText(/Tỉ lệ người dùng/);
    fireEvent.change(percent, { target: { value: '120' } });
    fireEvent.blur(percent);
    expect(await within(dialog).findAllByText('Tỉ lệ người dùng từ 0 đến 100 (%)')).not.toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Phát hành thử nghiệm' })).toBeDisabled();
  });

  it('rolls back only after a confirmation that says what will happen', async () => {
    let users = USERS;
    const { toasts } = setUp({
      'GET /system/remote/list': () => ok([users, LEARNING]),
      'POST /system/remote/rollback': () => {
        users = { ...USERS, candidate: null, rollout: null };
        return ok(users);
      },
    });
    fireEvent.click(within(await cardOf('Người dùng')).getByRole('button', { name: 'Quay lại' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Quay lại ở khu vực Người dùng?')).toBeInTheDocument();
    expect(within(confirm).getByText('Tắt bản thử nghiệm 0.2.0: mọi người dùng về bản ổn định 0.1.0 ở lần tải trang sau.')).toBeInTheDocument();
    expect(api.to('POST /system/remote/rollback')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Quay lại' }));
    await waitFor(() => expect(api.to('POST /system/remote/rollback')).toHaveLength(1));
    expect(api.to('POST /system/remote/rollback')[0].body).toEqual({ area: 'users' });
    await waitFor(() => expect(toasts.titles()).toContain('Người dùng đã quay về bản 0.1.0'));
    await waitFor(() => expect(within(screen.getByRole('article', { name: 'Người dùng' })).queryByRole('button', { name: 'Đưa lên ổn định' })).toBeNull());
  });

  it('says what a rollback without a candidate and a promotion will do; cancelling sends nothing', async () => {
    setUp();
    fireEvent.click(within(await cardOf('Cài đặt')).getByRole('button', { name: 'Quay lại' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Quay về bản ổn định trước 0.0.9: mọi người dùng nhận bản 0.0.9 thay cho 0.1.0 ở lần tải trang sau.')).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    fireEvent.click(within(await cardOf('Học tập')).getByRole('button', { name: 'Đưa lên ổn định' }));
    confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/Bản 1.3.0-rc.1 thành bản ổn định: mọi người dùng nhận bản 1.3.0-rc.1 ở lần tải trang sau; bản 1.2.0 thành bản ổn định trước/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('disables an area after saying it hides it from everyone, with the API’s reason when refused', async () => {
    const { toasts } = setUp({ 'PUT /system/remote/enable': reply(409, { error: { code: 'CONFLICT', message: 'Không có khu vực "settings"' } }) });
    fireEvent.click(within(await cardOf('Cài đặt')).getByRole('button', { name: 'Tắt khu vực' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Tắt khu vực Cài đặt?')).toBeInTheDocument();
    expect(within(confirm).getByText(/Khu vực bị ẩn với mọi người dùng/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Tắt khu vực' }));
    await waitFor(() => expect(api.to('PUT /system/remote/enable')).toHaveLength(1));
    expect(api.to('PUT /system/remote/enable')[0].body).toEqual({ area: 'settings', enabled: false });
    await waitFor(() => expect(toasts.titles()).toContain('Không có khu vực "settings"'));
  });

  it('previews the builds one user gets, and the areas and pages they do not', async () => {
    setUp({
      'GET /system/remote/preview': ({ search }) =>
        search.get('user_id') === '5'
          ? ok({
              areas: [
                { name: 'learning', entry: cdn('learning', '1.3.0-rc.1'), version: '1.3.0-rc.1', routes: [] },
                { name: 'users', entry: cdn('users', '0.1.0'), version: '0.1.0', routes: [] },
              ],
              denied: ['/settings/areas', '/settings/roles'],
            })
          : reply(404, { error: { code: 'NOT_FOUND', message: 'Không tìm thấy người dùng' } }),
    });
    await cardOf('Người dùng');
    fireEvent.click(screen.getByRole('button', { name: 'Xem như người dùng…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xem như người dùng' });
    expect(within(dialog).getByText(/Chọn một người dùng để xem/)).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Người dùng' });
    await within(picker).findByRole('option', { name: /Nguyễn Văn An/ });
    fireEvent.change(picker, { target: { value: '5' } });

    const received = await within(dialog).findByRole('region', { name: 'Các khu vực được nhận' });
    expect(api.to('GET /system/remote/preview').at(-1)!.search.get('user_id')).toBe('5');
    const items = within(received).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Học tập1.3.0-rc.1thử nghiệm${cdn('learning', '1.3.0-rc.1')}`,
      `Người dùng0.1.0ổn định${cdn('users', '0.1.0')}`,
    ]);
    expect(within(dialog).getByRole('region', { name: /Không nhận/ })).toHaveTextContent('Cài đặt, Cuộc thi');
    expect(within(dialog).getByRole('region', { name: 'Các trang không được mở' })).toHaveTextContent('/settings/areas, /settings/roles');

    fireEvent.change(picker, { target: { value: '6' } });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Không tìm thấy người dùng');
  });

  it("names each area by its label, never by the remote's name", async () => {
    setUp();
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent);
    expect(headings).toEqual(['Người dùng', 'Học tập', 'Cài đặt', 'Cuộc thi']);
    for (const name of ['users', 'learning', 'settings', 'competition']) expect(screen.queryByText(name)).toBeNull();
  });

  it('has a Vietnamese label for every remote of deploy/remotes.json', () => {
    const names = remotesList.remotes.map((remote) => remote.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !AREA_LABELS[name] || AREA_LABELS[name] === name)).toEqual([]);
  });

  it('tells a list that failed from an empty one, and tries again', async () => {
    let fail = true;
    setUp({ 'GET /system/remote/list': () => (fail ? reply(500, { error: { code: 'INTERNAL', message: 'x' } }) : ok([])) });
    expect(await screen.findByText(TABLE_TEXTS.failed)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: TABLE_TEXTS.retry }));
    expect(await screen.findByText('Chưa có khu vực nào')).toBeInTheDocument();
    expect(screen.getByText('0 khu vực')).toBeInTheDocument();
  });
});
