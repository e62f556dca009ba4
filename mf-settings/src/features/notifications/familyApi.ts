/**
 * The calls of the message to families ("Gửi phụ huynh"), which download with its dialog: the classes
 * matching a search, a centre's number of students, and the send.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult, User } from '@trungtam/shared/contracts';
import type { FreeMessageRequest, FreeMessageResult } from '@trungtam/shared/contracts/familyMessages';
import type { LearningClass } from '@trungtam/shared/contracts/learning';

/** The first classes in reach whose name holds `search` (the class list, newest first), with their room and centre. */
export function useClassSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['classes', 'choices', search],
    queryFn: async () => {
      const response = await api.get<ApiData<ListResult<LearningClass>>>('/learning/class/list', {
        params: { limit: CLASS_CHOICES, page: 1, sort_column: 'class_id', sort_type: 'DESC', search: search || undefined, relationships: 'room' },
      });
      return response.data.data?.rows ?? [];
    },
    enabled,
    staleTime: 30_000,
  });
}
export const CLASS_CHOICES = 20;

/** How many students a centre has (in the user's reach): what a message to the whole centre reaches. */
export async function countCentreStudents(centerId: number): Promise<number> {
  const response = await api.get<ApiData<ListResult<User>>>('/user/list', { params: { type: 'student', center_id: centerId, limit: 1, page: 1 } });
  return response.data.data?.total_rows ?? 0;
}

/** A staff's own message to families: the guardians of a class's, a centre's or chosen students. */
export async function sendFreeMessage(body: FreeMessageRequest): Promise<FreeMessageResult> {
  return (await api.post<ApiData<FreeMessageResult>>('/learning/messages/send', body)).data.data;
}
