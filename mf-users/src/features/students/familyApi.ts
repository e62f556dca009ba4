/**
 * A student's family as the students screen reaches it: its guardians (/learning/guardian/*, the User
 * permissions) and the messages sent to them (/learning/messages, the NotificationSetting permissions).
 * Every guardian write answers the student's guardians, taken in at once; it also refreshes the other
 * students' guardian lists (a guardian shared with a sibling changed for both) and the students list,
 * whose representative columns the API keeps equal to each student's first guardian.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult } from '@trungtam/shared/contracts';
import type { FamilyMessage, Guardian, GuardianCreateRequest, GuardianLinkRequest, GuardianUpdateRequest } from '@trungtam/shared/contracts/familyMessages';
import { ACCOUNTS } from '../../common/accounts';

/** The messages a page of "Tin đã gửi" holds. */
export const STUDENT_MESSAGES_PAGE_SIZE = 10;

/** The search text the API takes to look guardians up (fewer characters are refused). */
export const GUARDIAN_SEARCH_MIN = 2;

export const familyKeys = {
  guardians: ['guardians'] as const,
  ofStudent: (studentId: number) => ['guardians', 'student', studentId] as const,
  search: (text: string) => ['guardians', 'search', text] as const,
  messages: ['family-messages'] as const,
  messagesOf: (studentId: number, page: number) => ['family-messages', 'student', studentId, page] as const,
};

export interface GuardianUnlinkRequest {
  student_id: number;
  guardian_id: number;
}

export async function getGuardians(studentId: number): Promise<Guardian[]> {
  const response = await api.get<ApiData<Guardian[]>>('/learning/guardian/list', { params: { student_id: studentId } });
  return response.data.data ?? [];
}

/** Guardians of students in reach whose name, phone or e-mail holds `text` (a sibling's, to link). */
export async function searchGuardians(text: string): Promise<Guardian[]> {
  const response = await api.get<ApiData<Guardian[]>>('/learning/guardian/search', { params: { search: text } });
  return response.data.data ?? [];
}

const guardianWrite =
  <B>(path: string) =>
  async (body: B): Promise<Guardian[]> => {
    const response = await api.post<ApiData<Guardian[]>>(path, body);
    return response.data.data ?? [];
  };

export const createGuardian = guardianWrite<GuardianCreateRequest>('/learning/guardian/create');
export const updateGuardian = guardianWrite<GuardianUpdateRequest>('/learning/guardian/update');
export const linkGuardian = guardianWrite<GuardianLinkRequest>('/learning/guardian/link');
export const unlinkGuardian = guardianWrite<GuardianUnlinkRequest>('/learning/guardian/unlink');

/** One page of the messages about a student (siblings' shared ones included), newest first. */
export async function getStudentMessages(studentId: number, page: number): Promise<ListResult<FamilyMessage>> {
  const response = await api.get<ApiData<ListResult<FamilyMessage>>>('/learning/messages', {
    params: { student_id: studentId, page, limit: STUDENT_MESSAGES_PAGE_SIZE },
  });
  const data = response.data.data;
  return { rows: data?.rows ?? [], total_rows: data?.total_rows ?? 0, total_pages: data?.total_pages ?? 0 };
}

/** A failed message queued again. */
export async function resendMessage(messageId: number): Promise<FamilyMessage> {
  const response = await api.post<ApiData<FamilyMessage>>('/learning/messages/resend', { message_id: messageId });
  return response.data.data;
}

/** Asked again each time the dialog opens: another student's guardian may have changed meanwhile. */
export const useGuardians = (studentId: number, enabled: boolean) =>
  useQuery({ queryKey: familyKeys.ofStudent(studentId), queryFn: () => getGuardians(studentId), enabled: enabled && studentId > 0, staleTime: 0 });

export const useGuardianSearch = (text: string) =>
  useQuery({ queryKey: familyKeys.search(text), queryFn: () => searchGuardians(text), enabled: text.length >= GUARDIAN_SEARCH_MIN, staleTime: 0 });

/**
 * A write of a student's guardians: its answer (the student's guardians) replaces the list and goes to
 * `onChanged`, then every other guardian list and the students list are asked again.
 */
export function useGuardianWrite<B>(studentId: number, write: (body: B) => Promise<Guardian[]>, onChanged?: (guardians: Guardian[]) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (guardians) => {
      queryClient.setQueryData(familyKeys.ofStudent(studentId), guardians);
      onChanged?.(guardians);
      void queryClient.invalidateQueries({ queryKey: familyKeys.guardians, predicate: (query) => query.queryKey[2] !== studentId });
      void queryClient.invalidateQueries({ queryKey: ACCOUNTS.student.keys.all });
    },
  });
}

export const useStudentMessages = (studentId: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: familyKeys.messagesOf(studentId, page),
    queryFn: () => getStudentMessages(studentId, page),
    enabled: enabled && studentId > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** Resend; the student's messages are asked again once the API has queued it. */
export function useResendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMessage,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: familyKeys.messages });
    },
  });
}
