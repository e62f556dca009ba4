/**
 * The preview of the sessions a class's fields give (POST /learning/class/preview-schedule, which writes
 * nothing): each session's date and time, and for a clash (teacher, room, student busy; a holiday) the
 * choice of skipping it, moving it to the free slot the API proposes, holding it in the free room or with the
 * free teacher (a substitute) the API proposes, or keeping it; or one choice for every clash at once ("apply to
 * all"). A choice changes the form's `resolutions` (sent with create / update) and the preview follows it.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, reasonOf } from '@trungtam/shared/api';
import type { ClashResolution, ClassPreviewRequest, PreviewSession, SchedulePreview as Preview } from '@trungtam/shared/contracts/learning';
import { formatTime, vietnameseWeekday } from '@trungtam/shared/format';
import { Alert, Badge, Box, Button, HStack, isoToDisplay, NativeSelect, Spinner, Stack, Table, Text } from '@trungtam/shared/ui';
import { useState } from 'react';

export const PREVIEW_TEXTS = {
  show: 'Xem trước lịch học',
  refresh: 'Xem lại lịch',
  incomplete: 'Chọn gói khoá học, giáo viên, trung tâm, phòng học, ngày bắt đầu và lịch trong tuần để xem trước các buổi học.',
  failed: 'Không xem trước được lịch học',
  summary: (total: number, planned: number, clashes: number) =>
    `${planned}/${total} buổi học` + (clashes ? ` · ${clashes} buổi bị trùng chưa xử lý` : ' · không có buổi nào bị trùng chưa xử lý'),
  table: 'Các buổi học sẽ tạo',
  index: '#',
  date: 'Ngày',
  time: 'Giờ',
  status: 'Tình trạng',
  choice: 'Cách xử lý',
  existing: 'Đã diễn ra / đã điểm danh',
  ok: 'Không trùng',
  skipped: 'Bỏ qua',
  choose: 'Chọn cách xử lý',
  skip: 'Bỏ qua buổi này (học bù vào cuối khoá)',
  move: (to: string) => `Dời sang ${to}`,
  moveNone: 'Không tìm thấy ngày trống trong 4 tuần tới',
  keep: 'Giữ nguyên (chấp nhận trùng)',
  reassign: (room: string | null, teacher: string | null) =>
    room && teacher ? `Đổi phòng: ${room}; giáo viên ${teacher} dạy thay` : room ? `Đổi phòng: ${room}` : `Giáo viên ${teacher} dạy thay`,
  applyAll: 'Áp dụng cho tất cả buổi bị trùng',
  skipAll: 'Bỏ qua tất cả',
  moveAll: 'Dời tất cả sang lịch đề xuất',
  reassignAll: 'Đổi phòng / giáo viên trống cho tất cả',
  appliedAll: (count: number) => `Đã áp dụng cho ${count} buổi`,
  choiceLabel: (date: string) => `Cách xử lý buổi ${date}`,
  movedFrom: (from: string) => `dời từ ${from}`,
} as const;

const when = (date: string, hour: number, minute: number) => `${isoToDisplay(date)} ${formatTime(hour, minute)}`;

type ChoiceValue = '' | ClashResolution['action'];

function choiceOf(session: PreviewSession, resolutions: ClashResolution[]): ClashResolution | undefined {
  return resolutions.find((r) => r.date === session.date && r.hour === session.hour && r.minute === session.minute);
}

const slotKey = (slot: { date: string; hour: number; minute: number }) => `${slot.date} ${slot.hour}:${slot.minute}`;

/** Whether the session can be reassigned: the preview proposed a free room and / or teacher that fix its clashes. */
const canReassign = (session: PreviewSession) => !!(session.room_proposal || session.teacher_proposal);

/** The resolution of `action` for `session` (null when it does not apply: no free day or no free room / teacher proposed). */
function resolutionOf(session: PreviewSession, action: ClashResolution['action'], current: ClashResolution | undefined): ClashResolution | null {
  const slot = { date: session.date, hour: session.hour, minute: session.minute };
  if (action === 'move') {
    const target = session.proposal ?? (current?.action === 'move' ? current.to : undefined);
    return target ? { ...slot, action, to: target } : null;
  }
  if (action === 'reassign') {
    if (!canReassign(session)) return null;
    return {
      ...slot,
      action,
      ...(session.room_proposal ? { room_id: session.room_proposal.room_id } : {}),
      ...(session.teacher_proposal ? { teacher_id: session.teacher_proposal.id } : {}),
    };
  }
  return { ...slot, action };
}

export interface SchedulePreviewProps {
  /** The class's generation fields, or null while some are missing. */
  request: ClassPreviewRequest | null;
  resolutions: ClashResolution[];
  onResolutions: (next: ClashResolution[]) => void;
  readOnly?: boolean;
}

export function SchedulePreview({ request, resolutions, onResolutions, readOnly = false }: SchedulePreviewProps) {
  const [shown, setShown] = useState(false);
  const body = request ? { ...request, resolutions } : null;
  const preview = useQuery({
    queryKey: ['class-preview', body],
    queryFn: async () => (await api.post<{ data: Preview }>('/learning/class/preview-schedule', body)).data.data,
    enabled: shown && !!body,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const choose = (session: PreviewSession, action: ChoiceValue) => {
    const current = choiceOf(session, resolutions);
    const others = resolutions.filter((r) => r !== current);
    if (!action) return onResolutions(others);
    onResolutions([...others, resolutionOf(session, action, current)!]);
  };
  const [applied, setApplied] = useState<number | null>(null);
  /** "Apply to all": the same choice for every clashing session it can apply to (the others keep theirs). */
  const chooseAll = (action: 'skip' | 'move' | 'reassign') => {
    const clashing = (data?.sessions ?? []).filter((s) => s.state !== 'existing' && s.clashes.length > 0);
    const next = new Map(resolutions.map((r) => [slotKey(r), r]));
    let count = 0;
    for (const session of clashing) {
      const resolution = resolutionOf(session, action, choiceOf(session, resolutions));
      if (!resolution) continue;
      next.set(slotKey(session), resolution);
      count += 1;
    }
    setApplied(count);
    onResolutions([...next.values()]);
  };

  if (!request) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {PREVIEW_TEXTS.incomplete}
      </Text>
    );
  }
  const data = preview.data;
  const planned = data?.sessions.filter((s) => s.state !== 'skipped').length ?? 0;

  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => (shown ? void preview.refetch() : setShown(true))} loading={preview.isFetching}>
          {shown ? PREVIEW_TEXTS.refresh : PREVIEW_TEXTS.show}
        </Button>
        {data && (
          <Text role="status" fontWeight="medium" color={data.unresolved ? 'fg.error' : 'fg.success'}>
            {PREVIEW_TEXTS.summary(data.total_lesson, planned, data.unresolved)}
          </Text>
        )}
        {preview.isFetching && !data && <Spinner size="sm" />}
      </HStack>
      {preview.isError && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{reasonOf(preview.error, PREVIEW_TEXTS.failed)}</Alert.Title>
        </Alert.Root>
      )}
      {data && !readOnly && data.sessions.some((s) => s.state !== 'existing' && s.clashes.length > 0) && (
        <Stack gap="2" as="section" aria-label={PREVIEW_TEXTS.applyAll}>
          <Text fontSize="sm" fontWeight="medium">
            {PREVIEW_TEXTS.applyAll}
          </Text>
          <HStack gap="2" flexWrap="wrap">
            <Button size="sm" variant="outline" onClick={() => chooseAll('skip')}>
              {PREVIEW_TEXTS.skipAll}
            </Button>
            {data.sessions.some((s) => s.proposal) && (
              <Button size="sm" variant="outline" onClick={() => chooseAll('move')}>
                {PREVIEW_TEXTS.moveAll}
              </Button>
            )}
            {data.sessions.some(canReassign) && (
              <Button size="sm" variant="outline" onClick={() => chooseAll('reassign')}>
                {PREVIEW_TEXTS.reassignAll}
              </Button>
            )}
            {applied !== null && (
              <Text fontSize="sm" color="fg.muted" role="status">
                {PREVIEW_TEXTS.appliedAll(applied)}
              </Text>
            )}
          </HStack>
        </Stack>
      )}
      {data && (
        <Box overflowX="auto" maxH="28rem" overflowY="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={PREVIEW_TEXTS.table} stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{PREVIEW_TEXTS.index}</Table.ColumnHeader>
                <Table.ColumnHeader>{PREVIEW_TEXTS.date}</Table.ColumnHeader>
                <Table.ColumnHeader>{PREVIEW_TEXTS.time}</Table.ColumnHeader>
                <Table.ColumnHeader>{PREVIEW_TEXTS.status}</Table.ColumnHeader>
                <Table.ColumnHeader>{PREVIEW_TEXTS.choice}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {numbered(data.sessions).map(({ session, number }) => {
                const chosen = choiceOf(session, resolutions);
                const moved = session.resolution === 'move';
                return (
                  <Table.Row key={`${session.date} ${session.hour}:${session.minute}`} opacity={session.state === 'skipped' ? 0.6 : 1}>
                    <Table.Cell>{number ?? '–'}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {vietnameseWeekday(session.schedule_date)} {isoToDisplay(session.schedule_date)}
                      {moved && (
                        <Text fontSize="xs" color="fg.muted">
                          {PREVIEW_TEXTS.movedFrom(when(session.date, session.hour, session.minute))}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {formatTime(session.schedule_hour, session.schedule_minute)} ({session.duration}′)
                    </Table.Cell>
                    <Table.Cell>
                      <StatusCell session={session} />
                    </Table.Cell>
                    <Table.Cell minW="56">
                      {(session.clashes.length > 0 || chosen) && session.state !== 'existing' && (
                        <NativeSelect.Root size="sm" disabled={readOnly}>
                          <NativeSelect.Field
                            aria-label={PREVIEW_TEXTS.choiceLabel(when(session.date, session.hour, session.minute))}
                            value={chosen?.action ?? ''}
                            onChange={(event) => choose(session, event.target.value as ChoiceValue)}
                          >
                            <option value="">{PREVIEW_TEXTS.choose}</option>
                            <option value="skip">{PREVIEW_TEXTS.skip}</option>
                            {(session.proposal || chosen?.action === 'move') && (
                              <option value="move">
                                {PREVIEW_TEXTS.move(session.proposal ? when(session.proposal.date, session.proposal.hour, session.proposal.minute) : when(session.schedule_date, session.schedule_hour, session.schedule_minute))}
                              </option>
                            )}
                            {canReassign(session) && (
                              <option value="reassign">{PREVIEW_TEXTS.reassign(session.room_proposal?.name ?? null, session.teacher_proposal?.name ?? null)}</option>
                            )}
                            <option value="keep">{PREVIEW_TEXTS.keep}</option>
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      )}
                      {session.clashes.length > 0 && !session.proposal && !chosen && (
                        <Text fontSize="xs" color="fg.muted">
                          {PREVIEW_TEXTS.moveNone}
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

/** The lesson number of each session that counts (skipped ones have none). */
function numbered(sessions: PreviewSession[]) {
  let count = 0;
  return sessions.map((session) => ({ session, number: session.state === 'skipped' ? null : (count += 1) }));
}

function StatusCell({ session }: { session: PreviewSession }) {
  if (session.state === 'existing') return <Badge colorPalette="gray">{PREVIEW_TEXTS.existing}</Badge>;
  if (session.state === 'skipped') return <Badge colorPalette="gray">{PREVIEW_TEXTS.skipped}</Badge>;
  if (!session.clashes.length) return <Badge colorPalette="green">{PREVIEW_TEXTS.ok}</Badge>;
  return (
    <Stack gap="1">
      {session.clashes.map((clash, i) => (
        <Text key={i} fontSize="sm" color={session.resolution === 'keep' ? 'fg.muted' : 'fg.error'}>
          {clash.message}
        </Text>
      ))}
    </Stack>
  );
}
