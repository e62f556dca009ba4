/**
 * The calls of the templates screen, over /learning/message-template/*: every kind × channel with its text
 * and each kind's placeholders, a text saved or put back to the built-in one, a text (saved or not)
 * filled for a real student, and the quiet window with the channels this installation sends by.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type {
  FamilyMessageSettings,
  FamilyMessageSettingsRequest,
  MessageTemplate,
  MessageTemplatePreview,
  MessageTemplatePreviewRequest,
  MessageTemplateUpdateRequest,
} from '@trungtam/shared/contracts/familyMessages';

export interface TemplateList {
  templates: MessageTemplate[];
  /** Each kind's placeholders, by name, with what they hold. */
  placeholders: Record<string, Record<string, string>>;
}

const KEYS = {
  list: ['message-templates', 'list'] as const,
  settings: ['message-templates', 'settings'] as const,
};

export function useTemplates() {
  return useQuery({
    queryKey: KEYS.list,
    queryFn: async () => (await api.get<ApiData<TemplateList>>('/learning/message-template/list')).data.data,
  });
}

/** A template's place in the list: its kind and channel. */
export type TemplateKey = Pick<MessageTemplate, 'kind' | 'channel'>;

/** Puts the template the API answers in the list in place of the one it replaces. */
function useTemplateWrite<B extends TemplateKey>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => (await api.post<ApiData<MessageTemplate>>(path, body)).data.data,
    onSuccess: (saved) => {
      queryClient.setQueryData<TemplateList>(KEYS.list, (old) =>
        old ? { ...old, templates: old.templates.map((template) => (template.kind === saved.kind && template.channel === saved.channel ? saved : template)) } : old,
      );
    },
  });
}

export const useSaveTemplate = () => useTemplateWrite<MessageTemplateUpdateRequest>('/learning/message-template/update');
export const useResetTemplate = () => useTemplateWrite<TemplateKey>('/learning/message-template/reset');

/** The text filled for one student: nothing is saved. */
export function usePreview() {
  return useMutation({
    mutationFn: async (body: MessageTemplatePreviewRequest) => (await api.post<ApiData<MessageTemplatePreview>>('/learning/message-template/preview', body)).data.data,
  });
}

export function useMessageSettings() {
  return useQuery({
    queryKey: KEYS.settings,
    queryFn: async () => (await api.get<ApiData<FamilyMessageSettings>>('/learning/message-template/settings')).data.data,
  });
}

export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FamilyMessageSettingsRequest) => (await api.post<ApiData<FamilyMessageSettings>>('/learning/message-template/settings', body)).data.data,
    onSuccess: (saved) => queryClient.setQueryData(KEYS.settings, saved),
  });
}
