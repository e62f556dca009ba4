/**
 * The calls of the scoring screen: the events the user grades (with their rounds and the subjects they
 * grade), one round's grid, the saving of scores, the finalisation of a round and the ranking. A saved
 * or finalised score refreshes the ranking; a finalisation refreshes the rounds too.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { Ranking, RankingQuery, Round, RoundFinalized, Score, ScoresUpdate, ScoringEventRow } from '@trungtam/shared/contracts/competition';

export const SCORING_KEYS = {
  events: ['competition-scoring', 'events'] as const,
  list: (roundId: number) => ['competition-scoring', 'list', roundId] as const,
  ranking: ['competition-ranking'] as const,
};

export interface RoundScores {
  round: Round;
  rows: Score[];
}

/** GET /competition/scoring/events: the events the user may grade, their rounds, the subjects they grade (null: all). */
export function useScoringEvents() {
  return useQuery({
    queryKey: SCORING_KEYS.events,
    queryFn: async () => (await api.get<ApiData<{ rows: ScoringEventRow[] }>>('/competition/scoring/events')).data.data.rows,
  });
}

/** GET /competition/scoring/list?round_id=N: the round and its examinees with their scores. */
export function useScoringList(roundId: number) {
  return useQuery({
    queryKey: SCORING_KEYS.list(roundId),
    queryFn: async () => (await api.get<ApiData<RoundScores>>('/competition/scoring/list', { params: { round_id: roundId } })).data.data,
    enabled: roundId > 0,
  });
}

/** PUT /competition/scoring/update: answers the rows saved. */
export async function saveScores(body: ScoresUpdate): Promise<Score[]> {
  return (await api.put<ApiData<{ rows: Score[] }>>('/competition/scoring/update', body)).data.data.rows;
}

/** POST /competition/round/finalize/{round_id}: the round locked; its grid turns read-only at once. */
export function useFinalizeRound(roundId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<ApiData<RoundFinalized>>(`/competition/round/finalize/${roundId}`)).data.data,
    onSuccess: (result) => {
      queryClient.setQueryData<RoundScores>(SCORING_KEYS.list(roundId), (old) => (old ? { ...old, round: result.round } : old));
      void queryClient.invalidateQueries({ queryKey: SCORING_KEYS.events });
      void queryClient.invalidateQueries({ queryKey: SCORING_KEYS.list(roundId) });
      void queryClient.invalidateQueries({ queryKey: SCORING_KEYS.ranking });
    },
  });
}

/** The ranking's params: a round, a subject, a group only when one is chosen. */
export function rankingParams(query: RankingQuery): RankingQuery {
  return {
    competition_id: query.competition_id,
    ...(query.round_id ? { round_id: query.round_id } : {}),
    ...(query.topic_id ? { topic_id: query.topic_id } : {}),
    ...(query.type_id ? { type_id: query.type_id } : {}),
  };
}

/** GET /competition/ranking: ties share a rank (1, 2, 2, 4). */
export function useRanking(query: RankingQuery) {
  const params = rankingParams(query);
  return useQuery({
    queryKey: [...SCORING_KEYS.ranking, params],
    queryFn: async () => (await api.get<ApiData<{ rows: Ranking[] }>>('/competition/ranking', { params })).data.data.rows,
    enabled: query.competition_id > 0,
    placeholderData: keepPreviousData,
  });
}
