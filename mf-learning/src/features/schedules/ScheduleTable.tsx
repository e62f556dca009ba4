/** The list view: the sessions of the week, a page at a time, by date (the date header turns the order). */
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { DataTable, type Column, type ListSort, type RowsState } from '@trungtam/shared/resource';
import { Box, Button, HStack, Tag, Text } from '@trungtam/shared/ui';
import { AttendanceBadge } from './AttendanceSection';
import { classColor } from './colors';
import { SCHEDULES_TEXTS as T } from './texts';
import { className, dayText, timeRange } from './view';

export interface ScheduleTableProps extends RowsState<ClassSchedule> {
  sort: ListSort | null;
  onSort: (column: string) => void;
  onOpen: (session: ClassSchedule) => void;
}

export function ScheduleTable({ onOpen, sort, onSort, ...rowsState }: ScheduleTableProps) {
  const columns: Column<ClassSchedule>[] = [
    { header: T.date, cell: (s) => dayText(s.schedule_date), sortKey: 'schedule_date', nowrap: true },
    { header: T.time, cell: (s) => timeRange(s), nowrap: true },
    {
      header: T.className,
      cell: (s) => (
        <HStack gap="2" wrap="wrap">
          <Box as="span" aria-hidden="true" width="3" height="3" borderRadius="full" flexShrink={0} style={{ background: classColor(s.class_id).background }} />
          <Text as="span">{className(s)}</Text>
          {!!s.makeup_of && (
<Tag palette="purple">{T.makeup}</Tag>
          )}
        </HStack>
      ),
    },
    { header: T.room, cell: (s) => s.room?.name ?? '-' },
    { header: T.center, cell: (s) => s.center?.name ?? '-' },
    { header: T.teacher, cell: (s) => s.teacher?.name ?? '-' },
    { header: T.attendance, cell: (s) => <AttendanceBadge session={s} /> },
    {
      header: T.details,
      cell: (s) => (
        <Button size="xs" variant="outline" aria-label={T.detailsOf(className(s), dayText(s.schedule_date))} onClick={() => onOpen(s)}>
          {T.details}
        </Button>
      ),
    },
  ];
  return <DataTable label={T.table} columns={columns} rowId={(s) => s.schedule_id} sort={sort} onSort={onSort} emptyText={T.empty} {...rowsState} />;
}
