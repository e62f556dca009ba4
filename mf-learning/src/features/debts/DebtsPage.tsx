/**
 * "Công nợ" at /learning/debts: the orders with money owed, overdue first (then the largest), by centre,
 * class, due date and amount, the filters kept in the URL; what the filter owes in all (and how much of
 * it is overdue) above the list; "Xuất Excel" of the same; and each order's "Thu tiền" (the kit's
 * OrderPaymentsDialog: its payments, receipts, VietQR code, and a payment or a void for those allowed).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import { formatVnd, type DebtList, type DebtRow } from '@trungtam/shared/contracts/payments';
import { formatDate } from '@trungtam/shared/format';
import { ListIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import { createDataSource, DataSourceScreen, FilterSelect, FilterText, intParam, textParam, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { createPayment, ExportButton, OrderPaymentsDialog, Stack, Tag, Text, voidPayment } from '@trungtam/shared/ui';
import { useState } from 'react';
import { CentreClassFilters } from '../../common/CentreClassFilters';

export const DEBTS_TEXTS = {
  title: 'Công nợ',
  count: (n: number) => `${n} đơn còn nợ`,
  add: '',
  table: 'Các đơn hàng còn nợ',
  student: 'Học viên',
  className: 'Lớp học',
  center: 'Trung tâm',
  amount: 'Số tiền',
  paid: 'Đã thu',
  owed: 'Còn nợ',
  due: 'Hạn thanh toán',
  overdue: (days: number) => `Quá hạn ${days} ngày`,
  onlyOverdue: 'Chỉ đơn quá hạn',
  overdueChoices: [
    { value: 0, label: 'Tất cả' },
    { value: 1, label: 'Chỉ đơn quá hạn' },
  ],
  dueFrom: 'Hạn từ ngày (YYYY-MM-DD)',
  dueTo: 'Hạn đến ngày (YYYY-MM-DD)',
  minOwed: 'Còn nợ từ (đ)',
  totals: (owed: number, overdue: number) => `Tổng còn nợ ${formatVnd(owed)} · quá hạn ${formatVnd(overdue)}`,
  pay: 'Thu tiền',
  all: 'Tất cả',
} as const;
const T = DEBTS_TEXTS;

const PATH = '/learning/order/debts';
const debts = createDataSource<DebtRow>({ key: ['debts'], paths: { list: PATH }, id: (row) => row.order_id });

interface Filters {
  center_id: number;
  class_id: number;
  overdue: number;
  due_from: string;
  due_to: string;
  min_owed: string;
}
const FILTERS: FilterCodecs<Filters> = {
  center_id: intParam('center_id'),
  class_id: intParam('class_id'),
  overdue: intParam('overdue'),
  due_from: textParam('due_from'),
  due_to: textParam('due_to'),
  min_owed: textParam('min_owed'),
};

/** The API's filter params of the URL's filters (the list, its totals and the export ask with the same). */
function filterParams(filters: Filters) {
  const minOwed = Number(filters.min_owed);
  return {
    center_id: filters.center_id || undefined,
    class_id: filters.class_id || undefined,
    overdue: filters.overdue || undefined,
    due_from: filters.due_from || undefined,
    due_to: filters.due_to || undefined,
    min_owed: filters.min_owed && Number.isInteger(minOwed) && minOwed > 0 ? minOwed : undefined,
  };
}

/** What the filter owes in all, above the list, and its export. */
function DebtTotals() {
  // the same filters as the list's, read from the URL with the screen's codecs
  const params = filterParams(useUrlListView(FILTERS).filters);
  const totals = useQuery({
    queryKey: ['debts', 'totals', params],
    queryFn: async () => (await api.get<{ data: DebtList }>(PATH, { params: { ...params, limit: 1, page: 1 } })).data.data,
  });
  const me = useCurrentUser();
  return (
    <>
      {totals.data && (
        <Text fontWeight="semibold" alignSelf="center">
          {T.totals(totals.data.total_owed, totals.data.total_overdue)}
        </Text>
      )}
      {can(me, 'Payment', 'Export') && <ExportButton path={`${PATH}/export`} params={params} fileName="cong-no.xlsx" />}
    </>
  );
}

export const DEBTS_PAGE_SIZE = 20;

export function DebtsPage() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const [paymentsOf, setPaymentsOf] = useState<number | null>(null);
  return (
    <DataSourceScreen<DebtRow, Filters, Record<string, never>>
      source={debts}
      permission="Payment"
      texts={T}
      pageSize={DEBTS_PAGE_SIZE}
      columns={[
        {
          header: T.student,
          cell: (row) => (
            <Stack gap="0">
              <Text fontWeight="medium">{row.student.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {row.student.phone_number ?? ''}
              </Text>
            </Stack>
          ),
        },
        { header: T.className, cell: (row) => row.class.class_name },
        { header: T.center, cell: (row) => row.center?.name ?? '-' },
        { header: T.amount, cell: (row) => formatVnd(row.amount), nowrap: true },
        { header: T.paid, cell: (row) => formatVnd(row.paid_amount), nowrap: true },
        { header: T.owed, cell: (row) => <Text fontWeight="semibold">{formatVnd(row.owed)}</Text>, nowrap: true },
        {
          header: T.due,
          cell: (row) => (
            <Stack gap="1" align="flex-start">
              <Text>{formatDate(row.due_date)}</Text>
              {row.overdue && <Tag palette="red">{T.overdue(row.days_overdue)}</Tag>}
            </Stack>
          ),
          nowrap: true,
        },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <CentreClassFilters draft={draft} setDraft={setDraft} labels={T} />
          <FilterSelect label={T.onlyOverdue} value={draft.overdue} options={[...T.overdueChoices]} onChange={(value) => setDraft({ ...draft, overdue: Number(value) })} />
          <FilterText label={T.dueFrom} value={draft.due_from} onChange={(due_from) => setDraft({ ...draft, due_from })} />
          <FilterText label={T.dueTo} value={draft.due_to} onChange={(due_to) => setDraft({ ...draft, due_to })} />
          <FilterText label={T.minOwed} value={draft.min_owed} onChange={(min_owed) => setDraft({ ...draft, min_owed })} />
        </>
      )}
      // overdue first, then the largest: the API's one order
      listParams={(filters, page) => ({ limit: DEBTS_PAGE_SIZE, page, ...filterParams(filters) })}
      extraActions={[{ key: 'pay', label: T.pay, icon: <ListIcon />, onSelect: (row) => setPaymentsOf(row.order_id) }]}
      tools={<DebtTotals />}
    >
      <OrderPaymentsDialog
        orderId={paymentsOf}
        onClose={() => setPaymentsOf(null)}
        onPay={can(me, 'Payment', 'Create') ? createPayment : undefined}
        onVoid={can(me, 'Payment', 'Delete') ? voidPayment : undefined}
        // a payment changes what the order owes: the list and its totals again
        onChanged={() => void queryClient.invalidateQueries({ queryKey: ['debts'] })}
      />
    </DataSourceScreen>
  );
}
