/**
 * /dashboard (empty breadcrumb): this week's sessions and the latest notifications. Plain elements, as the
 * frame (frame.css): the page downloads no UI kit.
 */
import { formatDate } from '@trungtam/shared/format';
import { useDeferredAnswer } from '@trungtam/shared/query';
import type { ReactNode } from 'react';
import { useLatestNotifications } from '../notifications/api';
import { NOTIFICATION_TEXTS } from '../notifications/texts';
import { useWeekSchedules } from './api';
import { SCHEDULE_TEXTS, ScheduleRow } from './ScheduleRow';

interface ListCardProps<T> {
  id: string;
  title: string;
  empty: string;
  pending: boolean;
  rows: T[];
  renderRow: (row: T) => ReactNode;
}

/** A dashboard card: a titled list with its loading and empty states. */
function ListCard<T>({ id, title, empty, pending, rows, renderRow }: ListCardProps<T>) {
  return (
    <section className="frame-card" aria-labelledby={id}>
      <h2 className="frame-card__title" id={id}>
        {title}
      </h2>
      <div className="frame-card__body">
        {pending ? (
          <div className="frame-card__loading" aria-busy="true">
            <span className="frame-skeleton" />
            <span className="frame-skeleton" />
            <span className="frame-skeleton" />
          </div>
        ) : rows.length === 0 ? (
          <p className="frame-muted">{empty}</p>
        ) : (
          // rules between the rows as borders: a separator element is not allowed inside a list
          <ul className="frame-card__rows">{rows.map(renderRow)}</ul>
        )}
      </div>
    </section>
  );
}

/** `today` picks the ISO week (default: now). */
export function WeekScheduleCard({ today }: { today?: Date }) {
  const { data, isPending } = useDeferredAnswer(useWeekSchedules(today));
  return (
    <ListCard
      id="week-schedule-title"
      title={SCHEDULE_TEXTS.title}
      empty={SCHEDULE_TEXTS.empty}
      pending={isPending}
      rows={data?.rows ?? []}
      renderRow={(schedule) => <ScheduleRow key={schedule.schedule_id} schedule={schedule} />}
    />
  );
}

export function LatestNotificationsCard() {
  const { data, isPending } = useDeferredAnswer(useLatestNotifications());
  return (
    <ListCard
      id="latest-notifications-title"
      title={NOTIFICATION_TEXTS.latestTitle}
      empty={NOTIFICATION_TEXTS.empty}
      pending={isPending}
      rows={data?.rows ?? []}
      renderRow={(item) => (
        <li key={item.notification_id} className="latest-notification" data-testid="latest-notification">
          <p className="latest-notification__name">{item.name}</p>
          <p className="frame-muted">{item.message}</p>
          <p className="frame-muted frame-small">{formatDate(item.created_at)}</p>
        </li>
      )}
    />
  );
}

export function DashboardPage() {
  // The cards appear together: on one column (phones, tablets), a schedule card filling in while the
  // other card is already shown would push that card down the screen under the user's eyes. Until both
  // are there, a grid of loading cards stands in, replaced (its key) rather than filled in. The answers
  // render in a deferred render, in slices (useDeferredAnswer), as the cards take them.
  const schedules = useDeferredAnswer(useWeekSchedules());
  const notifications = useDeferredAnswer(useLatestNotifications());
  if (schedules.isPending || notifications.isPending) {
    return (
      <div key="loading" className="dashboard-grid">
        <ListCard id="week-schedule-title" title={SCHEDULE_TEXTS.title} empty="" pending rows={[]} renderRow={() => null} />
        <ListCard id="latest-notifications-title" title={NOTIFICATION_TEXTS.latestTitle} empty="" pending rows={[]} renderRow={() => null} />
      </div>
    );
  }
  return (
    <div key="loaded" className="dashboard-grid">
      <WeekScheduleCard />
      <LatestNotificationsCard />
    </div>
  );
}
