/**
 * The calls of the areas screen (System ManageAreas), over /system/remote/*: the registry (not paged),
 * the writes that change one area (each answers the area as it now is), and the manifest one user gets.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, RemoteManifest } from '@trungtam/shared/contracts';
import type { RemoteArea, RolloutInput } from '@trungtam/shared/schemas/remotes';

/** Every answer of the registry (the list and the previews) lives under this key: a write refreshes them all. */
const AREAS_KEY = ['remote-areas'] as const;

export function useAreas() {
  return useQuery({
    queryKey: AREAS_KEY,
    queryFn: async () => (await api.get<ApiData<RemoteArea[]>>('/system/remote/list')).data.data ?? [],
  });
}

export interface RolloutRequest {
  area: string;
  candidate_version: string;
  rollout: RolloutInput;
}
export interface AreaRequest {
  area: string;
}
export interface EnableRequest extends AreaRequest {
  enabled: boolean;
}

/** A write on one area: the area it answers replaces the one on screen at once, then the registry is read again. */
function useAreaWrite<B>(method: 'post' | 'put', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => (await api[method]<ApiData<RemoteArea>>(path, body)).data.data,
    onSuccess: (area) => {
      if (area?.name) queryClient.setQueryData<RemoteArea[]>(AREAS_KEY, (old) => old?.map((row) => (row.name === area.name ? area : row)));
      void queryClient.invalidateQueries({ queryKey: AREAS_KEY });
    },
  });
}

export const useRollout = () => useAreaWrite<RolloutRequest>('put', '/system/remote/rollout');
export const usePromote = () => useAreaWrite<AreaRequest>('post', '/system/remote/promote');
export const useRollback = () => useAreaWrite<AreaRequest>('post', '/system/remote/rollback');
export const useEnable = () => useAreaWrite<EnableRequest>('put', '/system/remote/enable');

/** The manifest `userId` gets now: asked afresh each time it is shown. */
export function useAreaPreview(userId: number) {
  return useQuery({
    queryKey: [...AREAS_KEY, 'preview', userId],
    queryFn: async () => (await api.get<ApiData<RemoteManifest>>('/system/remote/preview', { params: { user_id: userId } })).data.data,
    enabled: userId > 0,
    staleTime: 0,
  });
}
