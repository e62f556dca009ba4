/**
 * "Đối soát ngân hàng" at /learning/bank-statements: the lines of the bank statements staff uploaded, the
 * newest statement first, by status and statement (kept in the URL); each with its date, amount,
 * description, what became of it and the order it paid. "Tải sao kê" uploads a statement (UploadDialog:
 * the bank, the centre, the file, then its columns over the first rows, then what the import did). An
 * unmatched line is assigned to an order ("Gán đơn hàng", by its id or transfer reference) or ignored
 * ("Bỏ qua", with the reason): LineDialogs.
 */
import { useQueryClient } from '@tanstack/react-query';
import { bankByBin } from '@trungtam/shared/contracts/banks';
import {
  STATEMENT_LINE_PROBLEM_LABELS,
  STATEMENT_LINE_STATUS_LABELS,
  STATEMENT_LINE_STATUSES,
  type StatementLine,
  type StatementLineStatus,
} from '@trungtam/shared/contracts/bankStatements';
import { formatVnd } from '@trungtam/shared/contracts/payments';
import { formatDate } from '@trungtam/shared/format';
import { EditIcon, TrashIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import { createDataSource, DataSourceScreen, FilterSelect, FilterText, intParam, oneOfParam, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Button, Stack, Tag, Text, type TagPalette } from '@trungtam/shared/ui';
import { useState } from 'react';
import { AssignLineDialog, IgnoreLineDialog } from './LineDialogs';
import { UploadDialog } from './UploadDialog';

export const BANK_STATEMENTS_TEXTS = {
  title: 'Đối soát ngân hàng',
  count: (n: number) => `${n} dòng sao kê`,
  add: '',
  table: 'Các dòng sao kê',
  line: 'Dòng',
  lineOf: (statement: number, row: number) => `Sao kê #${statement} · dòng ${row}`,
  date: 'Ngày',
  amount: 'Số tiền',
  description: 'Nội dung',
  status: 'Trạng thái',
  order: 'Đơn hàng',
  statement: 'Mã sao kê',
  all: 'Tất cả',
  upload: 'Tải sao kê',
  assign: 'Gán đơn hàng',
  ignore: 'Bỏ qua',
  receipt: (receipt: string) => `Phiếu thu ${receipt}`,
  voided: 'đã huỷ',
  otherBank: 'Ngân hàng khác',
} as const;
const T = BANK_STATEMENTS_TEXTS;

export const LINES_PATH = '/learning/bank-statement/lines';
export const LINES_KEY = ['bank-statement-lines'] as const;
const lines = createDataSource<StatementLine>({ key: [...LINES_KEY], paths: { list: LINES_PATH }, id: (row) => row.line_id });

type StatusFilter = StatementLineStatus | '';
interface Filters {
  status: StatusFilter;
  statement_id: number;
}
const FILTERS: FilterCodecs<Filters> = {
  status: oneOfParam<StatusFilter>('status', ['', ...STATEMENT_LINE_STATUSES], ''),
  statement_id: intParam('statement_id'),
};

const STATUS_PALETTES: Record<StatementLineStatus, TagPalette> = { matched: 'green', assigned: 'teal', ignored: 'gray', unmatched: 'orange' };

export const bankName = (bankKey: string) => bankByBin(bankKey)?.shortName ?? T.otherBank;

function StatusCell({ row }: { row: StatementLine }) {
  return (
    <Stack gap="1" align="flex-start">
      <Tag palette={STATUS_PALETTES[row.status]}>{STATEMENT_LINE_STATUS_LABELS[row.status]}</Tag>
      {row.status === 'unmatched' && row.problem && (
        <Text fontSize="sm" color="fg.muted">
          {STATEMENT_LINE_PROBLEM_LABELS[row.problem]}
        </Text>
      )}
      {row.status === 'ignored' && row.ignore_reason && (
        <Text fontSize="sm" color="fg.muted">
          {row.ignore_reason}
        </Text>
      )}
    </Stack>
  );
}

function OrderCell({ row }: { row: StatementLine }) {
  if (!row.order) return <Text color="fg.muted">-</Text>;
  return (
    <Stack gap="0">
      <Text fontWeight="medium">
        #{row.order.order_id} · {row.order.student_name}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {row.order.class_name} · {row.order.reference}
      </Text>
      {row.payment && (
        <Text fontSize="sm" color="fg.muted">
          {T.receipt(row.payment.receipt_no)}
          {row.payment.voided ? ` (${T.voided})` : ''}
        </Text>
      )}
    </Stack>
  );
}

export const BANK_STATEMENTS_PAGE_SIZE = 20;

export function BankStatementsPage() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const view = useUrlListView(FILTERS);
  const [uploading, setUploading] = useState(false);
  const [assigning, setAssigning] = useState<StatementLine | null>(null);
  const [ignoring, setIgnoring] = useState<StatementLine | null>(null);
  const mayDecide = can(me, 'BankStatement', 'Update');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...LINES_KEY] });

  return (
    <DataSourceScreen<StatementLine, Filters, Record<string, never>>
      source={lines}
      permission="BankStatement"
      texts={T}
      pageSize={BANK_STATEMENTS_PAGE_SIZE}
      columns={[
        {
          header: T.line,
          cell: (row) => (
            <Stack gap="0">
              <Text fontSize="sm">{T.lineOf(row.statement_id, row.row_no)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {bankName(row.bank_key)}
              </Text>
            </Stack>
          ),
          nowrap: true,
        },
        { header: T.date, cell: (row) => formatDate(row.posted_on), nowrap: true },
        { header: T.amount, cell: (row) => <Text fontWeight="semibold">{formatVnd(row.amount)}</Text>, nowrap: true },
        { header: T.description, cell: (row) => <Text wordBreak="break-word">{row.description}</Text> },
        { header: T.status, cell: (row) => <StatusCell row={row} /> },
        { header: T.order, cell: (row) => <OrderCell row={row} /> },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterSelect
            label={T.status}
            value={draft.status}
            options={[{ value: '', label: T.all }, ...STATEMENT_LINE_STATUSES.map((status) => ({ value: status, label: STATEMENT_LINE_STATUS_LABELS[status] }))]}
            onChange={(status) => setDraft({ ...draft, status: status as StatusFilter })}
          />
          <FilterText
            label={T.statement}
            value={draft.statement_id ? String(draft.statement_id) : ''}
            onChange={(text) => setDraft({ ...draft, statement_id: /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : 0 })}
          />
        </>
      )}
      listParams={(filters, page) => ({
        limit: BANK_STATEMENTS_PAGE_SIZE,
        page,
        status: filters.status || undefined,
        statement_id: filters.statement_id || undefined,
      })}
      extraActions={
        mayDecide
          ? [
              { key: 'assign', label: T.assign, icon: <EditIcon />, onSelect: setAssigning, hidden: (row) => row.status !== 'unmatched' && row.status !== 'ignored' },
              { key: 'ignore', label: T.ignore, icon: <TrashIcon />, onSelect: setIgnoring, hidden: (row) => row.status !== 'unmatched' },
            ]
          : []
      }
      tools={
        can(me, 'BankStatement', 'Create') && (
          <Button colorPalette="blue" onClick={() => setUploading(true)}>
            {T.upload}
          </Button>
        )
      }
    >
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onImported={(statementId) => {
          refresh();
          view.setView({ status: '', statement_id: statementId }, 1);
        }}
      />
      <AssignLineDialog line={assigning} onClose={() => setAssigning(null)} onDone={refresh} />
      <IgnoreLineDialog line={ignoring} onClose={() => setIgnoring(null)} onDone={refresh} />
    </DataSourceScreen>
  );
}
