/**
 * "Lớp của tôi" at /learning/my-classes: the signed-in student's classes, newest first, each with its
 * status, the lessons learned of its total and those left (marked at or under its centre's threshold), and its
 * "Lịch sử buổi học", the lesson ledger read only. On a phone each class is a card (DataTable).
 */
import { ENROLLMENT_STATUS } from '@trungtam/shared/contracts';
import type { Enrollment } from '@trungtam/shared/contracts/learning';
import { DataTable, ListPage } from '@trungtam/shared/resource';
import { Button, LessonLedgerDialog, Tag, type TagPalette } from '@trungtam/shared/ui';
import { useState } from 'react';
import { MY_CLASSES_PAGE_SIZE, useMyClasses } from './api';

export const MY_CLASSES_TEXTS = {
  title: 'Lớp của tôi',
  count: (n: number) => `${n} lớp`,
  table: 'Các lớp của tôi',
  className: 'Lớp học',
  status: 'Trạng thái',
  learned: 'Đã học / Tổng',
  remaining: 'Còn lại',
  fewLeft: (n: number) => `${n} · sắp hết buổi`,
  actions: 'Thao tác',
  ledger: 'Lịch sử buổi học',
  empty: 'Bạn chưa được xếp vào lớp nào',
} as const;
const T = MY_CLASSES_TEXTS;

/** At or under this many lessons left, a class is marked as running out (its centre's threshold, when the API gives it). */
export const FEW_LESSONS_LEFT = 2;

const STATUSES: Record<number, { label: string; palette: TagPalette }> = {
  [ENROLLMENT_STATUS.ACTIVE]: { label: 'Đang học', palette: 'green' },
  [ENROLLMENT_STATUS.COMPLETED]: { label: 'Đã kết thúc', palette: 'blue' },
};
const ON_HOLD = { label: 'Tạm dừng', palette: 'gray' } as const;

const lessonsLeft = (row: Enrollment) => row.total_lesson - row.total_lesson_learned;

function Remaining({ row }: { row: Enrollment }) {
  const left = lessonsLeft(row);
  if (left > (row.class?.low_balance_threshold ?? FEW_LESSONS_LEFT)) return <>{left}</>;
  return <Tag palette="orange">{T.fewLeft(left)}</Tag>;
}

export function MyClassesPage() {
  const [page, setPage] = useState(1);
  const [ledgerOf, setLedgerOf] = useState<number | null>(null);
  const classes = useMyClasses(page);
  const rows = classes.data?.rows ?? [];
  return (
    <ListPage
      title={T.title}
      countText={T.count(classes.data?.total_rows ?? 0)}
      heading={{ loading: classes.isPending, failed: classes.isError }}
      table={
        <DataTable<Enrollment>
          label={T.table}
          columns={[
            { header: T.className, cell: (row) => row.class?.class_name ?? `#${row.class_id}` },
            {
              header: T.status,
              cell: (row) => {
                const status = STATUSES[row.status] ?? ON_HOLD;
                return <Tag palette={status.palette}>{status.label}</Tag>;
              },
            },
            { header: T.learned, cell: (row) => `${row.total_lesson_learned} / ${row.total_lesson}`, nowrap: true },
            { header: T.remaining, cell: (row) => <Remaining row={row} />, nowrap: true },
            {
              header: T.actions,
              cell: (row) => (
                <Button size="xs" variant="outline" onClick={() => setLedgerOf(row.enrollment_id)}>
                  {T.ledger}
                </Button>
              ),
            },
          ]}
          rowId={(row) => row.enrollment_id}
          rows={rows}
          loading={classes.isPending}
          failed={classes.isError}
          onRetry={() => void classes.refetch()}
          emptyText={T.empty}
        />
      }
      page={page}
      pageSize={MY_CLASSES_PAGE_SIZE}
      totalRows={classes.data?.total_rows ?? 0}
      totalPages={classes.data?.total_pages ?? 0}
      onPageChange={setPage}
      fetching={classes.isFetching}
    >
      <LessonLedgerDialog enrollmentId={ledgerOf} onClose={() => setLedgerOf(null)} />
    </ListPage>
  );
}
