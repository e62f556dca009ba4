/**
 * The week and month calendar (FullCalendar): Vietnamese, Monday first, 24-hour times. Each session shows
 * its class and room in the class's colour; a make-up session has a dashed border and says so, an
 * attended one is ticked. A session opens on a click, or on Enter or Space once focused.
 */
import type { EventClickArg, EventContentArg, EventInput, EventMountArg } from '@fullcalendar/core';
import viLocale from '@fullcalendar/core/locales/vi';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { operatorNow } from '@trungtam/shared/operatorDate';
import { Box, Text, VisuallyHidden } from '@trungtam/shared/ui';
import { useMemo } from 'react';
import { classColor } from './colors';
import { SCHEDULES_TEXTS as T } from './texts';
import { className, describeSession, sessionTimes, slotBounds, timeRange, visibleRange, type ScheduleViewName } from './view';

const FULLCALENDAR_VIEWS = { week: 'timeGridWeek', month: 'dayGridMonth' } as const;
const TIME_24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

function toEvent(session: ClassSchedule): EventInput {
  const color = classColor(session.class_id);
  return {
    id: String(session.schedule_id),
    title: className(session),
    ...sessionTimes(session),
    backgroundColor: color.background,
    borderColor: color.background,
    textColor: color.text,
    classNames: [session.makeup_of ? 'schedule-makeup' : '', session.is_attendance ? 'schedule-attended' : ''].filter(Boolean),
    extendedProps: { session },
  };
}

const sessionOf = (event: { extendedProps: Record<string, unknown> }) => event.extendedProps.session as ClassSchedule;

/** A session on the calendar: what is seen, and the whole of it in words for a screen reader. */
function EventContent({ session }: { session: ClassSchedule }) {
  return (
    <>
      <VisuallyHidden>{describeSession(session)}</VisuallyHidden>
      <EventFace session={session} />
    </>
  );
}

function EventFace({ session }: { session: ClassSchedule }) {
  return (
    <Box aria-hidden="true" px="1" py="0.5" overflow="hidden" fontSize="xs" lineHeight="short" width="full">
      <Text fontWeight="semibold" truncate>
        {session.is_attendance ? `${T.attendedMark} ` : ''}
        {className(session)}
      </Text>
      <Text truncate>
        {timeRange(session)}
        {session.room ? ` · ${session.room.name}` : ''}
      </Text>
      {!!session.makeup_of && (
        <Text as="span" fontWeight="semibold" textTransform="uppercase" fontSize="2xs" letterSpacing="wide">
          {T.makeup}
        </Text>
      )}
    </Box>
  );
}

/** The event is a button (FullCalendar already makes it focusable, with Enter and Space), named by its content. */
function asButton({ el }: EventMountArg) {
  el.setAttribute('role', 'button');
}

export interface ScheduleCalendarProps {
  view: Exclude<ScheduleViewName, 'list'>;
  date: string;
  sessions: ClassSchedule[];
  onOpen: (session: ClassSchedule) => void;
}

export function ScheduleCalendar({ view, date, sessions, onOpen }: ScheduleCalendarProps) {
  const events = useMemo(() => sessions.map(toEvent), [sessions]);
  const { slotMinTime, slotMaxTime } = slotBounds(sessions);
  const range = visibleRange(view, date);
  return (
    <Box
      aria-label={T.calendar}
      role="region"
      css={{
        '--fc-border-color': 'var(--chakra-colors-border)',
        '--fc-page-bg-color': 'var(--chakra-colors-bg)',
        '--fc-neutral-bg-color': 'var(--chakra-colors-bg-muted)',
        '--fc-today-bg-color': 'var(--chakra-colors-blue-subtle)',
        '& .fc-event': { cursor: 'pointer' },
        '& .fc-event:focus-visible': { outline: '3px solid var(--chakra-colors-blue-focus-ring)', outlineOffset: '1px' },
        '& .schedule-makeup': { borderStyle: 'dashed', borderWidth: '2px', borderColor: '#ffffff' },
      }}
    >
      <FullCalendar
        // a new range is a new calendar: the screen, not FullCalendar, decides what is shown
        key={`${view}:${range.start}`}
        plugins={[dayGridPlugin, timeGridPlugin]}
        initialView={FULLCALENDAR_VIEWS[view]}
        initialDate={date}
        locale={viLocale}
        firstDay={1}
        // sessions are wall-clock times: read in UTC they stay as written, whatever the browser's zone
        timeZone="UTC"
        now={() => operatorNow().format('YYYY-MM-DDTHH:mm:ss')}
        headerToolbar={false}
        height="auto"
        allDaySlot={false}
        fixedWeekCount={false}
        slotMinTime={slotMinTime}
        slotMaxTime={slotMaxTime}
        slotLabelFormat={TIME_24}
        eventTimeFormat={TIME_24}
        eventDisplay="block"
        dayMaxEvents={4}
        nowIndicator
        events={events}
        eventContent={(arg: EventContentArg) => <EventContent session={sessionOf(arg.event)} />}
        eventDidMount={asButton}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpen(sessionOf(arg.event));
        }}
      />
    </Box>
  );
}
