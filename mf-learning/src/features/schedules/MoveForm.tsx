/**
 * Moving a session: a new date, start, duration or room (a room of the session's centre). The API checks
 * the teacher, the room and the students for a clash: its 409 names it, and is shown in the form with
 * everything typed kept.
 */
import { reasonOf } from '@trungtam/shared/api';
import type { ClassSchedule, ScheduleMoveRequest } from '@trungtam/shared/contracts/schedules';
import { formatTime } from '@trungtam/shared/format';
import { Button, HStack, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import * as yup from 'yup';
import { useMoveSession } from './api';
import { SessionTimeFields, sessionTimeBody, sessionTimeSchema, useSessionRooms, type SessionTimeValues } from './fields';
import { SESSION_TEXTS as T } from './texts';

const schema = yup.object(sessionTimeSchema);

export function MoveForm({ session, onDone, formDelayMs }: { session: ClassSchedule; onDone: () => void; formDelayMs?: number }) {
  const move = useMoveSession();
  // a session moves within its centre (or, for whoever may not list its rooms, stays in its room)
  const rooms = useSessionRooms(session, { keepOwn: true });
  const initial: SessionTimeValues = {
    schedule_date: session.schedule_date,
    start: formatTime(session.schedule_hour, session.schedule_minute),
    duration: session.duration,
    room_id: session.room_id ?? 0,
  };
  return (
    <Stack gap="3" as="section" aria-label={T.moveTitle}>
      <Text fontWeight="semibold">{T.moveTitle}</Text>
      <SubmitForm<SessionTimeValues, ClassSchedule>
        aria-label={T.moveTitle}
        initialValues={initial}
        validationSchema={schema}
        delayMs={formDelayMs}
        successMessage={T.moved}
        failureMessage={(error) => reasonOf(error, T.moveFailed)}
        onSubmit={(values) => move.mutateAsync({ schedule_id: session.schedule_id, ...sessionTimeBody(values) } satisfies ScheduleMoveRequest)}
        onSuccess={onDone}
      >
        <Stack gap="4">
          <SessionTimeFields rooms={rooms} roomPlaceholder={T.classRoom} />
          <HStack justify="flex-end" gap="3">
            <Button variant="outline" onClick={onDone}>
              {T.back}
            </Button>
            <SubmitButton>{T.moveSubmit}</SubmitButton>
          </HStack>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
