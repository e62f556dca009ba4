/**
 * "Hôm nay" at /learning/today: the sessions of the operator's today that the user reaches (a teacher's
 * own, a giáo vụ's centre's, every one for an administrator), those not over first (the one running or
 * next at the top), then those finished. A session opens its roll on the same page (`?session=<id>` in
 * the URL, so the phone's back button returns to the day): built for a phone, every control at least
 * 44 px high, nothing fixed over the page.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { ClassSchedule, ScheduleList } from '@trungtam/shared/contracts/schedules';
import { operatorNow } from '@trungtam/shared/operatorDate';
import { useSearchParams } from '@trungtam/shared/router';
import { Box, Heading, Stack, StateNotice, Tag, Text, chakra } from '@trungtam/shared/ui';
import type { Dayjs } from 'dayjs';
import { schedules } from '../schedules/api';
import { className, dayText, timeRange } from '../schedules/view';
import { TodayRoll } from './TodayRoll';
import { TODAY_TEXTS as T } from './texts';
import { orderOfDay, phaseOf, todayParams, type SessionPhase } from './today';

export interface TodayPageProps {
  /** The forms' wait before their call (1 second; tests pass 0). */
  formDelayMs?: number;
  /** The operator's clock (tests pass a fixed one). */
  now?: () => Dayjs;
}

export function TodayPage({ formDelayMs, now = operatorNow }: TodayPageProps) {
  const [search, setSearch] = useSearchParams();
  const opened = Number(search.get('session')) || null;
  const clock = now();
  const date = clock.format('YYYY-MM-DD');
  const day = useQuery({
    queryKey: [...schedules.keys.all, 'today', date],
    queryFn: async () => (await api.get<ApiData<ScheduleList>>('/learning/class-schedule', { params: todayParams(date) })).data.data,
  });
  const open = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('session', String(id));
    else next.delete('session');
    setSearch(next, { replace: false });
  };

  if (opened) {
    const row = day.data?.rows.find((s) => s.schedule_id === opened) ?? null;
    return <TodayRoll sessionId={opened} row={row} onBack={() => open(null)} formDelayMs={formDelayMs} />;
  }

  const rows = day.data?.rows ?? [];
  const nowMinutes = clock.hour() * 60 + clock.minute();
  const { next, finished } = orderOfDay(rows, nowMinutes);
  return (
    <Stack gap="5" maxW="40rem" mx="auto" w="full">
      <Box>
        <Heading as="h1" size="xl">
          {T.title}
        </Heading>
        <Text color="fg.muted">{dayText(date)}</Text>
      </Box>
      <StateNotice loading={day.isPending} failed={day.isError} rowCount={rows.length} onRetry={() => void day.refetch()} emptyText={T.empty} />
      {next.length > 0 && (
        <SessionGroup title={T.next} sessions={next} nowMinutes={nowMinutes} onOpen={open} />
      )}
      {finished.length > 0 && (
        <SessionGroup title={T.finished} sessions={finished} nowMinutes={nowMinutes} onOpen={open} />
      )}
      {day.data && day.data.total_rows > rows.length && <Text color="fg.muted">{T.truncated(rows.length, day.data.total_rows)}</Text>}
    </Stack>
  );
}

const PHASE_TAGS: Record<SessionPhase, { label: string; palette: 'blue' | 'green' | 'gray' }> = {
  running: { label: T.running, palette: 'green' },
  upcoming: { label: T.upcoming, palette: 'blue' },
  finished: { label: T.over, palette: 'gray' },
};

function SessionGroup({ title, sessions, nowMinutes, onOpen }: { title: string; sessions: ClassSchedule[]; nowMinutes: number; onOpen: (id: number) => void }) {
  return (
    <Stack as="section" aria-label={title} gap="2">
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {sessions.map((session) => {
          const phase = PHASE_TAGS[phaseOf(session, nowMinutes)];
          const place = [session.room?.name, session.center?.name].filter(Boolean).join(' · ');
          return (
            <li key={session.schedule_id}>
              <chakra.button
                type="button"
                onClick={() => onOpen(session.schedule_id)}
                aria-label={T.openRoll(className(session), timeRange(session))}
                w="full"
                minH="64px"
                textAlign="start"
                p="3"
                borderWidth="1px"
                borderColor="border"
                borderRadius="l2"
                bg="bg"
                cursor="pointer"
                _hover={{ bg: 'bg.muted' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
                display="flex"
                flexDirection="column"
                gap="1"
              >
                <Box display="flex" justifyContent="space-between" alignItems="center" gap="2" w="full" flexWrap="wrap">
                  <Text fontWeight="semibold" fontSize="lg">
                    {timeRange(session)}
                  </Text>
                  <Box display="flex" gap="1" flexWrap="wrap">
                    <Tag palette={phase.palette}>{phase.label}</Tag>
                    {session.is_attendance ? <Tag palette="green">{T.taken}</Tag> : <Tag palette="orange">{T.notTaken}</Tag>}
                  </Box>
                </Box>
                <Text fontWeight="medium" overflowWrap="anywhere">
                  {className(session)}
                  {session.makeup_of ? ` · ${T.makeup}` : ''}
                </Text>
                {place && (
                  <Text color="fg.muted" fontSize="sm" overflowWrap="anywhere">
                    {place}
                  </Text>
                )}
              </chakra.button>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
