/**
 * The calls of the delivery log: the messages to families (GET /learning/messages, paged, newest first)
 * and the resend of a failed one (POST /learning/messages/resend), which refreshes the log.
 */
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { FamilyMessage } from '@trungtam/shared/contracts/familyMessages';
import { createDataSource } from '@trungtam/shared/resource';

export const familyMessages = createDataSource<FamilyMessage>({ key: ['family-messages'], paths: { list: '/learning/messages' }, id: (message) => message.id });

/** Queues a failed message again; the API answers 409 for any other status. */
export function useResend() {
  return familyMessages.useWrite(async (message: FamilyMessage) => (await api.post<ApiData<FamilyMessage>>('/learning/messages/resend', { message_id: message.id })).data.data);
}
