/**
 * "Sắp hết buổi" at /learning/low-balance: the active enrolments whose lessons left are at or below their
 * centre's threshold (the centre's form sets it), fewest left first, by centre and class (kept in the URL),
 * each with the student's phone to call and its "Lịch sử buổi học" (staff allowed to adjust lessons add or
 * take them there) and, for staff who may enrol, "Gia hạn": a new order of the same course, whose payment
 * "Thu tiền" then takes (its lessons are added at once or once it is paid, as the centre says). A giáo vụ
 * sees their centre's only.
 */
import type { LowBalanceRow } from '@trungtam/shared/contracts/learning';
import { ListIcon, PlusIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import { createDataSource, DataSourceScreen, intParam, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { reasonOf } from '@trungtam/shared/api';
import {
  adjustLessons,
  createPayment,
  LessonLedgerDialog,
  notifyError,
  notifySuccess,
  OrderPaymentsDialog,
  renewEnrollment,
  Stack,
  Tag,
  Text,
  voidPayment,
} from '@trungtam/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CentreClassFilters } from '../../common/CentreClassFilters';

export const LOW_BALANCE_TEXTS = {
  title: 'Sắp hết buổi',
  count: (n: number) => `${n} học viên sắp hết buổi`,
  add: '',
  table: 'Học viên sắp hết buổi',
  student: 'Học viên',
  className: 'Lớp học',
  center: 'Trung tâm',
  learned: 'Đã học / Tổng',
  remaining: 'Còn lại',
  remainingTag: (left: number, threshold: number) => `${left} buổi (ngưỡng ${threshold})`,
  ledger: 'Lịch sử buổi học',
  renew: 'Gia hạn',
  renewed: 'Đã tạo đơn gia hạn',
  renewFailed: 'Không gia hạn được, mời bạn thử lại',
  all: 'Tất cả',
} as const;
const T = LOW_BALANCE_TEXTS;

/** GET /learning/class-enrollment/low-balance: a list only. */
const lowBalance = createDataSource<LowBalanceRow>({
  key: ['low-balance'],
  paths: { list: '/learning/class-enrollment/low-balance' },
  id: (row) => row.enrollment_id,
});

interface Filters {
  center_id: number;
  class_id: number;
}
const FILTERS: FilterCodecs<Filters> = { center_id: intParam('center_id'), class_id: intParam('class_id') };

export const LOW_BALANCE_PAGE_SIZE = 20;

export function LowBalancePage() {
  const me = useCurrentUser();
  const [ledgerOf, setLedgerOf] = useState<number | null>(null);
  // the renewal's order, whose payment is taken next
  const [orderOf, setOrderOf] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['low-balance'] });
  const renew = async (row: LowBalanceRow) => {
    try {
      const order = await renewEnrollment(row.enrollment_id);
      notifySuccess(T.renewed);
      refresh();
      if (can(me, 'Payment', 'GetAll')) setOrderOf(order.order_id);
    } catch (error) {
      notifyError(reasonOf(error, T.renewFailed));
    }
  };
  return (
    <DataSourceScreen<LowBalanceRow, Filters, Record<string, never>>
      source={lowBalance}
      permission="LearningClassEnrollments"
      texts={T}
      pageSize={LOW_BALANCE_PAGE_SIZE}
      columns={[
        {
          header: T.student,
          cell: (row) => (
            <Stack gap="0">
              <Text fontWeight="medium">{row.user.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {row.user.phone_number ?? row.user.email}
              </Text>
            </Stack>
          ),
        },
        { header: T.className, cell: (row) => row.class.class_name },
        { header: T.center, cell: (row) => row.center?.name ?? '-' },
        { header: T.learned, cell: (row) => `${row.total_lesson_learned} / ${row.total_lesson}`, nowrap: true },
        {
          header: T.remaining,
          cell: (row) => <Tag palette={row.remaining <= 0 ? 'red' : 'orange'}>{T.remainingTag(row.remaining, row.threshold)}</Tag>,
          nowrap: true,
        },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <CentreClassFilters draft={draft} setDraft={setDraft} labels={T} />
      )}
      // fewest lessons left first: the API's one order
      listParams={(filters, page) => ({
        limit: LOW_BALANCE_PAGE_SIZE,
        page,
        center_id: filters.center_id || undefined,
        class_id: filters.class_id || undefined,
      })}
      extraActions={[
        { key: 'ledger', label: T.ledger, icon: <ListIcon />, onSelect: (row) => setLedgerOf(row.enrollment_id) },
        ...(can(me, 'LearningClassEnrollments', 'Create') ? [{ key: 'renew', label: T.renew, icon: <PlusIcon />, onSelect: (row: LowBalanceRow) => void renew(row) }] : []),
      ]}
    >
      <OrderPaymentsDialog
        orderId={orderOf}
        onClose={() => setOrderOf(null)}
        onPay={can(me, 'Payment', 'Create') ? createPayment : undefined}
        onVoid={can(me, 'Payment', 'Delete') ? voidPayment : undefined}
        onChanged={refresh}
      />
      <LessonLedgerDialog
        enrollmentId={ledgerOf}
        onClose={() => setLedgerOf(null)}
        onAdjust={can(me, 'LessonAdjustment', 'Create') ? adjustLessons : undefined}
      />
    </DataSourceScreen>
  );
}
