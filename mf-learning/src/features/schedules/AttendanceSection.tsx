/**
 * A session's attendance. Whoever may take it (`can_take_attendance`) gets one row per student with
 * Có mặt / Vắng / Có phép (a radio group: arrow keys move between them), showing the attendance saved and
 * nothing else: nobody is marked present until someone says so ("Tất cả có mặt" marks those not marked
 * yet), and "Lưu điểm danh" waits until every student is marked. Anyone else sees it read-only; a
 * student only whether it was taken.
 */
import { reasonOf } from '@trungtam/shared/api';
import { ATTENDANCE_STATUSES, type AttendanceRequest, type AttendanceStatus, type ClassSchedule, type ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, HStack, RadioGroup, Spinner, Stack, SubmitButton, SubmitForm, Table, Tag, Text } from '@trungtam/shared/ui';
import type { ReactNode } from 'react';
import * as yup from 'yup';
import { useClassStudents, useSaveAttendance, type SessionStudent } from './api';
import { ATTENDANCE_LABELS, SCHEDULES_TEXTS, SESSION_TEXTS as T } from './texts';

const isStatus = (value: string): value is AttendanceStatus => (ATTENDANCE_STATUSES as readonly string[]).includes(value);

/**
 * Who takes part: a regular session's active enrolments that count on its date, a make-up session's own
 * students; and whoever the attendance saved holds and the session still has (an enrolment completed
 * since is no longer active, but its line stays as it was saved). A user who may not list enrolments
 * takes the session's own participants (named in its answer) rather than a refused call.
 */
export function useSessionStudents(detail: ScheduleDetail | undefined, enabled: boolean) {
  const mayListEnrolments = can(useCurrentUser(), 'LearningClassEnrollments', 'GetAll');
  const regular = !!detail && detail.makeup_of === null && mayListEnrolments;
  const enrolled = useClassStudents(detail?.class_id ?? 0, detail?.schedule_date ?? '', enabled && regular);
  const participants: SessionStudent[] = (detail?.participants ?? []).map((p) => ({ user_id: p.user_id, name: p.name }));
  if (!detail || !regular) return { students: participants, loading: false, failed: false, retry: () => undefined };
  const listed = enrolled.data ?? [];
  const saved = new Set(detail.attendance.map((entry) => entry.user_id));
  const kept = participants.filter((p) => saved.has(p.user_id) && !listed.some((s) => s.user_id === p.user_id));
  return { students: [...listed, ...kept], loading: enrolled.isPending, failed: enrolled.isError, retry: () => void enrolled.refetch() };
}

/** A student's name: from the students list, else the participants, else their id. */
export function studentNamer(students: SessionStudent[], detail: ScheduleDetail) {
  const names = new Map<number, string>();
  for (const p of detail.participants) names.set(p.user_id, p.name);
  for (const s of students) if (s.name) names.set(s.user_id, s.name);
  return (userId: number) => names.get(userId) ?? T.studentName(userId);
}

export function AttendanceBadge({ session }: { session: Pick<ClassSchedule, 'is_attendance'> }) {
  return session.is_attendance ? (
    <Tag palette="green">
      {SCHEDULES_TEXTS.attendedMark} {SCHEDULES_TEXTS.attended}
    </Tag>
  ) : (
    <Tag palette="gray">{SCHEDULES_TEXTS.notAttended}</Tag>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={T.attendanceTitle}>
      <Text fontWeight="semibold">{T.attendanceTitle}</Text>
      {children}
    </Stack>
  );
}

export function AttendanceSection({
  session,
  detail,
  studentView,
  formDelayMs,
}: {
  session: ClassSchedule;
  /** Undefined while it loads (or when it could not be): then only whether attendance was taken. */
  detail: ScheduleDetail | undefined;
  /** A student: only whether attendance was taken, whatever the detail holds. */
  studentView: boolean;
  formDelayMs?: number;
}) {
  const editable = !studentView && !!detail?.can_take_attendance;
  const { students, loading, failed, retry } = useSessionStudents(detail, editable);

  if (studentView || !detail) {
    return (
      <Section>
        <Text>{session.is_attendance ? T.attendanceTaken : T.attendanceNotTaken}</Text>
      </Section>
    );
  }
  if (!editable) return <AttendanceReadOnly detail={detail} />;
  if (loading) {
    return (
      <Section>
        <HStack role="status" color="fg.muted">
          <Spinner size="sm" aria-hidden="true" />
          <Text>{T.loadingStudents}</Text>
        </HStack>
      </Section>
    );
  }
  if (failed) {
    return (
      <Section>
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{T.studentsFailed}</Alert.Title>
          <Button size="xs" variant="outline" ms="auto" onClick={retry}>
            {SCHEDULES_TEXTS.retry}
          </Button>
        </Alert.Root>
      </Section>
    );
  }
  if (students.length === 0) {
    return (
      <Section>
        <Text color="fg.muted">{T.noStudents}</Text>
      </Section>
    );
  }
  return <AttendanceForm detail={detail} students={students} formDelayMs={formDelayMs} />;
}

/** The attendance as taken: each student and their status, or that it was not taken yet. */
function AttendanceReadOnly({ detail }: { detail: ScheduleDetail }) {
  const nameOf = studentNamer([], detail);
  if (!detail.is_attendance || detail.attendance.length === 0) {
    return (
      <Section>
        <Text>{T.attendanceNotTaken}</Text>
      </Section>
    );
  }
  return (
    <Section>
      <Table.Root size="sm" aria-label={T.attendanceTitle}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.student}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.status}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {detail.attendance.map((entry) => (
            <Table.Row key={entry.user_id}>
              <Table.Cell>{nameOf(entry.user_id)}</Table.Cell>
              <Table.Cell>{isStatus(entry.status) ? ATTENDANCE_LABELS[entry.status] : entry.status}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Section>
  );
}

interface AttendanceValues {
  /** Status by student id; '' for a student not marked yet. */
  statuses: Record<string, AttendanceStatus | ''>;
}

/** How many students are not marked yet (Formik hands the schema '' as undefined). */
const unmarkedIn = (values: AttendanceValues) => Object.values(values.statuses).filter((status) => !status).length;

/** A roll is saved whole: every student marked (the count left is shown beside the button). */
const everyoneMarked = yup.object({
  statuses: yup.object().test('marked', (statuses, context) => {
    const left = unmarkedIn({ statuses: (statuses ?? {}) as AttendanceValues['statuses'] });
    return left ? context.createError({ message: T.unmarked(left) }) : true;
  }),
});

function AttendanceForm({ detail, students, formDelayMs }: { detail: ScheduleDetail; students: SessionStudent[]; formDelayMs?: number }) {
  const save = useSaveAttendance();
  const taken = new Map(detail.attendance.map((entry) => [entry.user_id, entry.status]));
  // what was saved, and no mark for anyone else: a roll never taken starts blank
  const initial: AttendanceValues = {
    statuses: Object.fromEntries(
      students.map((student) => {
        const status = taken.get(student.user_id);
        return [String(student.user_id), status && isStatus(status) ? status : ''];
      }),
    ),
  };
  const nameOf = studentNamer(students, detail);
  return (
    <Section>
      <SubmitForm<AttendanceValues, ScheduleDetail>
        // a new attendance taken (or another list of students) starts the form again from it
        key={`${students.map((s) => s.user_id).join(',')}|${detail.attendance.map((a) => `${a.user_id}:${a.status}`).join(',')}`}
        aria-label={T.attendanceTitle}
        initialValues={initial}
        validationSchema={everyoneMarked}
        delayMs={formDelayMs}
        successMessage={T.attendanceSaved}
        failureMessage={(error) => reasonOf(error, T.attendanceFailed)}
        onSubmit={(values) =>
          save.mutateAsync({
            schedule_id: detail.schedule_id,
            attendance: students.flatMap((student) => {
              const status = values.statuses[String(student.user_id)];
              return status ? [{ user_id: student.user_id, status }] : [];
            }),
          } satisfies AttendanceRequest)
        }
      >
        {(formik) => {
          const counts = ATTENDANCE_STATUSES.map((status) => Object.values(formik.values.statuses).filter((s) => s === status).length);
          const unmarked = unmarkedIn(formik.values);
          const markAllPresent = () =>
            void formik.setValues({ statuses: Object.fromEntries(Object.entries(formik.values.statuses).map(([id, status]) => [id, status || 'present'])) });
          return (
            <Stack gap="3">
              <HStack justify="flex-end">
                <Button size="xs" variant="outline" onClick={markAllPresent} disabled={unmarked === 0}>
                  {T.allPresent}
                </Button>
              </HStack>
              <Box overflowX="auto">
                <Table.Root size="sm" aria-label={T.attendanceTitle}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{T.student}</Table.ColumnHeader>
                      <Table.ColumnHeader>{T.status}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {students.map((student) => {
                      const key = String(student.user_id);
                      return (
                        <Table.Row key={key}>
                          <Table.Cell>{nameOf(student.user_id)}</Table.Cell>
                          <Table.Cell>
                            <RadioGroup.Root
                              size="sm"
                              colorPalette="blue"
                              aria-label={T.statusOf(nameOf(student.user_id))}
                              name={`attendance-${key}`}
                              value={formik.values.statuses[key] || null}
                              onValueChange={(event) => {
                                if (event.value && isStatus(event.value)) void formik.setFieldValue(`statuses.${key}`, event.value);
                              }}
                            >
                              <HStack gap="4" wrap="wrap">
                                {ATTENDANCE_STATUSES.map((status) => (
                                  <RadioGroup.Item key={status} value={status}>
                                    <RadioGroup.ItemHiddenInput />
                                    <RadioGroup.ItemIndicator />
                                    <RadioGroup.ItemText>{ATTENDANCE_LABELS[status]}</RadioGroup.ItemText>
                                  </RadioGroup.Item>
                                ))}
                              </HStack>
                            </RadioGroup.Root>
                          </Table.Cell>
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Box>
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Text color="fg.muted" fontSize="sm">
                  {T.summary(counts[0], counts[1], counts[2])}
                  {unmarked > 0 && <Text as="span" color="fg.error">{` · ${T.unmarked(unmarked)}`}</Text>}
                </Text>
                <SubmitButton size="sm">{T.saveAttendance}</SubmitButton>
              </HStack>
            </Stack>
          );
        }}
      </SubmitForm>
    </Section>
  );
}
