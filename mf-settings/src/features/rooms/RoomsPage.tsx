/**
 * Rooms (LearningRoom): centre, name, room number and capacity, over /learning/room/*. A giáo vụ of a
 * centre only gets that centre's rooms and centre choice from the API, so the screen needs no rule of its own.
 * Each row also gives the room's private calendar URL ("Lịch đăng ký (iCal)": its sessions, for a screen by
 * the door or the staff's phones), through the kit's CalendarFeedDialog.
 */
import type { Room } from '@trungtam/shared/contracts';
import {
  CalendarFeedDialog,
  CALENDAR_FEED_DIALOG_TEXTS,
  FilterSelect,
  FilterText,
  intParam,
  DataSourceScreen,
  textParam,
  type CalendarFeedTarget,
  type FilterCodecs,
  pageParams,
} from '@trungtam/shared/resource';
import { CalendarIcon } from '@trungtam/shared/icons';
import { useState } from 'react';
import { FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import { yupFromSchema } from '@trungtam/shared/forms';
import { RoomWriteBody } from '@trungtam/shared/schemas/settings';
import { rooms, useCenterChoices } from '@trungtam/shared/lookups';

export const ROOMS_TEXTS = {
  title: 'Phòng học',
  count: (n: number) => `${n} phòng học`,
  add: 'Thêm phòng học',
  table: 'Danh sách phòng học',
  name: 'Tên phòng',
  center: 'Trung tâm',
  number: 'Số phòng',
  capacity: 'Sức chứa',
  people: (n: number) => `${n} người`,
  search: 'Tìm theo tên, số phòng',
  allCenters: 'Tất cả trung tâm',
  chooseCenter: 'Chọn trung tâm',
  created: 'Bạn đã thêm phòng học thành công',
  updated: 'Bạn đã cập nhật phòng học thành công',
} as const;

interface Filters {
  search: string;
  center_id: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), center_id: intParam('center_id') };

interface Values {
  center_id: number;
  name: string;
  room_number: string;
  /** Empty: not given. */
  capacity: number | '';
}

/** The API's room write schema: its limits and messages. */
const schema = yupFromSchema(RoomWriteBody);

const toBody = (values: Values) => ({
  center_id: Number(values.center_id),
  name: values.name.trim(),
  room_number: values.room_number.trim() || null,
  capacity: values.capacity === '' ? null : Number(values.capacity),
});

export const ROOMS_PAGE_SIZE = 20;

export function RoomsPage() {
  const centerChoices = useCenterChoices();
  // one centre (a giáo vụ's): it is the only choice, so it is chosen already
  const onlyCenter = centerChoices.rows.length === 1 ? centerChoices.rows[0].center_id : 0;
  // the room whose calendar feed is shown
  const [feedOf, setFeedOf] = useState<CalendarFeedTarget | null>(null);
  return (
    <DataSourceScreen<Room, Filters, Values>
      source={rooms}
      permission="LearningRoom"
      texts={ROOMS_TEXTS}
      pageSize={ROOMS_PAGE_SIZE}
      bulk={{ noun: 'phòng học', rowLabel: (room) => room.name }}
      columns={[
        { header: ROOMS_TEXTS.name, cell: (room) => room.name, sortKey: 'name' },
        { header: ROOMS_TEXTS.number, cell: (room) => room.room_number ?? '-', sortKey: 'room_number' },
        { header: ROOMS_TEXTS.center, cell: (room) => centerChoices.nameOf(room.center_id), sortKey: 'center_id' },
        { header: ROOMS_TEXTS.capacity, cell: (room) => (room.capacity ? ROOMS_TEXTS.people(room.capacity) : '-'), sortKey: 'capacity' },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={ROOMS_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={ROOMS_TEXTS.center}
            value={draft.center_id}
            options={[{ value: 0, label: ROOMS_TEXTS.allCenters }, ...centerChoices.options]}
            onChange={(centerId) => setDraft({ ...draft, center_id: Number(centerId) })}
          />
        </>
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: ROOMS_PAGE_SIZE, sortColumn: 'room_id' }),
        search: filters.search || undefined,
        center_id: filters.center_id || undefined,
      })}
      form={{
        empty: { center_id: onlyCenter, name: '', room_number: '', capacity: '' },
        fromRecord: (room) => ({ center_id: room.center_id, name: room.name, room_number: room.room_number ?? '', capacity: room.capacity ?? '' }),
        toCreate: toBody,
        toUpdate: (room, values) => ({ room_id: room.room_id, ...toBody(values) }),
        schema,
        fields: () => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <SelectField name="center_id" label={ROOMS_TEXTS.center} options={centerChoices.options} numeric placeholder={ROOMS_TEXTS.chooseCenter} required />
            <FormField name="name" label={ROOMS_TEXTS.name} required />
            <FormField name="room_number" label={ROOMS_TEXTS.number} />
            <FormField name="capacity" label={ROOMS_TEXTS.capacity} type="number" />
          </SimpleGrid>
        ),
        texts: { createTitle: 'Thêm phòng học', editTitle: 'Sửa phòng học', createSubmit: 'Thêm phòng học', editSubmit: 'Lưu thay đổi', section: 'Thông tin phòng học' },
        successMessages: { create: ROOMS_TEXTS.created, edit: ROOMS_TEXTS.updated },
      }}
      extraActions={[
        { key: 'feed', label: CALENDAR_FEED_DIALOG_TEXTS.title, icon: <CalendarIcon />, onSelect: (room: Room) => setFeedOf({ kind: 'room', id: room.room_id, name: room.name }) },
      ]}
    >
      <CalendarFeedDialog target={feedOf} onClose={() => setFeedOf(null)} />
    </DataSourceScreen>
  );
}
