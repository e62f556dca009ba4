/**
 * Sending a draft: a confirmation naming how many people will receive it (counted by the API now, as
 * GET /notifications/{id} answers), then PUT /notifications { notification_id, is_send: 1 }. The outcome
 * is a toast; a refusal (nobody to send to, already sent) says the API's reason.
 */
import type { Notification, NotificationUpdateRequest } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_SEND } from '@trungtam/shared/contracts/notifications';
import { ConfirmDelete } from '@trungtam/shared/ui';
import { messages, useMessageCount } from './api';
import { NOTIFICATION_SETTINGS_TEXTS as T } from './texts';

export function SendDialog({ message, onClose }: { message: Notification | null; onClose: () => void }) {
  const count = useMessageCount(message?.notification_id ?? null);
  const send = messages.useUpdate();
  const recipients = count.data?.recipient_count;
  let question = '';
  if (message && count.isError) question = T.sendUncounted(message.name);
  else if (message) question = recipients === undefined ? T.counting : recipients > 0 ? T.sendQuestion(message.name, recipients) : T.nobody(message.name);
  return (
    <ConfirmDelete
      open={message !== null}
      onClose={onClose}
      message={question}
      confirmLabel={T.send}
      successMessage={T.sendSuccess}
      failureMessage={T.sendFailed}
      onConfirm={() =>
        message ? send.mutateAsync({ notification_id: message.notification_id, is_send: NOTIFICATION_SEND.SENT } satisfies NotificationUpdateRequest) : Promise.resolve()
      }
    />
  );
}
