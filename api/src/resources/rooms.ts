/**
 * Rooms (LearningRoom): the resource factory's five routes under /learning/room/…; each room is in a
 * centre. The access policy keeps a giáo vụ of a centre to the rooms of that centre, and the centre a room
 * is put in is a reference (references.ts): another centre's is answered as a missing one. A room name is
 * unique within its centre among the rooms not deleted. A room that classes or future sessions use cannot be
 * deleted (409 naming them); a deleted one stays restorable for a minute (past sessions keep pointing at it).
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { RoomRecord } from '@trungtam/shared/schemas/records';
import { ROOM_TEXT, RoomWrite } from '@trungtam/shared/schemas/settings';
import { centreReference } from '../access/references';
import { classes, classSchedules, rooms } from '../db/schema';
import { assertNameFree, assertUnused, listFilter, crudPaths, declareResource, blankToNull } from '../factory';
import { IdFilter } from '@trungtam/shared/schemas/builders';

export default declareResource({
  name: 'Room',
  tag: 'learning',
  paths: crudPaths('/learning/room'),
  permission: 'LearningRoom',
  policy: 'LearningRoom',
  table: rooms,
  primaryKey: rooms.roomId,
  idField: 'room_id',
  schemas: { record: RoomRecord, write: RoomWrite },
  sort: {
    columns: { room_id: rooms.roomId, id: rooms.roomId, name: rooms.name, room_number: rooms.roomNumber, capacity: rooms.capacity, center_id: rooms.centerId },
    default: 'room_id',
  },
  search: [rooms.name, rooms.roomNumber],
  filters: {
    center_id: listFilter(IdFilter('center_id phải là số'), (centerId) => (centerId ? eq(rooms.centerId, centerId) : undefined)),
  },
  updatedAt: rooms.updatedAt,
  softDelete: rooms.deletedAt,
  toRecord: (row: typeof rooms.$inferSelect) => ({
    room_id: row.roomId,
    center_id: row.centerId,
    name: row.name,
    room_number: row.roomNumber,
    capacity: row.capacity,
  }),
  toValues: (body) => ({
    centerId: body.center_id,
    name: body.name.trim(),
    roomNumber: blankToNull(body.room_number),
    capacity: body.capacity ?? null,
  }),
  // another centre's is answered as a missing one; another centre's room itself stays a 403
  references: async (db, actor, body) => {
    await centreReference(db, actor, 'center_id', body.center_id);
  },
  async beforeWrite(db, _actor, body, existing) {
    await assertNameFree(db, { table: rooms, column: rooms.name, primaryKey: rooms.roomId }, body.name, ROOM_TEXT.duplicate, {
      exceptId: existing?.roomId,
      within: and(eq(rooms.centerId, body.center_id), isNull(rooms.deletedAt)),
    });
  },
  beforeDelete: (db, _actor, room) =>
    assertUnused(db, 'Phòng học', [
      { table: classes, where: and(eq(classes.roomId, room.roomId), isNull(classes.deletedAt)), what: 'lớp học' },
      { table: classSchedules, where: and(eq(classSchedules.roomId, room.roomId), gte(classSchedules.scheduleDate, operatorToday())), what: 'buổi học sắp tới' },
    ]),
  messages: { duplicate: ROOM_TEXT.duplicate, inUse: 'Phòng học đang được sử dụng: không thể xoá' },
});
