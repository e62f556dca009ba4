/**
 * One session's roll on a phone. "Tất cả có mặt" marks everyone not marked present and saves the roll at
 * once (PUT /learning/class-schedule/is-attendance, which tells the families of the absent); the
 * exceptions are one tap each on the student's Vắng / Có phép / Có mặt: before the roll is saved they wait
 * for the big button, after it each tap saves the roll again. So a roll with everyone present is two taps
 * from "Hôm nay" (the session, the button). Each student has a note field ("đến muộn 15 phút": there is no
 * "late" status), saved with the roll, or on leaving the field once the roll is saved; the page has nothing
 * fixed, so the phone's keyboard never hides it. Whoever may not take this roll sees it read-only.
 */
import { reasonOf } from '@trungtam/shared/api';
import { ATTENDANCE_STATUSES, type AttendanceStatus, type ClassSchedule, type ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { wait } from '@trungtam/shared/forms/submit';
import { Alert, Box, Button, HStack, Heading, Input, Spinner, Stack, Text, notifyError, notifySuccess } from '@trungtam/shared/ui';
import { ATTENDANCE_NOTE_MAX } from '@trungtam/shared/schemas/schedules';
import { FORM_SUBMIT_DELAY_MS } from '@trungtam/shared/validation';
import { useState } from 'react';
import type { SessionStudent } from '../schedules/api';
import { useSaveAttendance, useScheduleDetail } from '../schedules/api';
import { studentNamer, useSessionStudents } from '../schedules/AttendanceSection';
import { ATTENDANCE_LABELS, SESSION_TEXTS } from '../schedules/texts';
import { className, dayText, timeRange } from '../schedules/view';
import { TODAY_TEXTS as T } from './texts';
import { everyonePresent, isComplete, type RollMarks } from './today';

/** The big targets of a phone: at least 44 px (the button's own size is 'lg', 44 px; the main one is taller). */
const TOUCH = '44px';

export interface TodayRollProps {
  sessionId: number;
  /** The session's row from the day's list, shown while its detail loads. */
  row: ClassSchedule | null;
  onBack: () => void;
  formDelayMs?: number;
}

export function TodayRoll({ sessionId, row, onBack, formDelayMs = FORM_SUBMIT_DELAY_MS }: TodayRollProps) {
  const detailQuery = useScheduleDetail(sessionId, true);
  const detail = detailQuery.data;
  const session = detail ?? row;
  const editable = !!detail?.can_take_attendance;
  const { students, loading, failed, retry } = useSessionStudents(detail, editable);

  return (
    <Stack gap="4" maxW="40rem" mx="auto" w="full">
      <Box>
        <Button variant="ghost" minH={TOUCH} px="2" ms="-2" onClick={onBack}>
          {T.back}
        </Button>
      </Box>
      <Box>
        <Heading as="h1" size="xl" overflowWrap="anywhere">
          {session ? className(session) : T.rollTitle}
        </Heading>
        {session && (
          <Text color="fg.muted">
            {dayText(session.schedule_date)} · {timeRange(session)}
            {session.room ? ` · ${session.room.name}` : ''}
          </Text>
        )}
      </Box>
      {detailQuery.isError ? (
        <Failed text={SESSION_TEXTS.loadFailed} onRetry={() => void detailQuery.refetch()} />
      ) : !detail || (editable && loading) ? (
        <HStack role="status" color="fg.muted">
          <Spinner size="sm" aria-hidden="true" />
          <Text>{SESSION_TEXTS.loadingStudents}</Text>
        </HStack>
      ) : !editable ? (
        <ReadOnlyRoll detail={detail} />
      ) : failed ? (
        <Failed text={SESSION_TEXTS.studentsFailed} onRetry={retry} />
      ) : students.length === 0 ? (
        <Text color="fg.muted">{SESSION_TEXTS.noStudents}</Text>
      ) : (
        <RollForm
          // a roll saved elsewhere (or another list of students) starts the marks again from it
          key={`${students.map((s) => s.user_id).join(',')}|${detail.attendance.map((a) => `${a.user_id}:${a.status}`).join(',')}`}
          detail={detail}
          students={students}
          formDelayMs={formDelayMs}
        />
      )}
    </Stack>
  );
}

function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
      <Button size="sm" variant="outline" ms="auto" minH={TOUCH} onClick={onRetry}>
        {T.retry}
      </Button>
    </Alert.Root>
  );
}

function ReadOnlyRoll({ detail }: { detail: ScheduleDetail }) {
  const nameOf = studentNamer([], detail);
  if (!detail.is_attendance || detail.attendance.length === 0) return <Text>{SESSION_TEXTS.attendanceNotTaken}</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={SESSION_TEXTS.attendanceTitle}>
      {detail.attendance.map((entry) => (
        <HStack as="li" key={entry.user_id} justify="space-between" minH={TOUCH}>
          <Text>{nameOf(entry.user_id)}</Text>
          <Text color="fg.muted" textAlign="end">
            {ATTENDANCE_LABELS[entry.status as AttendanceStatus] ?? entry.status}
            {entry.note ? ` · ${entry.note}` : ''}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** The exception buttons of a student, each a toggle (aria-pressed), side by side on a 390 px screen. */
const CHOICES: readonly AttendanceStatus[] = ATTENDANCE_STATUSES;
const PALETTES: Record<AttendanceStatus, string> = { present: 'green', absent: 'red', excused: 'orange' };

function RollForm({ detail, students, formDelayMs }: { detail: ScheduleDetail; students: SessionStudent[]; formDelayMs: number }) {
  const save = useSaveAttendance();
  const nameOf = studentNamer(students, detail);
  const [marks, setMarks] = useState<RollMarks>(() => {
    const taken = new Map(detail.attendance.map((entry) => [entry.user_id, entry.status]));
    return Object.fromEntries(students.map((s) => [s.user_id, (taken.get(s.user_id) as AttendanceStatus | undefined) ?? ''])) as RollMarks;
  });
  const savedNotes = () => Object.fromEntries(students.map((s) => [s.user_id, detail.attendance.find((a) => a.user_id === s.user_id)?.note ?? ''])) as Record<number, string>;
  const [notes, setNotes] = useState<Record<number, string>>(savedNotes);
  const [saving, setSaving] = useState(false);
  // a roll saved once is saved again on each change; before that, the changes wait for the big button
  const saved = !!detail.is_attendance && isComplete(marks);

  const submit = async (next: Record<number, AttendanceStatus>) => {
    setMarks(next);
    setSaving(true);
    try {
      await wait(formDelayMs);
      await save.mutateAsync({
        schedule_id: detail.schedule_id,
        attendance: students.map((s) => ({ user_id: s.user_id, status: next[s.user_id], note: notes[s.user_id]?.trim() || null })),
      });
      notifySuccess(SESSION_TEXTS.attendanceSaved);
    } catch (error) {
      notifyError(reasonOf(error, SESSION_TEXTS.attendanceFailed));
    } finally {
      setSaving(false);
    }
  };

  /** Leaving a student's note: saved at once once the roll is saved (before, it waits for the big button). */
  const noteLeft = (userId: number) => {
    if (saved && isComplete(marks) && (notes[userId] ?? '').trim() !== (savedNotes()[userId] ?? '').trim()) void submit(marks);
  };

  const mark = (userId: number, status: AttendanceStatus) => {
    const next = { ...marks, [userId]: status };
    if (saved && isComplete(next)) void submit(next);
    else setMarks(next);
  };

  const counts = CHOICES.map((status) => Object.values(marks).filter((s) => s === status).length);
  const unmarked = Object.values(marks).filter((s) => !s).length;

  return (
    <Stack gap="4" as="section" aria-label={SESSION_TEXTS.attendanceTitle}>
      {saved ? (
        <Text role="status" color="fg.success" fontWeight="medium">
          {saving ? T.saving : T.savedSummary(counts[0], counts[1], counts[2])}
        </Text>
      ) : (
        <Button
          colorPalette="green"
          size="xl"
          minH="56px"
          w="full"
          fontSize="lg"
          loading={saving}
          loadingText={T.saving}
          onClick={() => void submit(everyonePresent(marks))}
        >
          {unmarked === students.length ? SESSION_TEXTS.allPresent : T.restPresent(unmarked)}
        </Button>
      )}
      <Text color="fg.muted" fontSize="sm">
        {saved ? T.exceptionsAfter : T.exceptionsBefore}
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
        {students.map((student) => {
          const name = nameOf(student.user_id);
          const current = marks[student.user_id];
          return (
            <Stack as="li" key={student.user_id} gap="1" borderBottomWidth="1px" borderColor="border" pb="3">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {name}
              </Text>
              <Box role="group" aria-label={SESSION_TEXTS.statusOf(name)} display="grid" gridTemplateColumns="repeat(3, minmax(0, 1fr))" gap="2">
                {CHOICES.map((status) => (
                  <Button
                    key={status}
                    size="lg"
                    minH={TOUCH}
                    px="1"
                    colorPalette={PALETTES[status]}
                    variant={current === status ? 'solid' : 'outline'}
                    aria-pressed={current === status}
                    disabled={saving}
                    onClick={() => mark(student.user_id, status)}
                  >
                    {ATTENDANCE_LABELS[status]}
                  </Button>
                ))}
              </Box>
              <Input
                aria-label={T.noteOf(name)}
                placeholder={T.notePlaceholder}
                value={notes[student.user_id] ?? ''}
                maxLength={ATTENDANCE_NOTE_MAX}
                onChange={(event) => setNotes({ ...notes, [student.user_id]: event.target.value })}
                onBlur={() => noteLeft(student.user_id)}
                enterKeyHint="done"
                // 16 px: a phone does not zoom into the field
                fontSize="md"
                minH={TOUCH}
                disabled={saving}
              />
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
