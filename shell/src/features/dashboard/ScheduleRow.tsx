import { Badge, HStack, Stack, Text } from '@trungtam/shared/ui/base';
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { formatDate, formatTime, vietnameseWeekday } from '@trungtam/shared/format';

export const SCHEDULE_TEXTS = {
  title: 'Lịch học trong tuần này',
  empty: 'Không có lịch học nào trong tuần này',
  badge: 'New',
} as const;

/** One session of the week: class, HH:mm, Vietnamese weekday, DD/MM/YYYY (or '-'), centre, 'New'. */
export function ScheduleRow({ schedule }: { schedule: ClassSchedule }) {
  const weekday = vietnameseWeekday(schedule.schedule_date);
  return (
    <HStack as="li" listStyleType="none" gap="4" py="3" align="center" data-testid="schedule-row">
      <Text
        fontWeight="bold"
        fontSize="md"
        minW="14"
        color="blue.600"
        data-testid="schedule-time"
      >
        {formatTime(schedule.schedule_hour, schedule.schedule_minute)}
      </Text>
      <Stack gap="0.5" flex="1" minW="0" borderLeftWidth="3px" borderColor="blue.400" pl="3">
        <Text fontWeight="semibold" data-testid="schedule-class">
          {schedule.class?.class_name ?? '-'}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          <span data-testid="schedule-weekday">{weekday}</span>
          {', '}
          <span data-testid="schedule-date">{formatDate(schedule.schedule_date)}</span>
          {' — '}
          <span data-testid="schedule-center">{schedule.center?.name ?? '-'}</span>
        </Text>
      </Stack>
      <Badge colorPalette="green" variant="subtle">
        {SCHEDULE_TEXTS.badge}
      </Badge>
    </HStack>
  );
}
