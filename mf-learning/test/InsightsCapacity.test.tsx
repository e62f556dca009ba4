/** "Tổng quan vận hành", Capacity: the heat map's cells say their occupancy as text and to a screen reader, a picker chooses the centre, the rooms and teachers open their sessions, and the empty state. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AttendanceInsight, CapacityCell, CapacityInsight, MoneyInsight } from '@trungtam/shared/contracts/insights';
import { fakeApi, giveChartsASize, type FakeCall, listOf, renderWithProviders, signInAsDemo } from '@trungtam/shared/testing';
import Area from '../src/Area';

giveChartsASize();
afterEach(() => jest.restoreAllMocks());

const HOURS = Array.from({ length: 16 }, (_, i) => 6 + i);
/** Every weekday × hour of a centre with `rooms` rooms over two weeks, these cells booked (weekday, hour, minutes). */
function cells(rooms: number, booked: Array<[number, number, number]>): CapacityCell[] {
  return [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
    HOURS.map((hour) => {
      const minutes = booked.find(([w, h]) => w === weekday && h === hour)?.[2] ?? 0;
      const available = rooms * 2 * 60;
      return { weekday, hour, booked_minutes: minutes, available_minutes: available, occupancy: minutes / available };
    }),
  );
}

const CAPACITY: CapacityInsight = {
  from: '2026-10-05',
  to: '2026-10-18',
  center_id: null,
  product_id: null,
  teacher_id: null,
  hours: HOURS,
  open_hour: 6,
  close_hour: 22,
  centres: [
    {
      center_id: 1,
      name: 'Trung tâm Hà Nội',
      rooms_in_use: 2,
      // Monday 18:00: 180 of 240 minutes (75 %); Wednesday 07:00: 15 minutes
      cells: cells(2, [[1, 18, 180], [3, 7, 15]]),
      rooms: [
        { room_id: 11, name: 'Phòng 101', sessions: 3, booked_minutes: 180, occupancy: 0.0134 },
        { room_id: 12, name: 'Phòng 102', sessions: 1, booked_minutes: 15, occupancy: 0.0011 },
      ],
    },
    {
      center_id: 2,
      name: 'Trung tâm Hồ Chí Minh',
      rooms_in_use: 1,
      cells: cells(1, [[2, 9, 120]]),
      rooms: [{ room_id: 21, name: 'Phòng Sao Mai', sessions: 2, booked_minutes: 120, occupancy: 0.0179 }],
    },
  ],
  month_from: '2026-10-01',
  month_to: '2026-10-18',
  usual_from: '2026-07-01',
  usual_to: '2026-09-30',
  teachers: [
    { teacher_id: 31, name: 'Trần Thu Hà', hours: 12, usual_hours: 20, difference: -8, difference_rate: -0.4, sessions: 8 },
    { teacher_id: 32, name: 'Ngô Văn Minh', hours: 3, usual_hours: 0, difference: 3, difference_rate: null, sessions: 2 },
  ],
};
const EMPTY: CapacityInsight = { ...CAPACITY, centres: [], teachers: [] };
const ATTENDANCE = { from: '2026-10-05', to: '2026-10-18', center_id: null, product_id: null, teacher_id: null, totals: { marked: 0, present: 0, rate: null }, weeks: [], classes: [], classes_total: 0, teachers: [], teachers_total: 0, absent_students: [] } satisfies AttendanceInsight;
const MONEY = { from: '2026-10-05', to: '2026-10-18', center_id: null, months: [], collected: 0, owed: 0, overdue: 0, courses: [] } satisfies MoneyInsight;

const routes = (capacity: CapacityInsight = CAPACITY) => ({
  'GET /learning/insights/attendance': () => ATTENDANCE,
  'GET /learning/insights/money': () => MONEY,
  // as the API: a chosen centre is the only one answered
  'GET /learning/insights/capacity': (call: FakeCall) => {
    const centre = Number(call.search.get('center_id') ?? 0);
    return centre ? { ...capacity, center_id: centre, centres: capacity.centres.filter((row) => row.center_id === centre) } : capacity;
  },
  'GET /learning/center/list': () => listOf([{ center_id: 1, name: 'Trung tâm Hà Nội' }, { center_id: 2, name: 'Trung tâm Hồ Chí Minh' }]),
  'GET /product/list': () => listOf([]),
  'GET /user/list': () => listOf([]),
});
const open = (route: string) => renderWithProviders(<Area path="/learning/insights" />, { route });
const texts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('InsightsPage, capacity', () => {
  it("shows the first centre's heat map as a table whose cells say their occupancy, with a legend, the same figures as a table, and a picker for the other centre", async () => {
    signInAsDemo('administrator');
    const http = fakeApi(routes());
    open('/learning/insights?from=2026-10-05&to=2026-10-18&teacher_id=31');

    const map = await screen.findByRole('table', { name: 'Tỉ lệ sử dụng phòng của Trung tâm Hà Nội theo thứ và giờ, từ 05/10/2026 đến 18/10/2026' });
    // every filter is sent: the teachers' part uses them, the rooms' part only the centre
    await waitFor(() => expect(http.to('GET /learning/insights/capacity').map((call) => Object.fromEntries(call.search))).toContainEqual({ from: '2026-10-05', to: '2026-10-18', teacher_id: '31' }));
    const [header, ...weekdays] = within(map).getAllByRole('row');
    expect(within(header).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Thứ', ...HOURS.map((hour) => `${String(hour).padStart(2, '0')}:00`)]);
    expect(weekdays.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy', 'Chủ Nhật']);
    const monday18 = within(map).getByLabelText('Thứ Hai, 18:00: 75%');
    expect(monday18).toHaveTextContent('75%');
    expect(monday18).toHaveAttribute('tabindex', '0');
    expect(within(map).getByLabelText('Thứ Tư, 07:00: 6,3%')).toHaveTextContent('6,3%');
    expect(texts(weekdays[0])[0]).toBe('0%');
    expect(screen.getByRole('group', { name: 'Chú giải' })).toHaveTextContent('từ 80%');

    // the same figures as a plain table
    const capacityToggle = within(map.closest('div')!.parentElement!).getByRole('button', { name: 'Xem dạng bảng' });
    fireEvent.click(capacityToggle);
    const plain = screen.getByRole('table', { name: 'Mức sử dụng phòng theo thứ và giờ (bảng)' });
    const monday = within(plain).getAllByRole('row').slice(1).map(texts).find((row) => row[0] === 'Thứ Hai' && row[1] === '18:00');
    expect(monday).toEqual(['Thứ Hai', '18:00', '3', '4', '75%']);

    // the rooms of the centre shown, each opening its sessions of the period
    const rooms = screen.getByRole('table', { name: 'Mức sử dụng theo phòng' });
    expect(within(rooms).getByRole('link', { name: 'Xem 3 buổi học ở Phòng 101' })).toHaveAttribute('href', '/learning/schedules?view=list&room_id=11&from=2026-10-05&to=2026-10-18');

    // the other centre
    fireEvent.change(screen.getByRole('combobox', { name: 'Trung tâm của bản đồ' }), { target: { value: '2' } });
    const hcm = await screen.findByRole('table', { name: /Trung tâm Hồ Chí Minh theo thứ và giờ/ });
    expect(within(hcm).getByLabelText('Thứ Ba, 09:00: 100%')).toHaveTextContent('100%');
    expect(within(screen.getByRole('table', { name: 'Mức sử dụng theo phòng' })).getByRole('link', { name: 'Xem 2 buổi học ở Phòng Sao Mai' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Trung tâm Hà Nội theo thứ và giờ/ })).toBeNull();
  });

  it("lists the teachers' hours against their usual, each opening their sessions of the month", async () => {
    signInAsDemo('administrator');
    fakeApi(routes());
    open('/learning/insights?from=2026-10-05&to=2026-10-18&center_id=1');
    const table = await screen.findByRole('table', { name: 'Giờ dạy tháng này so với thường lệ' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 2));
    const [, ha, minh] = within(table).getAllByRole('row');
    expect(texts(ha)).toEqual(['Trần Thu Hà', '12', '20', '-8', '-40%', '8']);
    expect(texts(minh)).toEqual(['Ngô Văn Minh', '3', '0', '+3', 'Mới', '2']);
    expect(within(ha).getByRole('link', { name: 'Xem các buổi học tháng này của Trần Thu Hà' })).toHaveAttribute('href', '/learning/schedules?view=list&center_id=1&teacher_id=31&from=2026-10-01&to=2026-10-18&attendance_taken=1');
    expect(screen.getByText(/Giờ dạy từ 01\/10\/2026 đến 18\/10\/2026 so với trung bình mỗi tháng từ 01\/07\/2026 đến 30\/09\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xuất Excel công suất' })).toBeInTheDocument();
    // one centre: no picker
    expect(screen.queryByRole('combobox', { name: 'Trung tâm của bản đồ' })).toBeNull();
  });

  it('says so when no room is in use and no teacher taught', async () => {
    signInAsDemo('administrator');
    fakeApi(routes(EMPTY));
    open('/learning/insights?from=2026-10-05&to=2026-10-18');
    expect((await screen.findAllByText('Chưa có phòng học nào đang dùng')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Không có giáo viên nào dạy trong tháng này hay 3 tháng trước')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /theo thứ và giờ, từ/ })).toBeNull();
  });
});
