/**
 * A make-up session for the students who missed one: the students (those absent preselected; those
 * excused offered), the date, start, duration and room → POST /learning/class-schedule with makeup_of
 * and student_ids.
 */
import { reasonOf } from '@trungtam/shared/api';
import type { ClassSchedule, ScheduleCreateRequest, ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { formatTime } from '@trungtam/shared/format';
import { Button, Checkbox, HStack, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import * as yup from 'yup';
import { yupFieldFromSchema } from '@trungtam/shared/forms';
import { ScheduleCreateBody } from '@trungtam/shared/schemas/schedules';
import { useCreateMakeup } from './api';
import { studentNamer, useSessionStudents } from './AttendanceSection';
import { SessionTimeFields, sessionTimeBody, sessionTimeSchema, useSessionRooms, type SessionTimeValues } from './fields';
import { ATTENDANCE_LABELS, SESSION_TEXTS as T } from './texts';

interface MakeupValues extends SessionTimeValues {
  student_ids: number[];
}

/** The session's time, and the students as the API's make-up body takes them (at least one, with its message). */
const schema = yup.object({ ...sessionTimeSchema, student_ids: yupFieldFromSchema(ScheduleCreateBody.properties.student_ids) });

/** The students who missed the session: absent first, then excused. */
export function missedBy(detail: ScheduleDetail) {
  const absent = detail.attendance.filter((entry) => entry.status === 'absent');
  const excused = detail.attendance.filter((entry) => entry.status === 'excused');
  return { absent, candidates: [...absent, ...excused] };
}

export function MakeupForm({ detail, onDone, formDelayMs }: { detail: ScheduleDetail; onDone: () => void; formDelayMs?: number }) {
  const create = useCreateMakeup();
  // (without the rooms list: the class's room, the field's placeholder)
  const rooms = useSessionRooms(detail, { keepOwn: false });
  const { students } = useSessionStudents(detail, true);
  const nameOf = studentNamer(students, detail);
  const { absent, candidates } = missedBy(detail);
  const initial: MakeupValues = {
    student_ids: absent.map((entry) => entry.user_id),
    schedule_date: '',
    start: formatTime(detail.schedule_hour, detail.schedule_minute),
    duration: detail.duration,
    room_id: 0,
  };
  return (
    <Stack gap="3" as="section" aria-label={T.makeupTitle}>
      <Text fontWeight="semibold">{T.makeupTitle}</Text>
      <SubmitForm<MakeupValues, ClassSchedule>
        aria-label={T.makeupTitle}
        initialValues={initial}
        validationSchema={schema}
        delayMs={formDelayMs}
        successMessage={T.makeupCreated}
        failureMessage={(error) => reasonOf(error, T.makeupFailed)}
        onSubmit={(values) =>
          create.mutateAsync({
            class_id: detail.class_id,
            ...sessionTimeBody(values),
            makeup_of: detail.schedule_id,
            student_ids: candidates.map((entry) => entry.user_id).filter((id) => values.student_ids.includes(id)),
          } satisfies ScheduleCreateRequest)
        }
        onSuccess={onDone}
      >
        {(formik) => {
          const error = (formik.touched.student_ids || formik.submitCount > 0) && typeof formik.errors.student_ids === 'string' ? formik.errors.student_ids : undefined;
          return (
            <Stack gap="4">
              <Stack as="fieldset" gap="2" border="0" p="0" m="0" minW="0" aria-describedby={error ? 'makeup-students-error' : undefined}>
                <Text as="legend" fontWeight="medium" fontSize="sm" mb="2">
                  {T.makeupStudents}
                  <Text as="span" color="fg.error" ms="1" aria-hidden="true">
                    *
                  </Text>
                </Text>
                <Stack gap="2">
                  {candidates.map((entry) => (
                    <Checkbox.Root
                      key={entry.user_id}
                      colorPalette="blue"
                      checked={formik.values.student_ids.includes(entry.user_id)}
                      onCheckedChange={(event) => {
                        const others = formik.values.student_ids.filter((id) => id !== entry.user_id);
                        void formik.setFieldValue('student_ids', event.checked === true ? [...others, entry.user_id] : others);
                        void formik.setFieldTouched('student_ids', true, false);
                      }}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {nameOf(entry.user_id)} ({entry.status === 'absent' ? ATTENDANCE_LABELS.absent : ATTENDANCE_LABELS.excused})
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
                {error && (
                  <Text id="makeup-students-error" color="fg.error" fontSize="sm">
                    {error}
                  </Text>
                )}
              </Stack>
              <SessionTimeFields rooms={rooms} roomPlaceholder={T.classRoom} />
              <HStack justify="flex-end" gap="3">
                <Button variant="outline" onClick={onDone}>
                  {T.back}
                </Button>
                <SubmitButton>{T.makeupSubmit}</SubmitButton>
              </HStack>
            </Stack>
          );
        }}
      </SubmitForm>
    </Stack>
  );
}
