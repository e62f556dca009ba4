/**
 * "Tin đã gửi": the messages sent to a student's guardians (siblings' shared ones included), newest first,
 * a page at a time: when it was written (operator time), its kind, channel and recipient, its status with
 * the provider's reason when it failed, and its text on demand. A failed one can be sent again by those
 * who may (NotificationSetting Update); the list is then asked again.
 */
import { reasonOf } from '@trungtam/shared/api';
import {
  FAMILY_MESSAGE_KIND_LABELS,
  FAMILY_MESSAGE_STATUS_LABELS,
  type FamilyMessage,
  type FamilyMessageKind,
  type FamilyMessageStatus,
} from '@trungtam/shared/contracts/familyMessages';
import { formatDateMinute } from '@trungtam/shared/format';
import { CellLines, CellNote, CellStrong, DataTable, type Column } from '@trungtam/shared/resource';
import { Box, Button, chakra, notifyError, notifySuccess, PaginationBar, Stack, Tag, type TagPalette } from '@trungtam/shared/ui';
import { useState } from 'react';
import { STUDENT_MESSAGES_PAGE_SIZE, useResendMessage, useStudentMessages } from './familyApi';
import { channelLabel } from './guardianPayload';

export const STUDENT_MESSAGES_TEXTS = {
  table: 'Tin đã gửi cho phụ huynh',
  empty: 'Chưa có tin nào gửi cho phụ huynh của học viên này',
  columns: { time: 'Thời gian', kind: 'Loại tin', channel: 'Kênh', recipient: 'Người nhận', status: 'Trạng thái', text: 'Nội dung', actions: 'Thao tác' },
  sentAt: (time: string) => `Gửi lúc ${time}`,
  attempts: (count: number) => `${count} lần thử`,
  showText: 'Xem nội dung',
  resend: 'Gửi lại',
  resendName: (subject: string) => `Gửi lại tin "${subject}"`,
  resent: 'Tin đã được đưa vào hàng chờ gửi lại',
  resendFailed: 'Không gửi lại được tin, mời bạn thử lại',
} as const;
const T = STUDENT_MESSAGES_TEXTS;

const STATUS_PALETTE: Record<FamilyMessageStatus, TagPalette> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  held: 'orange',
  opted_out: 'gray',
};

const kindLabel = (kind: string) => FAMILY_MESSAGE_KIND_LABELS[kind as FamilyMessageKind] ?? kind;
const statusLabel = (status: string) => FAMILY_MESSAGE_STATUS_LABELS[status as FamilyMessageStatus] ?? status;

function columns(resend: { onResend: (message: FamilyMessage) => void; sending: number | null } | null): Column<FamilyMessage>[] {
  const list: Column<FamilyMessage>[] = [
    {
      header: T.columns.time,
      nowrap: true,
      card: 'line',
      cell: (message) => (
        <CellLines>
          <span>{formatDateMinute(message.created_at)}</span>
          {message.sent_at && message.status === 'sent' && <CellNote>{T.sentAt(formatDateMinute(message.sent_at))}</CellNote>}
        </CellLines>
      ),
    },
    {
      header: T.columns.kind,
      card: 'title',
      cell: (message) => <CellStrong>{kindLabel(message.kind)}</CellStrong>,
    },
    { header: T.columns.channel, card: 'line', nowrap: true, cell: (message) => channelLabel(message.channel) },
    {
      header: T.columns.recipient,
      card: 'line',
      cell: (message) =>
        message.guardian ? (
          <CellLines>
            <span>{message.guardian.name}</span>
            <CellNote>{message.recipient}</CellNote>
          </CellLines>
        ) : (
          message.recipient
        ),
    },
    {
      header: T.columns.status,
      card: 'line',
      cell: (message) => (
        <CellLines spaced>
          <Tag palette={STATUS_PALETTE[message.status as FamilyMessageStatus] ?? 'gray'}>{statusLabel(message.status)}</Tag>
          {message.status === 'failed' && message.last_error && <CellNote>{message.last_error}</CellNote>}
          {message.status === 'failed' && message.attempts > 0 && <CellNote>{T.attempts(message.attempts)}</CellNote>}
        </CellLines>
      ),
    },
    {
      header: T.columns.text,
      card: 'line',
      cell: (message) => (
        <chakra.details maxW="md">
          <chakra.summary cursor="pointer" aria-label={`${T.showText}: ${message.subject}`}>
            {message.subject || T.showText}
          </chakra.summary>
          <chakra.p mt="2" whiteSpace="pre-wrap" wordBreak="break-word" color="fg.muted">
            {message.text}
          </chakra.p>
        </chakra.details>
      ),
    },
  ];
  if (resend) {
    list.push({
      header: T.columns.actions,
      alignEnd: true,
      cell: (message) =>
        message.status === 'failed' ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="blue"
            aria-label={T.resendName(message.subject)}
            loading={resend.sending === message.id}
            disabled={resend.sending !== null}
            onClick={() => resend.onResend(message)}
          >
            {T.resend}
          </Button>
        ) : null,
    });
  }
  return list;
}

export interface StudentMessagesPanelProps {
  studentId: number;
  /** Resend a failed message (NotificationSetting Update). */
  mayResend: boolean;
}

export function StudentMessagesPanel({ studentId, mayResend }: StudentMessagesPanelProps) {
  const [page, setPage] = useState(1);
  const messages = useStudentMessages(studentId, page, true);
  const resend = useResendMessage();
  const [sending, setSending] = useState<number | null>(null);
  const rows = messages.data?.rows ?? [];
  const totalRows = messages.data?.total_rows ?? 0;

  const onResend = async (message: FamilyMessage) => {
    setSending(message.id);
    try {
      await resend.mutateAsync(message.id);
      notifySuccess(T.resent);
    } catch (error) {
      notifyError(reasonOf(error, T.resendFailed));
    } finally {
      setSending(null);
    }
  };

  return (
    <Stack gap="3">
      <Box borderWidth="1px" borderRadius="l3" overflow="hidden">
        <DataTable
          label={T.table}
          columns={columns(mayResend ? { onResend: (message) => void onResend(message), sending } : null)}
          rowId={(message) => message.id}
          rows={rows}
          loading={messages.isPending}
          failed={messages.isError}
          onRetry={() => void messages.refetch()}
          pinLastColumn={mayResend}
          emptyText={T.empty}
        />
      </Box>
      {totalRows > STUDENT_MESSAGES_PAGE_SIZE && (
        <PaginationBar
          page={page}
          pageSize={STUDENT_MESSAGES_PAGE_SIZE}
          totalRows={totalRows}
          totalPages={messages.data?.total_pages}
          onPageChange={setPage}
          disabled={messages.isFetching}
        />
      )}
    </Stack>
  );
}
