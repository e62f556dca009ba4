/**
 * "Tin gửi phụ huynh" (/settings/family-messages, NotificationSetting GetAll): the delivery log of the
 * messages to families over GET /learning/messages, newest first. Each row says when it was written (on
 * the operator's clock), which students it is about (siblings share one), to whom it went, its kind and
 * the channel it went by, its status (a failure with the provider's reason, a message held by the quiet window with
 * the time it goes) and its text, opened in full on demand. A failed one is sent again with "Gửi lại"
 * (NotificationSetting Update). Filters (status, kind, channel, student, a date range) are kept in the URL.
 */
import { refusalOf } from '@trungtam/shared/api';
import {
  FAMILY_MESSAGE_KIND_LABELS,
  FAMILY_MESSAGE_KINDS,
  FAMILY_MESSAGE_STATUS_LABELS,
  FAMILY_MESSAGE_STATUSES,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  type FamilyMessage,
  type FamilyMessageKind,
  type FamilyMessageStatus,
  type MessageChannel,
} from '@trungtam/shared/contracts/familyMessages';
import { formatDateMinute } from '@trungtam/shared/format';
import { BellIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import {
  CellLines,
  CellNote,
  CellStrong,
  DataSourceScreen,
  dateParam,
  FilterSelect,
  FilterText,
  intParam,
  oneOfParam,
  type FilterCodecs,
  type RowAction,
} from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Button, DateInput, Field, notifyError, notifySuccess, SimpleGrid, Tag, Text, type TagPalette } from '@trungtam/shared/ui';
import { useState } from 'react';
import { familyMessages, useResend } from './api';

export const FAMILY_MESSAGES_TEXTS = {
  title: 'Tin gửi phụ huynh',
  count: (n: number) => `${n} tin`,
  // the log creates nothing: the kit's add button is never shown
  add: '',
  table: 'Nhật ký tin gửi phụ huynh',
  createdAt: 'Thời gian',
  students: 'Học viên',
  recipient: 'Người nhận',
  kind: 'Loại tin',
  by: (channel: string) => `qua ${channel}`,
  channel: 'Kênh',
  status: 'Trạng thái',
  content: 'Nội dung',
  sentAt: (when: string) => `lúc ${when}`,
  heldUntil: (when: string) => `gửi lúc ${when}`,
  retryAt: (when: string) => `thử lại lúc ${when}`,
  attempts: (n: number) => `đã thử ${n} lần`,
  expand: 'Xem toàn bộ',
  collapse: 'Thu gọn',
  resend: 'Gửi lại',
  resent: 'Tin đã được xếp để gửi lại',
  resendFailed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
  allStatuses: 'Tất cả trạng thái',
  allKinds: 'Tất cả loại tin',
  allChannels: 'Tất cả kênh',
  student: 'Mã học viên',
  from: 'Từ ngày',
  to: 'Đến ngày',
} as const;
const T = FAMILY_MESSAGES_TEXTS;

export const FAMILY_MESSAGES_PAGE_SIZE = 20;

type StatusFilter = FamilyMessageStatus | '';
type KindFilter = FamilyMessageKind | '';
type ChannelFilter = MessageChannel | '';

export interface FamilyMessageFilters {
  status: StatusFilter;
  kind: KindFilter;
  channel: ChannelFilter;
  student: number;
  from: string;
  to: string;
}

const noDate = () => '';
export const FAMILY_MESSAGE_FILTERS: FilterCodecs<FamilyMessageFilters> = {
  status: oneOfParam<StatusFilter>('status', ['', ...FAMILY_MESSAGE_STATUSES], ''),
  kind: oneOfParam<KindFilter>('kind', ['', ...FAMILY_MESSAGE_KINDS], ''),
  channel: oneOfParam<ChannelFilter>('channel', ['', ...MESSAGE_CHANNELS], ''),
  student: intParam('student_id'),
  from: dateParam('from', noDate, 'created'),
  to: dateParam('to', noDate, 'created'),
};

/** The list call: the page and the filters chosen, the dates as the operator's days (the API reads them so). */
export function familyMessageParams(filters: FamilyMessageFilters, page: number) {
  return {
    limit: FAMILY_MESSAGES_PAGE_SIZE,
    page,
    status: filters.status || undefined,
    kind: filters.kind || undefined,
    channel: filters.channel || undefined,
    student_id: filters.student || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

const STATUS_PALETTES: Record<FamilyMessageStatus, TagPalette> = { queued: 'blue', sending: 'blue', sent: 'green', failed: 'red', held: 'orange', opted_out: 'gray' };

/** A label of the shared lists, or the value itself for one this build does not know yet. */
const labelOf = <K extends string>(labels: Record<K, string>, value: string) => (labels as Record<string, string>)[value] ?? value;

const options = <K extends string>(all: string, values: readonly K[], labels: Record<K, string>) => [{ value: '', label: all }, ...values.map((value) => ({ value, label: labels[value] }))];
const STATUS_OPTIONS = options(T.allStatuses, FAMILY_MESSAGE_STATUSES, FAMILY_MESSAGE_STATUS_LABELS);
const KIND_OPTIONS = options(T.allKinds, FAMILY_MESSAGE_KINDS, FAMILY_MESSAGE_KIND_LABELS);
const CHANNEL_OPTIONS = options(T.allChannels, MESSAGE_CHANNELS, MESSAGE_CHANNEL_LABELS);

function StatusCell({ message }: { message: FamilyMessage }) {
  const status = message.status as FamilyMessageStatus;
  return (
    <CellLines spaced>
      <span>
        <Tag palette={STATUS_PALETTES[status] ?? 'gray'}>{labelOf(FAMILY_MESSAGE_STATUS_LABELS, status)}</Tag>
      </span>
      {status === 'sent' && message.sent_at && <CellNote>{T.sentAt(formatDateMinute(message.sent_at))}</CellNote>}
      {status === 'held' && message.next_attempt_at && <CellNote>{T.heldUntil(formatDateMinute(message.next_attempt_at))}</CellNote>}
      {status === 'queued' && message.attempts > 0 && message.next_attempt_at && <CellNote>{T.retryAt(formatDateMinute(message.next_attempt_at))}</CellNote>}
      {status === 'failed' && (
        <>
          {message.last_error && (
            <Text fontSize="xs" color="fg.error" wordBreak="break-word">
              {message.last_error}
            </Text>
          )}
          <CellNote>{T.attempts(message.attempts)}</CellNote>
        </>
      )}
    </CellLines>
  );
}

/** The subject, and the text: its first lines until opened. */
function ContentCell({ message }: { message: FamilyMessage }) {
  const [open, setOpen] = useState(false);
  const long = message.text.length > 120 || message.text.includes('\n');
  return (
    <CellLines>
      <CellStrong>{message.subject}</CellStrong>
      {open ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word" maxW="md">
          {message.text}
        </Text>
      ) : (
        // (its first words as one run: a greeting on a line of its own would fill the lines shown)
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word" maxW="md" lineClamp={2}>
          {message.text.replace(/\s+/g, ' ')}
        </Text>
      )}
      {long && (
        <span>
          <Button size="xs" variant="plain" px="0" colorPalette="blue" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? T.collapse : T.expand}
          </Button>
        </span>
      )}
    </CellLines>
  );
}

function RecipientCell({ message }: { message: FamilyMessage }) {
  if (!message.guardian) return <>{message.recipient || '-'}</>;
  return (
    <CellLines>
      <CellStrong>{message.guardian.name}</CellStrong>
      {message.recipient && <CellNote>{message.recipient}</CellNote>}
    </CellLines>
  );
}

export function FamilyMessagesPage() {
  const me = useCurrentUser();
  const resend = useResend();
  const resendAction: RowAction<FamilyMessage>[] = can(me, 'NotificationSetting', 'Update')
    ? [
        {
          key: 'resend',
          label: T.resend,
          icon: <BellIcon size={16} />,
          hidden: (message) => message.status !== 'failed',
          onSelect: (message) =>
            resend.mutate(message, {
              onSuccess: () => notifySuccess(T.resent),
              // (a message no longer failed, say resent from another screen meanwhile: the API's reason)
              onError: (error) => notifyError(refusalOf(error, T.resendFailed)),
            }),
        },
      ]
    : [];

  return (
    <DataSourceScreen<FamilyMessage, FamilyMessageFilters, Record<string, never>>
      source={familyMessages}
      permission="NotificationSetting"
      texts={T}
      pageSize={FAMILY_MESSAGES_PAGE_SIZE}
      columns={[
        { header: T.createdAt, cell: (message) => formatDateMinute(message.created_at), nowrap: true, card: 'line' },
        { header: T.students, cell: (message) => message.students.map((student) => student.name).join(', ') || '-', card: 'title' },
        { header: T.recipient, cell: (message) => <RecipientCell message={message} />, card: 'line' },
        {
          header: T.kind,
          cell: (message) => (
            <CellLines>
              <span>{labelOf(FAMILY_MESSAGE_KIND_LABELS, message.kind)}</span>
              <CellNote>{T.by(labelOf(MESSAGE_CHANNEL_LABELS, message.channel))}</CellNote>
            </CellLines>
          ),
          card: 'line',
        },
        { header: T.status, cell: (message) => <StatusCell message={message} />, card: 'line' },
        { header: T.content, cell: (message) => <ContentCell message={message} />, card: 'line' },
      ]}
      filters={FAMILY_MESSAGE_FILTERS}
      filterFields={(draft, setDraft) => (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FilterSelect label={T.status} value={draft.status} options={STATUS_OPTIONS} onChange={(status) => setDraft({ ...draft, status: status as StatusFilter })} />
          <FilterSelect label={T.kind} value={draft.kind} options={KIND_OPTIONS} onChange={(kind) => setDraft({ ...draft, kind: kind as KindFilter })} />
          <FilterSelect label={T.channel} value={draft.channel} options={CHANNEL_OPTIONS} onChange={(channel) => setDraft({ ...draft, channel: channel as ChannelFilter })} />
          <FilterText
            label={T.student}
            inputMode="numeric"
            value={draft.student ? String(draft.student) : ''}
            // digits only: anything else means every student (0), as every id filter does
            onChange={(text) => setDraft({ ...draft, student: /^\d{1,10}$/.test(text.trim()) && Number(text) <= 2147483647 ? Number(text) : 0 })}
          />
          <Field.Root>
            <Field.Label>{T.from}</Field.Label>
            <DateInput value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{T.to}</Field.Label>
            <DateInput value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
          </Field.Root>
        </SimpleGrid>
      )}
      listParams={familyMessageParams}
      extraActions={resendAction}
    />
  );
}
