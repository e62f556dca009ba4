/** /dashboard (empty breadcrumb): this week's sessions and the latest notifications. */
import { Card, Heading, SimpleGrid, Skeleton, Stack, Text, Separator } from '@trungtam/shared/ui';
import { formatDate } from '@trungtam/shared/format';
import { useLatestNotifications } from '../notifications/api';
import { NOTIFICATION_TEXTS } from '../notifications/texts';
import { useWeekSchedules } from './api';
import { SCHEDULE_TEXTS, ScheduleRow } from './ScheduleRow';

function Loading() {
  return (
    <Stack gap="3" aria-busy="true">
      <Skeleton height="10" />
      <Skeleton height="10" />
      <Skeleton height="10" />
    </Stack>
  );
}

/** `today` picks the ISO week (default: now). */
export function WeekScheduleCard({ today }: { today?: Date }) {
  const { data, isPending } = useWeekSchedules(today);
  const rows = data?.rows ?? [];
  return (
    <Card.Root as="section" aria-labelledby="week-schedule-title">
      <Card.Header>
        <Heading as="h2" size="md" id="week-schedule-title">
          {SCHEDULE_TEXTS.title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Text color="fg.muted">{SCHEDULE_TEXTS.empty}</Text>
        ) : (
          <Stack as="ul" gap="0" m="0" p="0" separator={<Separator />}>
            {rows.map((schedule) => (
              <ScheduleRow key={schedule.schedule_id} schedule={schedule} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function LatestNotificationsCard() {
  const { data, isPending } = useLatestNotifications();
  const rows = data?.rows ?? [];
  return (
    <Card.Root as="section" aria-labelledby="latest-notifications-title">
      <Card.Header>
        <Heading as="h2" size="md" id="latest-notifications-title">
          {NOTIFICATION_TEXTS.latestTitle}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {isPending ? (
          <Loading />
        ) : rows.length === 0 ? (
          <Text color="fg.muted">{NOTIFICATION_TEXTS.empty}</Text>
        ) : (
          <Stack as="ul" gap="0" m="0" p="0" separator={<Separator />}>
            {rows.map((item) => (
              <Stack as="li" listStyleType="none" key={item.notification_id} gap="0.5" py="3" data-testid="latest-notification">
                <Text fontWeight="semibold">{item.name}</Text>
                <Text color="fg.muted">{item.message}</Text>
                <Text fontSize="xs" color="fg.subtle">
                  {formatDate(item.created_at)}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function DashboardPage() {
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
      <WeekScheduleCard />
      <LatestNotificationsCard />
    </SimpleGrid>
  );
}
