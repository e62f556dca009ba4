/** The fields of a session's time, bound to formik: the date (DD/MM/YYYY), the start (HH:mm), the duration and the room. */
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { DateField, FormField, SelectField, SimpleGrid, type SelectOption } from '@trungtam/shared/ui';
import * as yup from 'yup';
import { yupFieldFromSchema } from '@trungtam/shared/forms';
import { ScheduleDuration } from '@trungtam/shared/schemas/schedules';
import { useRoomChoices } from '../../common/lookups';
import { SESSION_TEXTS as T } from './texts';

/** A session's new time as the form holds it. */
export interface SessionTimeValues {
  schedule_date: string;
  /** 'HH:mm'. */
  start: string;
  duration: number | '';
  /** 0: the class's room (or the session's, when moving, unchanged). */
  room_id: number;
}

const START = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export const sessionTimeSchema = {
  schedule_date: yup.string().required(T.dateRequired),
  start: yup.string().trim().required(T.startInvalid).matches(START, T.startInvalid),
  // the API's duration rule and message; required here, as the form always sends one
  duration: yupFieldFromSchema(ScheduleDuration),
  room_id: yup.number(),
};

/** The values the API takes: schedule_date, schedule_hour, schedule_minute, duration and, when one is chosen, room_id. */
export function sessionTimeBody(values: SessionTimeValues) {
  const [, hour, minute] = START.exec(values.start.trim()) ?? [];
  return {
    schedule_date: values.schedule_date,
    schedule_hour: Number(hour),
    schedule_minute: Number(minute),
    duration: Number(values.duration),
    ...(values.room_id ? { room_id: values.room_id } : {}),
  };
}

/** The date, start, duration and room of a session; `roomPlaceholder` names what no room chosen means. */
export function SessionTimeFields({ rooms, roomPlaceholder }: { rooms: SelectOption[]; roomPlaceholder: string }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <DateField name="schedule_date" label={T.date} required />
      <FormField name="start" label={T.start} helperText={T.startHelp} required />
      <FormField name="duration" label={T.duration} type="number" required />
      <SelectField name="room_id" label={T.room} options={rooms} numeric placeholder={roomPlaceholder} />
    </SimpleGrid>
  );
}

/**
 * The rooms a session's form offers: those of the session's centre (a session stays in its centre), for a
 * user who may list rooms; anyone else is offered only the session's own room, named from the session,
 * and asks for no list they would be refused.
 */
export function useSessionRooms(session: Pick<ClassSchedule, 'center_id' | 'room'>, { keepOwn }: { keepOwn: boolean }): SelectOption[] {
  const mayListRooms = can(useCurrentUser(), 'LearningRoom', 'GetAll');
  const rooms = useRoomChoices({ enabled: mayListRooms });
  if (mayListRooms) return rooms.ofCenter(session.center_id ?? 0);
  return keepOwn && session.room ? [{ value: session.room.room_id, label: session.room.name }] : [];
}
