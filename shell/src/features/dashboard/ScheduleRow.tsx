import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { formatDate, formatTime, vietnameseWeekday } from '@trungtam/shared/format';

export const SCHEDULE_TEXTS = {
  title: 'Lịch học trong tuần này',
  empty: 'Không có lịch học nào trong tuần này',
  badge: 'New',
  substitute: 'Dạy thay',
} as const;

/** One session of the week: class, HH:mm, Vietnamese weekday, DD/MM/YYYY (or '-'), centre, 'Dạy thay' when a substitute teaches it, 'New'. */
export function ScheduleRow({ schedule }: { schedule: ClassSchedule }) {
  const weekday = vietnameseWeekday(schedule.schedule_date);
  return (
    <li className="schedule-row" data-testid="schedule-row">
      <span className="schedule-row__time" data-testid="schedule-time">
        {formatTime(schedule.schedule_hour, schedule.schedule_minute)}
      </span>
      <div className="schedule-row__class">
        <p className="schedule-row__name" data-testid="schedule-class">
          {schedule.class?.class_name ?? '-'}
        </p>
        <p className="frame-muted frame-small">
          <span data-testid="schedule-weekday">{weekday}</span>
          {', '}
          <span data-testid="schedule-date">{formatDate(schedule.schedule_date)}</span>
          {' — '}
          <span data-testid="schedule-center">{schedule.center?.name ?? '-'}</span>
        </p>
      </div>
      {!!schedule.original_teacher_id && <span className="frame-badge frame-badge--orange">{SCHEDULE_TEXTS.substitute}</span>}
      <span className="frame-badge frame-badge--green">{SCHEDULE_TEXTS.badge}</span>
    </li>
  );
}
