/**
 * "Xếp hạng": the ranking of an event, of the whole event or of one round, for one subject or group or
 * all (the choices kept in the URL). Ties share a rank (1, 2, 2, 4) and say so. The subjects and groups
 * offered are those the event's examinees carry (a teacher may not list the subjects themselves).
 * "Xuất Excel" (with LearningCompetitionExamineePoint Export) downloads the same ranking.
 */
import { formatScore, type Ranking, type RankingQuery, type ScoringEventRow } from '@trungtam/shared/contracts/competition';
import { can } from '@trungtam/shared/permissions';
import { DataTable, FilterSelect } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Badge, Box, Card, ExportButton, Flex, HStack, Text } from '@trungtam/shared/ui';
import { rankingParams, useRanking, useScoringList } from './api';
import { SCORING_TEXTS as T } from './texts';

/** The ranking's choices besides the event: 0 for "all". */
export interface RankingChoice {
  round_id: number;
  topic_id: number;
  type_id: number;
}

/** The distinct (id, name) pairs of some rows, by name. */
function distinct<R>(rows: R[], id: (row: R) => number | null, name: (row: R) => string | null) {
  const found = new Map<number, string>();
  for (const row of rows) {
    const key = id(row);
    if (key !== null && !found.has(key)) found.set(key, name(row) ?? `#${key}`);
  }
  return [...found].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'vi'));
}

export function RankingPanel({ event, choice, onChoice }: { event: ScoringEventRow; choice: RankingChoice; onChoice: (next: RankingChoice) => void }) {
  const me = useCurrentUser();
  const rounds = [...event.rounds].sort((a, b) => a.order - b.order);
  // every examinee of the event takes the first round: its grid names every subject and group
  const firstRound = useScoringList(rounds[0]?.round_id ?? 0);
  const examinees = firstRound.data?.rows ?? [];
  const topics = distinct(examinees, (row) => row.topic_id, (row) => row.topic_name);
  const types = distinct(examinees, (row) => row.type_id, (row) => row.type_name);
  const query: RankingQuery = { competition_id: event.competition_id, ...choice };
  const ranking = useRanking(query);
  const rows = ranking.data ?? [];
  const shared = new Map<number, number>();
  for (const row of rows) shared.set(row.rank, (shared.get(row.rank) ?? 0) + 1);

  return (
    <Card.Root>
      <Card.Header pb="3">
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Box minW="48">
            <FilterSelect
              label={T.rankBy}
              value={choice.round_id}
              options={[{ value: 0, label: T.wholeEvent }, ...rounds.map((round) => ({ value: round.round_id, label: round.name }))]}
              onChange={(id) => onChoice({ ...choice, round_id: Number(id) })}
            />
          </Box>
          <Box minW="48">
            <FilterSelect label={T.topic} value={choice.topic_id} options={[{ value: 0, label: T.allTopics }, ...topics]} onChange={(id) => onChoice({ ...choice, topic_id: Number(id) })} />
          </Box>
          <Box minW="48">
            <FilterSelect label={T.type} value={choice.type_id} options={[{ value: 0, label: T.allTypes }, ...types]} onChange={(id) => onChoice({ ...choice, type_id: Number(id) })} />
          </Box>
          {can(me, 'LearningCompetitionExamineePoint', 'Export') && <ExportButton path="/competition/ranking/export" params={{ ...rankingParams(query) }} />}
        </Flex>
      </Card.Header>
      <Card.Body p="0">
        <DataTable<Ranking>
          label={T.rankingTable}
          pinLastColumn={false}
          emptyText={T.rankingEmpty}
          columns={[
            {
              header: T.rank,
              cell: (row) => (
                <HStack gap="2">
                  <Text fontWeight="semibold">{row.rank}</Text>
                  {(shared.get(row.rank) ?? 0) > 1 && <Badge colorPalette="purple">{T.tie}</Badge>}
                </HStack>
              ),
            },
            { header: T.candidateNumber, cell: (row) => row.candidate_number },
            { header: T.fullName, cell: (row) => row.full_name },
            { header: T.school, cell: (row) => row.school ?? '-' },
            { header: T.topic, cell: (row) => row.topic_name ?? '-' },
            { header: T.type, cell: (row) => row.type_name ?? '-' },
            { header: T.roundName, cell: (row) => row.round_name },
            { header: T.score, cell: (row) => formatScore(row.score) },
          ]}
          // an examinee is ranked once per ranking
          rowId={(row) => row.examinee_id}
          rows={rows}
          loading={ranking.isPending}
          failed={ranking.isError}
          onRetry={() => void ranking.refetch()}
        />
      </Card.Body>
    </Card.Root>
  );
}
