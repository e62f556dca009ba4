/**
 * The calls of the notification settings screen: the composed messages over the /notifications
 * paths, and the choices its form needs (the centres; the accounts matching a search are the kit's AccountPicker).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, Center, ListResult } from '@trungtam/shared/contracts';
import type { Notification } from '@trungtam/shared/contracts/notifications';
import { createDataSource } from '@trungtam/shared/resource';

/** The composed messages. Their bodies are typed where they are made (NotificationCreateRequest, NotificationUpdateRequest). */
export const messages = createDataSource<Notification>({
  key: ['notification-messages'],
  paths: {
    list: '/notifications',
    show: (id) => `/notifications/${id}`,
    create: '/notifications',
    update: '/notifications',
    remove: (id) => `/notifications/${id}`,
  },
  id: (message) => message.notification_id,
});

/** How many a message reaches: asked afresh each time (people join and leave between two sends). */
export function useMessageCount(id: number | null) {
  return useQuery({
    queryKey: messages.keys.show(id ?? 0),
    queryFn: () => messages.show(id ?? 0),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Every centre, by name (limit 1000, the size of every unpaged list). */
export function useCenterChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['centers', 'choices'],
    queryFn: async () => {
      const response = await api.get<ApiData<ListResult<Center>>>('/learning/center/list', {
        params: { limit: 1000, page: 1, sort_column: 'name', sort_type: 'ASC' },
      });
      return response.data.data?.rows ?? [];
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
