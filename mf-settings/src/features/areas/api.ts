/**
 * The calls of the areas screen (System ManageAreas), over /system/remote/*: the registry (not paged),
 * the writes that change one area (each answers the area as it now is), the manifest one user gets, and
 * an area's health over a period with its rollout guard's settings.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, RemoteManifest } from '@trungtam/shared/contracts';
import type { RemoteArea, RolloutInput } from '@trungtam/shared/schemas/remotes';
import type { AreaHealthRecord, GuardSettingsRecord } from '@trungtam/shared/schemas/telemetry';

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

/** The periods the health is read over, back from now. */
export const HEALTH_PERIODS = { day: 24, week: 7 * 24 } as const satisfies Record<string, number>;
export type HealthPeriod = keyof typeof HEALTH_PERIODS;

const HEALTH_KEY = ['remote-health'] as const;
const HOUR_MS = 60 * 60 * 1000;

/** An area's health over the last `period` (up to the moment asked: a refresh reads up to its own moment). */
export function useAreaHealth(area: string, period: HealthPeriod) {
  return useQuery({
    queryKey: [...HEALTH_KEY, area, period],
    queryFn: async () => {
      const to = new Date();
      const from = new Date(to.getTime() - HEALTH_PERIODS[period] * HOUR_MS);
      const params = { area, from: from.toISOString(), to: to.toISOString() };
      return (await api.get<ApiData<AreaHealthRecord>>('/system/remote/health', { params })).data.data;
    },
  });
}

export interface GuardRequest {
  area: string;
  settings: GuardSettingsRecord;
}

/** Saves an area's guard settings; its health (every period) is read again. */
export function useSaveGuard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GuardRequest) => (await api.put<ApiData<AreaHealthRecord>>('/system/remote/guard', body)).data.data,
    onSuccess: (_health, body) => queryClient.invalidateQueries({ queryKey: [...HEALTH_KEY, body.area] }),
  });
}
