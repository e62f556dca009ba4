/**
 * One session opened from the calendar or the list: its class, date (DD/MM/YYYY and weekday), time,
 * room, centre and teacher, what it makes up for and its make-ups, then its attendance and what the
 * user may do with it: move or cancel it, or give it to a substitute teacher ("Dạy thay"), before
 * attendance is taken, or arrange a make-up session for the students absent. What the user may do is the API's answer (`can_take_attendance`, `can_edit`).
 */
import type { ClassSchedule, ScheduleDetail } from '@trungtam/shared/contracts/schedules';
import { formatTime } from '@trungtam/shared/format';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Badge, Box, Button, ConfirmDelete, Dialog, Fact, HStack, RecordDialog, Separator, SimpleGrid, Spinner, Stack, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { useCancelSession, useScheduleDetail } from './api';
import { AttendanceBadge, AttendanceSection } from './AttendanceSection';
import { MakeupForm, missedBy } from './MakeupForm';
import { MoveForm } from './MoveForm';
import { SubstituteForm } from './SubstituteForm';
import { SCHEDULES_TEXTS, SESSION_TEXTS as T } from './texts';
import { className, dayText, timeRange } from './view';

/** The session to show: its id, and its row when the screen has it (shown while the detail loads). */
export interface OpenedSession {
  id: number;
  row: ClassSchedule | null;
}

export interface SessionDialogProps {
  opened: OpenedSession | null;
  onClose: () => void;
  /** Opens another session (the one made up for, or a make-up). */
  onOpen: (id: number) => void;
  /** The forms' wait before their call (1 second; tests pass 0). */
  formDelayMs?: number;
}

export function SessionDialog({ opened, onClose, onOpen, formDelayMs }: SessionDialogProps) {
  return (
    <RecordDialog open={opened !== null} onClose={onClose} closeLabel={T.close}>
      {opened && <SessionContent key={opened.id} opened={opened} onClose={onClose} onOpen={onOpen} formDelayMs={formDelayMs} />}
    </RecordDialog>
  );
}

type Mode = 'details' | 'move' | 'makeup' | 'substitute';

function SessionContent({ opened, onClose, onOpen, formDelayMs }: { opened: OpenedSession; onClose: () => void; onOpen: (id: number) => void; formDelayMs?: number }) {
  const me = useCurrentUser();
  // a student reads the sessions of their classes, not who attended them
  const studentView = me?.type === 'student';
  // whoever lists a session may open it
  const detailQuery = useScheduleDetail(opened.id, true);
  const detail = detailQuery.data;
  const session: ClassSchedule | null = detail ?? opened.row;
  const [mode, setMode] = useState<Mode>('details');
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelSession();

  if (!session) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>{SCHEDULES_TEXTS.details}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>{detailQuery.isError ? <LoadFailed onRetry={() => void detailQuery.refetch()} /> : <Loading />}</Dialog.Body>
      </>
    );
  }

  const editable = !!detail?.can_edit;
  const mayMove = editable && !detail.is_attendance;
  const mayMakeup = editable && !!detail.is_attendance && missedBy(detail).absent.length > 0;
  const when = `${dayText(session.schedule_date)} ${timeRange(session)}`;

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{T.title(className(session))}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Fact label={SCHEDULES_TEXTS.className}>{className(session)}</Fact>
            <Fact label={SCHEDULES_TEXTS.date}>{dayText(session.schedule_date)}</Fact>
            <Fact label={SCHEDULES_TEXTS.time}>{timeRange(session)}</Fact>
            <Fact label={SCHEDULES_TEXTS.room}>{session.room?.name ?? '-'}</Fact>
            <Fact label={SCHEDULES_TEXTS.center}>{session.center?.name ?? '-'}</Fact>
            <Fact label={SCHEDULES_TEXTS.teacher}>
              {session.teacher?.name ?? '-'}
              {session.original_teacher && (
                <Badge ms="2" colorPalette="orange" variant="subtle">
                  {T.substituteOf(session.original_teacher.name)}
                </Badge>
              )}
            </Fact>
            <Fact label={SCHEDULES_TEXTS.attendance}>
              <AttendanceBadge session={session} />
            </Fact>
          </SimpleGrid>
          <MakeupInfo session={session} detail={detail} onOpen={onOpen} />
          {detailQuery.isPending && <Loading />}
          {detailQuery.isError && <LoadFailed onRetry={() => void detailQuery.refetch()} />}
          <Separator />
          {mode === 'details' && (
            <>
              <AttendanceSection session={session} detail={detail} studentView={studentView} formDelayMs={formDelayMs} />
              {(mayMove || mayMakeup) && (
                <Stack gap="3" as="section" aria-label={T.actions}>
                  <Separator />
                  <HStack gap="3" wrap="wrap">
                    {mayMove && (
                      <>
                        <Button size="sm" variant="outline" onClick={() => setMode('move')}>
                          {T.move}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setMode('substitute')}>
                          {T.substitute}
                        </Button>
                        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setCancelling(true)}>
                          {T.cancel}
                        </Button>
                      </>
                    )}
                    {mayMakeup && (
                      <Button size="sm" variant="outline" onClick={() => setMode('makeup')}>
                        {T.makeupCreate}
                      </Button>
                    )}
                  </HStack>
                </Stack>
              )}
            </>
          )}
          {mode === 'move' && mayMove && <MoveForm session={session} onDone={() => setMode('details')} formDelayMs={formDelayMs} />}
          {mode === 'substitute' && mayMove && <SubstituteForm session={session} onDone={() => setMode('details')} formDelayMs={formDelayMs} />}
          {mode === 'makeup' && mayMakeup && <MakeupForm detail={detail} onDone={() => setMode('details')} formDelayMs={formDelayMs} />}
        </Stack>
      </Dialog.Body>
      <ConfirmDelete
        open={cancelling}
        onClose={() => setCancelling(false)}
        onConfirm={() => cancel.mutateAsync(session.schedule_id)}
        onDeleted={onClose}
        message={T.cancelQuestion(className(session), when)}
        confirmLabel={T.cancel}
        cancelLabel={T.keep}
        successMessage={T.cancelled}
        failureMessage={T.cancelFailed}
      />
    </>
  );
}

function Loading() {
  return (
    <HStack role="status" color="fg.muted">
      <Spinner size="sm" aria-hidden="true" />
      <Text>{SCHEDULES_TEXTS.loading}</Text>
    </HStack>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{T.loadFailed}</Alert.Title>
      <Button size="xs" variant="outline" ms="auto" onClick={onRetry}>
        {SCHEDULES_TEXTS.retry}
      </Button>
    </Alert.Root>
  );
}

/** A make-up session names the session it makes up for; a session lists its make-ups. Each opens. */
function MakeupInfo({ session, detail, onOpen }: { session: ClassSchedule; detail: ScheduleDetail | undefined; onOpen: (id: number) => void }) {
  const original = useScheduleDetail(session.makeup_of, !!session.makeup_of);
  const makeups = detail?.makeups ?? [];
  if (!session.makeup_of && makeups.length === 0) return null;
  const link = (id: number, text: string) => (
    <Button variant="plain" size="sm" px="0" h="auto" colorPalette="blue" textDecoration="underline" aria-label={T.openSession(text)} onClick={() => onOpen(id)}>
      {text}
    </Button>
  );
  return (
    <Stack gap="2">
      {!!session.makeup_of && (
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette="purple" variant="subtle">
            {SCHEDULES_TEXTS.makeup}
          </Badge>
          <Text>{T.makeupOf}</Text>
          {link(session.makeup_of, original.data ? `${dayText(original.data.schedule_date)} ${timeRange(original.data)}` : T.makeupOfUnknown(session.makeup_of))}
        </HStack>
      )}
      {makeups.length > 0 && (
        <Box>
          <Text fontSize="xs" color="fg.muted">
            {T.makeups}
          </Text>
          <Stack gap="1" as="ul" listStyleType="none" m="0">
            {makeups.map((makeup) => (
              <li key={makeup.schedule_id}>{link(makeup.schedule_id, `${dayText(makeup.schedule_date)} ${formatTime(makeup.schedule_hour, makeup.schedule_minute)}`)}</li>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  );
}
