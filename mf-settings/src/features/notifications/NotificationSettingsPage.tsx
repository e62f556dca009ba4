/**
 * Notification settings (NotificationSetting): the messages staff compose, over the
 * /notifications calls. A message is written as a draft (name, message, whom it goes to), edited or
 * deleted while it is one, and sent with 'Gửi' after a confirmation naming how many will receive it;
 * once sent it stays as it is (neither edit nor delete is offered), with its recipient and read counts.
 * "Gửi phụ huynh" (NotificationSetting Create) sends a message to students' guardians instead
 * (FreeMessageDialog).
 */
import { useState } from 'react';
import type { Notification, NotificationCreateRequest, NotificationTargetRequest, NotificationUpdateRequest } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_SEND } from '@trungtam/shared/contracts/notifications';
import { formatDate, formatDateTime } from '@trungtam/shared/format';
import { BellIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import { FilterSelect, FilterText, lazyDialog, lazySchema, oneOfParam, DataSourceScreen, textParam, type FilterCodecs, type RowAction, pageParams } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { useOwnCenter } from '@trungtam/shared/lookups';
import { Badge, Button, FormField, SimpleGrid, Stack, Text } from '@trungtam/shared/ui';
import { messages } from './api';
import { SendDialog } from './SendDialog';
import { TargetFields, type TargetValues } from './TargetFields';
import { describeTarget, NOTIFICATION_SETTINGS_TEXTS as T } from './texts';

export const NOTIFICATION_SETTINGS_PAGE_SIZE = 20;

// (the message to families downloads apart from the list: drawn, and downloaded, when first opened)
const FreeMessageDialog = lazyDialog('FreeMessageDialog', () => import('./FreeMessageDialog').then((m) => m.FreeMessageDialog));

const STATUSES = ['all', 'draft', 'sent'] as const;
type StatusFilter = (typeof STATUSES)[number];
const STATUS_OPTIONS = [
  { value: 'all', label: T.allStatuses },
  { value: 'draft', label: T.draft },
  { value: 'sent', label: T.sent },
];
const IS_SEND: Record<StatusFilter, 0 | 1 | undefined> = { all: undefined, draft: NOTIFICATION_SEND.DRAFT, sent: NOTIFICATION_SEND.SENT };

interface Filters {
  search: string;
  status: StatusFilter;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), status: oneOfParam('status', STATUSES, 'all') };

export interface MessageValues extends TargetValues {
  name: string;
  message: string;
}

const schema = lazySchema(() => import('./messageSchema').then((m) => m.messageSchema));

/** The target the API takes: only the fields of its kind (a centre of 0 is none: every centre, or a giáo vụ's own). */
export function toTarget(values: TargetValues): NotificationTargetRequest {
  const center = values.center_id > 0 ? { center_id: values.center_id } : {};
  switch (values.kind) {
    case 'user':
      return { kind: 'user', user_id: values.user_id };
    case 'center':
      return { kind: 'center', center_id: values.center_id };
    case 'type':
      return { kind: 'type', type: values.type || undefined, ...center };
    default:
      return { kind: 'all', ...center };
  }
}

const toBody = (values: MessageValues): NotificationCreateRequest => ({ name: values.name.trim(), message: values.message.trim(), target: toTarget(values) });

const isDraft = (message: Notification) => message.is_send === NOTIFICATION_SEND.DRAFT;

function StatusCell({ message }: { message: Notification }) {
  if (isDraft(message)) return <Badge colorPalette="gray">{T.draft}</Badge>;
  return (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette="green">{T.sent}</Badge>
      {message.sent_at && (
        <Text fontSize="xs" color="fg.muted">
          {T.sentAt(formatDateTime(message.sent_at))}
        </Text>
      )}
    </Stack>
  );
}

/** `formDelayMs`: the form's wait before its call (1 second; tests pass 0). */
export function NotificationSettingsPage({ formDelayMs }: { formDelayMs?: number }) {
  const me = useCurrentUser();
  const ownCenter = useOwnCenter();
  const [sending, setSending] = useState<Notification | null>(null);
  const [toFamilies, setToFamilies] = useState(false);
  const sendAction: RowAction<Notification>[] = can(me, 'NotificationSetting', 'Update')
    ? [{ key: 'send', label: T.send, icon: <BellIcon size={16} />, onSelect: setSending, hidden: (message) => !isDraft(message) }]
    : [];

  return (
    <DataSourceScreen<Notification, Filters, MessageValues>
      source={messages}
      permission="NotificationSetting"
      texts={T}
      pageSize={NOTIFICATION_SETTINGS_PAGE_SIZE}
      formDelayMs={formDelayMs}
      columns={[
        {
          header: T.name,
          sortKey: 'name',
          cell: (message) => (
            <Stack gap="0.5" maxW="md">
              <Text fontWeight="medium">{message.name}</Text>
              <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                {message.message}
              </Text>
            </Stack>
          ),
        },
        { header: T.target, cell: (message) => describeTarget(message.target) },
        { header: T.status, sortKey: 'sent_at', cell: (message) => <StatusCell message={message} /> },
        {
          header: T.reach,
          cell: (message) => (!isDraft(message) && message.recipient_count !== undefined ? T.reachText(message.recipient_count, message.read_count ?? 0) : '-'),
        },
        { header: T.createdAt, sortKey: 'created_at', cell: (message) => formatDate(message.created_at) },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={T.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect label={T.status} value={draft.status} options={STATUS_OPTIONS} onChange={(status) => setDraft({ ...draft, status: status as StatusFilter })} />
        </>
      )}
      listParams={(filters, page, sort) => ({
        // the composed messages only, not what each person received
        kind: 'message',
        ...pageParams(page, sort, { limit: NOTIFICATION_SETTINGS_PAGE_SIZE, sortColumn: 'notification_id' }),
        search: filters.search || undefined,
        is_send: IS_SEND[filters.status],
      })}
      // a sent message is shown read-only ("Xem") and cannot be deleted
      canEdit={isDraft}
      canDelete={isDraft}
      extraActions={sendAction}
      tools={
        can(me, 'NotificationSetting', 'Create') && (
          <Button size="sm" variant="outline" onClick={() => setToFamilies(true)}>
            {T.toFamilies}
          </Button>
        )
      }
      form={{
        empty: { name: '', message: '', kind: '', type: '', center_id: ownCenter ?? 0, user_id: 0, user_label: '' },
        fromRecord: (message) => ({
          name: message.name,
          message: message.message,
          kind: message.target?.kind ?? '',
          type: message.target?.type ?? '',
          center_id: message.target?.center_id ?? 0,
          user_id: message.target?.user_id ?? 0,
          user_label: message.target?.user_name ?? '',
        }),
        readOnlyNote: () => T.sentReadOnly,
        toCreate: toBody,
        toUpdate: (message, values): NotificationUpdateRequest => ({ notification_id: message.notification_id, ...toBody(values) }),
        schema,
        fields: () => [
          {
            title: T.contentSection,
            content: (
              <SimpleGrid columns={1} gap="4">
                <FormField name="name" label={T.name} required />
                <FormField name="message" label={T.message} multiline rows={5} required />
              </SimpleGrid>
            ),
          },
          { title: T.targetSection, content: <TargetFields /> },
        ],
        texts: { createTitle: T.createTitle, editTitle: T.editTitle, viewTitle: T.viewTitle, createSubmit: T.createSubmit, editSubmit: T.editSubmit },
        successMessages: { create: T.created, edit: T.updated },
        failureMessages: { create: T.failed, edit: T.failed },
      }}
    >
      <SendDialog message={sending} onClose={() => setSending(null)} />
      <FreeMessageDialog open={toFamilies} onClose={() => setToFamilies(false)} formDelayMs={formDelayMs} />
    </DataSourceScreen>
  );
}
