/** A screen made only of declarations: list, filter in the URL, create, edit and delete through the kit. */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@trungtam/shared/router';
import * as yup from 'yup';
import { createDataSource, intParam, DataSourceScreen, lazySchema, textParam, type FilterCodecs, type DataSourceScreenProps, type DataSourceScreenForm } from '../src/resource';
import { useSession } from '../src/session';
import { FormField } from '../src/ui/form';
import { uiSystem } from '../src/ui/theme';
import { fakeApi, reply, type FakeApi } from '../src/testing';

interface Room {
  room_id: number;
  name: string;
  capacity: number;
}
interface Filters {
  search: string;
  capacity: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), capacity: intParam('capacity') };
const rooms = createDataSource<Room>({
  key: ['rooms'],
  paths: { list: '/learning/room/list', create: '/learning/room/create', update: '/learning/room/update', remove: (id) => `/learning/room/delete/${id}` },
  id: (room) => room.room_id,
});

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.search}</div>;
}

type RoomValues = { name: string; capacity: number };

const ROOM_FORM: DataSourceScreenForm<RoomValues, Room> = {
  empty: { name: '', capacity: 10 },
  fromRecord: (room) => ({ name: room.name, capacity: room.capacity }),
  toCreate: (values) => values,
  toUpdate: (room, values) => ({ room_id: room.room_id, ...values }),
  schema: yup.object({ name: yup.string().trim().required('Tên phòng không được để trống') }),
  fields: () => <FormField name="name" label="Tên phòng" required />,
  texts: { createTitle: 'Thêm phòng', editTitle: 'Sửa phòng', createSubmit: 'Tạo phòng', editSubmit: 'Lưu phòng' },
  successMessages: { create: 'Đã tạo phòng', edit: 'Đã lưu phòng' },
};

/** `extra` overrides the screen's props (another resource, per-row rules...); `resource` the permission resource granted. */
function renderScreen(actions: string[], route = '/rooms', extra: Partial<DataSourceScreenProps<Room, Filters, RoomValues>> = {}, resource = 'LearningRoom') {
  useSession.setState({
    accessToken: 't',
    user: {
      id: 1, name: 'A', email: 'a@trungtam.vn', phone_number: null, status: 1, type: 'academic_affair', center_id: 1, last_time_login: null,
      created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
      roles: [{ id: 2, name: 'Giáo vụ', guard_name: 'academic_affair', permissions: actions.map((action, i) => ({ id: i + 1, resource: resource as 'LearningRoom', action: action as 'GetAll' })) }],
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={uiSystem()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <DataSourceScreen<Room, Filters, RoomValues>
            source={rooms}
            permission="LearningRoom"
            texts={{ title: 'Phòng học', count: (n) => `${n} phòng học`, add: 'Thêm phòng', table: 'Danh sách phòng' }}
            columns={[
              { header: 'Tên phòng', cell: (room) => room.name },
              { header: 'Sức chứa', cell: (room) => room.capacity },
            ]}
            filters={FILTERS}
            filterFields={(draft, setDraft) => <input aria-label="Tìm" value={draft.search} onChange={(e) => setDraft({ ...draft, search: e.target.value })} />}
            listParams={(filters, page) => ({ limit: 20, page, search: filters.search || undefined, capacity: filters.capacity || undefined })}
            pageSize={20}
            form={ROOM_FORM}
            formDelayMs={0}
            {...extra}
          />
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

let data: Room[];
let http: FakeApi;
beforeEach(() => {
  data = [
    { room_id: 2, name: 'P.201', capacity: 20 },
    { room_id: 1, name: 'P.101', capacity: 12 },
  ];
  http = fakeApi({
    'GET /learning/room/list': () => ({ rows: data, total_rows: data.length, total_pages: 1 }),
    'POST /learning/room/create': ({ body }) => {
      const room = { room_id: 3, ...(body as Omit<Room, 'room_id'>) };
      data = [room, ...data];
      return reply(201, { data: room });
    },
    'PUT /learning/room/update': ({ body }) => {
      const room = body as Room;
      data = data.map((row) => (row.room_id === room.room_id ? room : row));
      return room;
    },
    'DELETE /learning/room/delete/1': reply(409, { error: { code: 'CONFLICT', message: 'Phòng đang có lớp học: không thể xoá' } }),
  });
});

describe('DataSourceScreen', () => {
  it('lists, keeps the filter in the URL, creates and edits with the declared form', async () => {
    renderScreen(['GetAll', 'Create', 'Update', 'Delete'], '/rooms?search=P.2');
    expect(await screen.findByText('P.201')).toBeInTheDocument();
    expect(screen.getByText('2 phòng học')).toBeInTheDocument();
    expect(http.calls[0].params).toMatchObject({ search: 'P.2', page: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Thêm phòng' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Tên phòng/), { target: { value: 'P.301' } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Tạo phòng' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo phòng' }));
    expect(await screen.findByText('P.301')).toBeInTheDocument();

    const row = screen.getByText('P.201').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Sửa' }));
    const edit = await screen.findByRole('dialog');
    expect(within(edit).getByLabelText(/Tên phòng/)).toHaveValue('P.201');
  });

  it('takes rules that download with its form (lazySchema): built when the form opens, which waits for them and refuses with them', async () => {
    let arrive: (schema: yup.AnySchema) => void = () => {};
    const build = jest.fn(() => new Promise<yup.AnySchema>((resolve) => (arrive = resolve)));
    renderScreen(['GetAll', 'Create'], '/rooms', { form: { ...ROOM_FORM, schema: lazySchema(build) } });
    // (the list draws without them)
    expect(build).not.toHaveBeenCalled();
    expect(await screen.findByText('P.201')).toBeInTheDocument();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Thêm phòng' })));
    expect(build).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => arrive(yup.object({ name: yup.string().trim().required('Tên phòng phải có') })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Tên phòng/), { target: { value: '   ' } });
    fireEvent.blur(within(dialog).getByLabelText(/Tên phòng/));
    expect(await within(dialog).findByText('Tên phòng phải có')).toBeInTheDocument();
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('shows the answer’s rows and its count together, never one before the other', async () => {
    // every state of the page after a change (a commit), as a person would see it
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      const rows = screen.queryByText('P.201') ? 'rows' : 'no rows';
      const count = screen.queryByText('2 phòng học') ? 'count' : 'no count';
      if (seen.at(-1) !== `${rows}, ${count}`) seen.push(`${rows}, ${count}`);
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    renderScreen(['GetAll']);
    expect(await screen.findByText('P.201')).toBeInTheDocument();
    observer.disconnect();
    expect(seen).toEqual(['no rows, no count', 'rows, count']);
  });

  it('offers only what the role allows, and shows the API’s reason when a delete is refused', async () => {
    const { unmount } = renderScreen(['GetAll']);
    await screen.findByText('P.201');
    expect(screen.queryByRole('button', { name: 'Thêm phòng' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Thao tác' })).toBeNull();
    unmount();

    renderScreen(['GetAll', 'Delete']);
    const row = (await screen.findByText('P.101')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Xoá' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(http.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(screen.getByText('P.101')).toBeInTheDocument();
  });

  it('offers no delete for a data source without a delete path, whatever the role holds', async () => {
    const readOnlyRooms = createDataSource<Room>({ key: ['rooms-log'], paths: { list: '/learning/room/list' }, id: (room) => room.room_id });
    renderScreen(['GetAll', 'Delete'], '/rooms', { source: readOnlyRooms, form: undefined });
    await screen.findByText('P.201');
    expect(screen.queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Thao tác' })).toBeNull();
  });

  it('asks for the actions the screen names instead of Create, Update and Delete', async () => {
    renderScreen(['GetAll', 'CreateRole', 'DeleteRole'], '/rooms', { permission: 'System', actions: { create: 'CreateRole', update: 'UpdateRole', delete: 'DeleteRole' } }, 'System');
    await screen.findByText('P.201');
    expect(screen.getByRole('button', { name: 'Thêm phòng' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Xoá' })).toHaveLength(2);
  });

  it('applies per-row rules: a locked row opens read-only with the reason, an undeletable row offers no delete', async () => {
    renderScreen(['GetAll', 'Update', 'Delete'], '/rooms', {
      canEdit: (room) => room.room_id !== 1,
      canDelete: (room) => room.room_id !== 1,
      form: {
        empty: { name: '', capacity: 10 },
        fromRecord: (room) => ({ name: room.name, capacity: room.capacity }),
        toCreate: (values) => values,
        toUpdate: (room, values) => ({ room_id: room.room_id, ...values }),
        schema: yup.object({ name: yup.string().required() }),
        fields: (_formik, { readOnly }) => (
          <>
            <FormField name="name" label="Tên phòng" />
            {readOnly && <p>Chế độ chỉ xem</p>}
          </>
        ),
        texts: { createTitle: 'Thêm phòng', editTitle: 'Sửa phòng', viewTitle: 'Xem phòng', createSubmit: 'Tạo phòng', editSubmit: 'Lưu phòng' },
        readOnlyNote: (room) => `Phòng ${room.name} là phòng mẫu: không thể sửa`,
        successMessages: { create: 'Đã tạo phòng', edit: 'Đã lưu phòng' },
      },
    });
    const locked = (await screen.findByText('P.101')).closest('tr')!;
    const open = screen.getByText('P.201').closest('tr')!;
    expect(within(locked).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(within(locked).queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(within(open).getByRole('button', { name: 'Sửa' })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Xoá' })).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: 'Xem' })).toBeNull();

    fireEvent.click(within(locked).getByRole('button', { name: 'Xem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xem phòng' });
    expect(within(dialog).getByText('Phòng P.101 là phòng mẫu: không thể sửa')).toBeInTheDocument();
    expect(within(dialog).getByText('Chế độ chỉ xem')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Tên phòng/)).toHaveValue('P.101');
    expect(within(dialog).getByLabelText(/Tên phòng/)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Lưu phòng' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Đóng' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(open).getByRole('button', { name: 'Sửa' }));
    const edit = await screen.findByRole('dialog', { name: 'Sửa phòng' });
    expect(within(edit).getByLabelText(/Tên phòng/)).toBeEnabled();
    expect(within(edit).getByRole('button', { name: 'Lưu phòng' })).toBeInTheDocument();
  });

  it('per-row rules hide edit and delete on the rows they refuse; extra row actions sit among them', async () => {
    const booked: Room[] = [];
    renderScreen(['GetAll', 'Update', 'Delete'], '/rooms', {
      // a room of 20 seats is in use: neither edited nor deleted
      canEdit: (room) => room.capacity < 20,
      canDelete: (room) => room.capacity < 20,
      extraActions: [{ key: 'book', label: 'Đặt phòng', icon: <span />, onSelect: (room) => booked.push(room), hidden: (room) => room.capacity < 20 }],
    });
    const big = (await screen.findByText('P.201')).closest('tr')!;
    const small = screen.getByText('P.101').closest('tr')!;
    expect(within(big).queryByRole('button', { name: 'Sửa' })).toBeNull();
    expect(within(big).queryByRole('button', { name: 'Xoá' })).toBeNull();
    expect(within(small).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Sửa', 'Xoá']);
    // the locked row is only shown ('Xem'), next to the screen's own action
    expect(within(big).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Xem', 'Đặt phòng']);
    fireEvent.click(within(big).getByRole('button', { name: 'Đặt phòng' }));
    expect(booked.map((room) => room.name)).toEqual(['P.201']);
  });
});

describe('bulk delete of a data source whose deletes cannot be undone', () => {
  const irreversible = createDataSource<Room>({
    key: ['rooms-for-good'],
    paths: { list: '/learning/room/list', remove: (id) => `/learning/room/delete/${id}`, bulkRemove: '/learning/room/bulk-delete' },
    id: (room) => room.room_id,
  });

  it('asks first, naming the count, and sends nothing before the answer', async () => {
    http.route('POST /learning/room/bulk-delete', () => ({ succeeded: [2, 1], refused: [] }));
    renderScreen(['GetAll', 'Delete'], '/rooms', { source: irreversible, bulk: { noun: 'phòng', rowLabel: (room) => room.name } });
    await screen.findByText('P.201');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Chọn mọi dòng của trang' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Thao tác với các dòng đã chọn' })).getByRole('button', { name: 'Xoá' }));
    const question = await screen.findByRole('alertdialog');
    expect(within(question).getByText('Xoá 2 phòng? Không thể hoàn tác.')).toBeInTheDocument();
    expect(http.to('POST /learning/room/bulk-delete')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Xoá' }));
    await waitFor(() => expect(http.to('POST /learning/room/bulk-delete').map((call) => call.body)).toEqual([{ ids: [2, 1] }]));
  });

  it('keeps the single delete behind its confirmation', async () => {
    renderScreen(['GetAll', 'Delete'], '/rooms', { source: irreversible, bulk: { noun: 'phòng' } });
    const row = (await screen.findByText('P.101')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Xoá' }));
    expect(await screen.findByRole('button', { name: 'Đồng ý' })).toBeInTheDocument();
    expect(http.to('DELETE /learning/room/delete/1')).toHaveLength(0);
  });
});
