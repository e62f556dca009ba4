/** /dashboard (empty breadcrumb): this week's sessions and the latest notifications. */
import { Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@trungtam/shared/ui/base';
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
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {pending ? (
          <Stack gap="3" aria-busy="true">
            <Skeleton height="10" />
            <Skeleton height="10" />
            <Skeleton height="10" />
          </Stack>
        ) : rows.length === 0 ? (
          <Text color="fg.muted">{empty}</Text>
        ) : (
          // rules between the rows as borders: a separator element is not allowed inside a list
          <Stack as="ul" gap="0" m="0" p="0" css={{ '& > li + li': { borderTopWidth: '1px', borderColor: 'border' } }}>
            {rows.map(renderRow)}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
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
        <Stack as="li" listStyleType="none" key={item.notification_id} gap="0.5" py="3" data-testid="latest-notification">
          <Text fontWeight="semibold">{item.name}</Text>
          <Text color="fg.muted">{item.message}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDate(item.created_at)}
          </Text>
        </Stack>
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
      <SimpleGrid key="loading" columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <ListCard id="week-schedule-title" title={SCHEDULE_TEXTS.title} empty="" pending rows={[]} renderRow={() => null} />
        <ListCard id="latest-notifications-title" title={NOTIFICATION_TEXTS.latestTitle} empty="" pending rows={[]} renderRow={() => null} />
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid key="loaded" columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
      <WeekScheduleCard />
      <LatestNotificationsCard />
    </SimpleGrid>
  );
}
