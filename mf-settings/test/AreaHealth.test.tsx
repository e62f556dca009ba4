/**
 * An area's health on the areas screen: each build's figures side by side, the period asked, the charts
 * with their figures as a table, the top errors, the empty and failed states; the rollout guard's state
 * and last decision; its settings form, checked with the API's schema and messages (shares in %), the
 * body it sends, the API's field errors, and the health read again after a save.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TELEMETRY_TEXT } from '@trungtam/shared/contracts/telemetry';
import { formatDateMinute } from '@trungtam/shared/format';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import type { AreaHealthRecord, CohortHealthRecord } from '@trungtam/shared/schemas/telemetry';
import { FakeApiError, fakeApi, giveChartsASize, ok, renderWithProviders, signInWith, spyToasts, type FakeRoute } from '@trungtam/shared/testing';
import { AreasPage } from '../src/features/areas/AreasPage';

giveChartsASize();

const cdn = (version: string) => `https://cdn.trungtam.vn/users/${version}/mf-manifest.json`;
const USERS: RemoteArea = {
  name: 'users',
  enabled: true,
  routes: ['/assets/teachers'],
  stable: { version: '0.1.0', entry: cdn('0.1.0') },
  previous_stable: null,
  candidate: { version: '0.2.0', entry: cdn('0.2.0') },
  rollout: { percent: 20, types: [], role_ids: [], center_ids: [], user_ids: [] },
  builds: [
    { version: '0.2.0', entry: cdn('0.2.0'), released_at: '2026-11-20T03:15:00.000Z', released_by: null },
    { version: '0.1.0', entry: cdn('0.1.0'), released_at: '2026-11-01T02:00:00.000Z', released_by: null },
  ],
  updated_at: '2026-11-20T03:15:00.000Z',
};

const percentiles = (p75: number | null, samples: number) => ({ p75, p95: p75 === null ? null : p75 * 1.6, samples });
const figures = (views: number, loadFailures: number, renderErrors: number, lcp: number, inp: number, cls: number) => ({
  page_views: views,
  load_failures: loadFailures,
  render_errors: renderErrors,
  unhandled_errors: 1,
  error_rate: views ? (loadFailures + renderErrors) / views : null,
  lcp: percentiles(lcp, views),
  inp: percentiles(inp, Math.round(views * 0.6)),
  cls: percentiles(cls, views),
  ttfr: percentiles(420, views),
});
const point = (at: string, views: number, failures: number) => ({ at, ...figures(views, failures, 0, 1800, 120, 0.05) });
const NOTHING: CohortHealthRecord = { versions: [], totals: { ...figures(0, 0, 0, 0, 0, 0), error_rate: null, lcp: percentiles(null, 0), inp: percentiles(null, 0), cls: percentiles(null, 0), ttfr: percentiles(null, 0) }, series: [], top_errors: [] };

const STABLE: CohortHealthRecord = {
  versions: ['0.1.0'],
  totals: figures(12480, 30, 20, 1840, 96, 0.04),
  series: [point('2026-11-21T08:00:00.000Z', 520, 2), point('2026-11-21T08:05:00.000Z', 610, 3)],
  top_errors: [
    { kind: 'unhandled_error', type: 'TypeError', frame: 'src/features/teachers/TeachersPage.tsx:88:14', version: '0.1.0', count: 7, first_seen: '2026-11-20T09:12:00.000Z', last_seen: '2026-11-21T07:58:00.000Z' },
  ],
};
const CANDIDATE: CohortHealthRecord = {
  versions: ['0.2.0'],
  totals: figures(1320, 29, 12, 2110, 180, 0.12),
  series: [point('2026-11-21T08:05:00.000Z', 60, 4), point('2026-11-21T08:10:00.000Z', 75, 2)],
  top_errors: [
    { kind: 'load_failure', type: 'ChunkLoadError', frame: 'users/0.2.0/static/js/async/412.js:1:2203', version: '0.2.0', count: 23, first_seen: '2026-11-21T06:40:00.000Z', last_seen: '2026-11-21T08:09:00.000Z' },
    { kind: 'render_error', type: 'RangeError', frame: 'src/features/students/StudentsPage.tsx:140:9', version: '0.2.0', count: 12, first_seen: '2026-11-21T07:02:00.000Z', last_seen: '2026-11-21T08:07:00.000Z' },
  ],
};
const SETTINGS = { paused: false, min_page_views: 50, error_rate_floor: 0.02, error_rate_factor: 2, min_inp_samples: 50, inp_worse_by: 0.5 };
const HEALTH: AreaHealthRecord = {
  area: 'users',
  from: '2026-11-20T08:15:00.000Z',
  to: '2026-11-21T08:15:00.000Z',
  stable: STABLE,
  candidate: CANDIDATE,
  guard: { settings: SETTINGS, last_decision: { at: '2026-11-21T08:10:00.000Z', action: 'kept', version: '0.2.0', reason: 'Tỉ lệ lỗi trong ngưỡng', figures: { candidate_error_rate: 0.031, stable_error_rate: 0.004 } } },
};

let api: ReturnType<typeof fakeApi>;
afterEach(() => {
  api.restore();
  jest.restoreAllMocks();
});

function setUp(health: FakeRoute = ok(HEALTH), routes: Record<string, FakeRoute> = {}, area: RemoteArea = USERS) {
  signInWith('administrator', 'Administrator', []);
  api = fakeApi({ 'GET /system/remote/list': ok([area]), 'GET /system/remote/health': health, ...routes });
  const toasts = spyToasts();
  renderWithProviders(<AreasPage formDelayMs={0} />, { route: '/settings/areas' });
  return { toasts };
}

const healthOf = async () => screen.findByRole('region', { name: 'Tình trạng' });
const HOUR = 60 * 60 * 1000;
const periodOf = (call: { params: Record<string, unknown> }) => Date.parse(String(call.params.to)) - Date.parse(String(call.params.from));

describe('an area’s health', () => {
  it('shows both builds’ figures side by side, over the last 24 hours', async () => {
    setUp();
    const health = await healthOf();
    const stable = await within(health).findByRole('group', { name: 'Số liệu của bản ổn định' });
    const candidate = within(health).getByRole('group', { name: 'Số liệu của bản thử nghiệm' });
    const factOf = (group: HTMLElement, label: string) => within(group).getByText(label).nextElementSibling?.textContent;
    expect(factOf(stable, 'Lượt xem trang')).toBe('12.480');
    expect(factOf(stable, 'Tỉ lệ lỗi')).toBe('0,4 %');
    expect(factOf(stable, 'LCP (p75)')).toBe('1.840 ms (12.480 mẫu)');
    expect(factOf(candidate, 'Lượt xem trang')).toBe('1.320');
    expect(factOf(candidate, 'Tỉ lệ lỗi')).toBe('3,11 %');
    expect(factOf(candidate, 'Lỗi tải')).toBe('29');
    expect(factOf(candidate, 'Lỗi hiển thị')).toBe('12');
    expect(factOf(candidate, 'INP (p75)')).toBe('180 ms (792 mẫu)');
    expect(factOf(candidate, 'CLS (p75)')).toBe('0,12 (1.320 mẫu)');
    expect(within(health).getByText('Phiên bản 0.2.0')).toBeInTheDocument();

    const [call] = api.to('GET /system/remote/health');
    expect(call.params.area).toBe('users');
    expect(periodOf(call)).toBe(24 * HOUR);
  });

  it('asks for 7 days when chosen, and again on refresh', async () => {
    setUp();
    const health = await healthOf();
    await within(health).findByRole('group', { name: 'Số liệu của bản ổn định' });
    const week = within(health).getByRole('button', { name: '7 ngày qua' });
    expect(week).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(week);
    await waitFor(() => expect(api.to('GET /system/remote/health')).toHaveLength(2));
    expect(periodOf(api.to('GET /system/remote/health')[1])).toBe(7 * 24 * HOUR);
    expect(week).toHaveAttribute('aria-pressed', 'true');

    await waitFor(() => expect(within(health).getByRole('button', { name: 'Làm mới' })).toBeEnabled());
    fireEvent.click(within(health).getByRole('button', { name: 'Làm mới' }));
    await waitFor(() => expect(api.to('GET /system/remote/health')).toHaveLength(3));
  });

  it('draws page views and error rate over time, and gives their figures as a table', async () => {
    setUp();
    const health = await healthOf();
    // each chart's legend names both builds (their lines differ by their stroke too, not by colour alone)
    for (const name of ['Lượt xem trang theo thời gian', 'Tỉ lệ lỗi theo thời gian']) {
      const chart = await within(health).findByRole('group', { name });
      expect(await within(chart).findByText('Bản ổn định')).toBeInTheDocument();
      expect(within(chart).getByText('Bản thử nghiệm')).toBeInTheDocument();
    }

    const toggle = within(health).getByRole('button', { name: 'Xem dạng bảng' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const table = within(health).getByRole('table', { name: 'Số liệu theo thời gian' });
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    // one row per moment either build has a point at; '–' where a build has none
    expect(rows.slice(1)).toEqual([
      [formatDateMinute('2026-11-21T08:00:00.000Z'), '520', '–', '0,38 %', '–'],
      [formatDateMinute('2026-11-21T08:05:00.000Z'), '610', '60', '0,49 %', '6,67 %'],
      [formatDateMinute('2026-11-21T08:10:00.000Z'), '–', '75', '–', '2,67 %'],
    ]);
    expect(within(health).getByRole('button', { name: 'Ẩn bảng' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('lists each build’s most frequent errors with when they were first and last seen', async () => {
    setUp();
    const health = await healthOf();
    const candidate = await within(health).findByRole('table', { name: 'Lỗi thường gặp của bản thử nghiệm' });
    const rows = within(candidate).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['ChunkLoadErrorLỗi tải', 'users/0.2.0/static/js/async/412.js:1:2203', '0.2.0', '23', formatDateMinute('2026-11-21T06:40:00.000Z'), formatDateMinute('2026-11-21T08:09:00.000Z')],
      ['RangeErrorLỗi hiển thị', 'src/features/students/StudentsPage.tsx:140:9', '0.2.0', '12', formatDateMinute('2026-11-21T07:02:00.000Z'), formatDateMinute('2026-11-21T08:07:00.000Z')],
    ]);
    const stable = within(health).getByRole('table', { name: 'Lỗi thường gặp của bản ổn định' });
    expect(within(stable).getByText('TypeError')).toBeInTheDocument();
    expect(within(stable).getByText('Lỗi không được xử lý')).toBeInTheDocument();
  });

  it('says when nothing was measured in the period, and still shows the guard', async () => {
    setUp(ok({ ...HEALTH, stable: NOTHING, candidate: NOTHING, guard: { settings: SETTINGS, last_decision: null } }));
    const health = await healthOf();
    expect(await within(health).findByText('Chưa có dữ liệu đo lường trong khoảng thời gian này')).toBeInTheDocument();
    expect(within(health).queryByRole('group', { name: 'Số liệu của bản ổn định' })).toBeNull();
    expect(within(health).queryByRole('button', { name: 'Xem dạng bảng' })).toBeNull();
    const guard = within(health).getByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' });
    expect(within(guard).getByText('Chưa có quyết định nào')).toBeInTheDocument();
  });

  it('tells a health that failed to load, and tries again', async () => {
    let fail = true;
    setUp(() => {
      if (fail) throw new FakeApiError(503, 'Dịch vụ tạm thời không sẵn sàng');
      return HEALTH;
    });
    const health = await healthOf();
    expect(await within(health).findByText(/Không tải được dữ liệu/)).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(health).getByRole('button', { name: 'Thử lại' }));
    expect(await within(health).findByRole('group', { name: 'Số liệu của bản ổn định' })).toBeInTheDocument();
  });
});

describe('the rollout guard', () => {
  it('says it watches the candidate, and why it kept it last', async () => {
    setUp();
    const guard = await within(await healthOf()).findByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' });
    expect(within(guard).getByText('Đang theo dõi')).toBeInTheDocument();
    expect(within(guard).getByText(`Giữ bản 0.2.0 (đánh giá lúc ${formatDateMinute('2026-11-21T08:10:00.000Z')})`)).toBeInTheDocument();
    expect(within(guard).getByText('Lý do: Tỉ lệ lỗi trong ngưỡng')).toBeInTheDocument();
    expect(within(guard).getByText(/sau 50 lượt xem, tỉ lệ lỗi của nó vượt 2 lần của bản ổn định và vượt 2 % \(tính theo cận dưới khoảng tin cậy 95 %/)).toBeInTheDocument();
  });

  it('says when it switched a candidate off, with the figures it judged on', async () => {
    const decision = {
      at: '2026-11-21T07:45:00.000Z',
      action: 'rolled_back' as const,
      version: '0.2.0',
      reason: TELEMETRY_TEXT.guardErrorRate('6,2 %', '3,1 %', 130, '2 %', '0,4 %'),
      figures: { candidate_page_views: 130, candidate_error_rate: 0.062, error_rate_threshold: 0.02, candidate_inp_p75: null },
    };
    setUp(ok({ ...HEALTH, guard: { settings: { ...SETTINGS, paused: true }, last_decision: decision } }), {}, { ...USERS, candidate: null, rollout: null });
    const guard = await within(await healthOf()).findByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' });
    // the candidate is gone: nothing to watch
    expect(within(guard).getByText('Không có bản thử nghiệm')).toBeInTheDocument();
    expect(within(guard).getByText(`Đã tự động tắt bản 0.2.0 lúc ${formatDateMinute('2026-11-21T07:45:00.000Z')}`)).toBeInTheDocument();
    expect(within(guard).getByText(`Lý do: ${decision.reason}`)).toBeInTheDocument();
    const figures = within(guard).getByRole('group', { name: 'Số liệu khi quyết định' });
    const factOf = (label: string) => within(figures).getByText(label).nextElementSibling?.textContent;
    expect(factOf('Lượt xem của bản thử nghiệm')).toBe('130');
    expect(factOf('Tỉ lệ lỗi của bản thử nghiệm')).toBe('6,2 %');
    expect(factOf('Ngưỡng tỉ lệ lỗi')).toBe('2 %');
    expect(factOf('INP (p75) của bản thử nghiệm')).toBe('–');
  });

  it('says when it is paused', async () => {
    setUp(ok({ ...HEALTH, guard: { settings: { ...SETTINGS, paused: true }, last_decision: null } }));
    const guard = await within(await healthOf()).findByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' });
    expect(within(guard).getByText('Tạm dừng')).toBeInTheDocument();
    expect(within(guard).getByText(/không tự tắt bản thử nghiệm/)).toBeInTheDocument();
  });
});

describe('the guard’s settings', () => {
  async function openSettings() {
    const guard = await within(await healthOf()).findByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' });
    fireEvent.click(within(guard).getByRole('button', { name: 'Cài đặt bộ bảo vệ' }));
    return screen.findByRole('dialog', { name: 'Bộ bảo vệ bản thử nghiệm: Người dùng' });
  }

  it('refuses an out-of-range value with the API’s message, shares entered in %', async () => {
    setUp();
    const dialog = await openSettings();
    const floor = within(dialog).getByLabelText(/Ngưỡng tỉ lệ lỗi tối thiểu/);
    expect(floor).toHaveValue(2);
    expect(within(dialog).getByLabelText(/INP chậm hơn/)).toHaveValue(50);
    const submit = within(dialog).getByRole('button', { name: 'Lưu cài đặt' });

    // 0.05 % is below the floor's 0.1 %
    fireEvent.change(floor, { target: { value: '0.05' } });
    fireEvent.blur(floor);
    expect(await within(dialog).findByText('Ngưỡng tỉ lệ lỗi từ 0,1 % đến 100 %')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeDisabled());

    const views = within(dialog).getByLabelText(/Số lượt xem tối thiểu/);
    fireEvent.change(views, { target: { value: '5' } });
    fireEvent.blur(views);
    expect(await within(dialog).findByText('Số lượt xem tối thiểu từ 10 đến 100000')).toBeInTheDocument();

    const inp = within(dialog).getByLabelText(/INP chậm hơn/);
    fireEvent.change(inp, { target: { value: '1500' } });
    fireEvent.blur(inp);
    expect(await within(dialog).findByText('INP chậm hơn từ 5 % đến 1000 %')).toBeInTheDocument();
    expect(api.to('PUT /system/remote/guard')).toHaveLength(0);
  });

  it('saves the settings, shares as fractions, then reads the health again', async () => {
    const { toasts } = setUp(ok(HEALTH), { 'PUT /system/remote/guard': ok(HEALTH) });
    const dialog = await openSettings();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Tạm dừng bộ bảo vệ/ }));
    fireEvent.change(within(dialog).getByLabelText(/Số lượt xem tối thiểu/), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText(/Ngưỡng tỉ lệ lỗi tối thiểu/), { target: { value: '2.5' } });
    fireEvent.change(within(dialog).getByLabelText(/Hệ số/), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(/Số mẫu INP/), { target: { value: '80' } });
    fireEvent.change(within(dialog).getByLabelText(/INP chậm hơn/), { target: { value: '35' } });
    const submit = within(dialog).getByRole('button', { name: 'Lưu cài đặt' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);

    await waitFor(() => expect(api.to('PUT /system/remote/guard')).toHaveLength(1));
    expect(api.to('PUT /system/remote/guard')[0].body).toEqual({
      area: 'users',
      settings: { paused: true, min_page_views: 120, error_rate_floor: 0.025, error_rate_factor: 3, min_inp_samples: 80, inp_worse_by: 0.35 },
    });
    await waitFor(() => expect(toasts.titles()).toContain('Đã lưu cài đặt bộ bảo vệ của Người dùng'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.to('GET /system/remote/health')).toHaveLength(2));
  });

  it('shows the API’s refusal on its field', async () => {
    setUp(ok(HEALTH), {
      'PUT /system/remote/guard': () => {
        throw new FakeApiError(400, 'Dữ liệu không hợp lệ', { 'settings.error_rate_factor': 'Hệ số tỉ lệ lỗi từ 1 đến 100' });
      },
    });
    const dialog = await openSettings();
    const submit = within(dialog).getByRole('button', { name: 'Lưu cài đặt' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Hệ số tỉ lệ lỗi từ 1 đến 100')).toBeInTheDocument();
    // on the field, not as the form's failure
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
