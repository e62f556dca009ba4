/**
 * Exam grading at /competition/scoring (LearningCompetitionExamineePoint; the one competition screen a
 * teacher opens): the event, then the round, from the events the user may grade (`competition_id`,
 * `round_id` in the URL; by default the first event and its first round not finalised), then two tabs:
 * the round's grid ("Chấm điểm") and the event's ranking ("Xếp hạng").
 */
import type { Round, ScoringEventRow } from '@trungtam/shared/contracts/competition';
import { FilterSelect, intParam, oneOfParam, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { Box, Button, Flex, Heading, Spinner, Stack, Tabs, Text } from '@trungtam/shared/ui';
import { RoundStatus } from '../../common/RoundStatus';
import { useScoringEvents, useScoringList } from './api';
import { RankingPanel } from './RankingPanel';
import { ScoreGrid } from './ScoreGrid';
import { SCORING_TEXTS as T } from './texts';

const TABS = ['grid', 'ranking'] as const;
type ScoringTab = (typeof TABS)[number];

interface ScoringView {
  competition_id: number;
  round_id: number;
  tab: ScoringTab;
  /** The ranking's choices (0: the whole event, every subject, every group). */
  rank_round: number;
  topic_id: number;
  type_id: number;
}
const VIEW: FilterCodecs<ScoringView> = {
  competition_id: intParam('competition_id'),
  round_id: intParam('round_id'),
  tab: oneOfParam('tab', TABS, 'grid'),
  rank_round: intParam('rank_round'),
  topic_id: intParam('topic_id'),
  type_id: intParam('type_id'),
};

const byOrder = (rounds: Round[]) => [...rounds].sort((a, b) => a.order - b.order);

/** The round to grade when none is asked for: the first not finalised, else the last. */
export function defaultRound(event: ScoringEventRow): Round | null {
  const rounds = byOrder(event.rounds);
  return rounds.find((round) => !round.finalized_at) ?? rounds.at(-1) ?? null;
}

export function ScoringPage({ saveDelayMs }: { saveDelayMs?: number }) {
  const { filters: view, setView } = useUrlListView(VIEW);
  const events = useScoringEvents();
  const rows = events.data ?? [];
  const event = rows.find((row) => row.competition_id === view.competition_id) ?? rows[0] ?? null;
  const round = (event && event.rounds.find((row) => row.round_id === view.round_id)) ?? (event ? defaultRound(event) : null);
  const show = (next: Partial<ScoringView>) => setView({ ...view, ...next }, 1);

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {T.title}
      </Heading>
      {events.isPending ? (
        <Loading />
      ) : events.isError ? (
        <LoadFailed onRetry={() => void events.refetch()} />
      ) : !event ? (
        <Text color="fg.muted">{T.noEvents}</Text>
      ) : (
        <>
          <Flex gap="3" wrap="wrap" align="flex-end">
            <Box minW={{ base: 'full', sm: '64' }}>
              <FilterSelect
                label={T.event}
                value={event.competition_id}
                options={rows.map((row) => ({ value: row.competition_id, label: row.name }))}
                // another event starts on its own default round and a ranking of the whole event
                onChange={(id) => show({ competition_id: Number(id), round_id: 0, rank_round: 0, topic_id: 0, type_id: 0 })}
              />
            </Box>
            {round && (
              <Box minW={{ base: 'full', sm: '56' }}>
                <FilterSelect
                  label={T.round}
                  value={round.round_id}
                  options={byOrder(event.rounds).map((row) => ({ value: row.round_id, label: T.roundOption(row.name, !!row.finalized_at) }))}
                  onChange={(id) => show({ competition_id: event.competition_id, round_id: Number(id) })}
                />
              </Box>
            )}
            {round && <RoundStatus round={round} />}
          </Flex>
          {!round ? (
            <Text color="fg.muted">{T.noRounds}</Text>
          ) : (
            <Tabs.Root value={view.tab} onValueChange={({ value }) => show({ competition_id: event.competition_id, round_id: round.round_id, tab: value as ScoringTab })} lazyMount unmountOnExit>
              <Tabs.List>
                <Tabs.Trigger value="grid">{T.gridTab}</Tabs.Trigger>
                <Tabs.Trigger value="ranking">{T.rankingTab}</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="grid">
                {/* one grid per round: what one round typed never reaches another */}
                <RoundGrid key={round.round_id} event={event} roundId={round.round_id} saveDelayMs={saveDelayMs} />
              </Tabs.Content>
              <Tabs.Content value="ranking">
                <RankingPanel
                  event={event}
                  choice={{ round_id: view.rank_round, topic_id: view.topic_id, type_id: view.type_id }}
                  onChoice={(choice) => show({ competition_id: event.competition_id, rank_round: choice.round_id, topic_id: choice.topic_id, type_id: choice.type_id })}
                />
              </Tabs.Content>
            </Tabs.Root>
          )}
        </>
      )}
    </Stack>
  );
}

function RoundGrid({ event, roundId, saveDelayMs }: { event: ScoringEventRow; roundId: number; saveDelayMs?: number }) {
  const list = useScoringList(roundId);
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  return <ScoreGrid data={list.data} event={event} saveDelayMs={saveDelayMs} onConflict={() => void list.refetch()} />;
}

function Loading() {
  return (
    <Flex align="center" gap="2" color="fg.muted">
      <Spinner size="sm" aria-hidden="true" />
      <Text>{T.loading}</Text>
    </Flex>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Flex align="center" gap="3" wrap="wrap" role="alert">
      <Text color="fg.error">{T.loadFailed}</Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {T.retry}
      </Button>
    </Flex>
  );
}
