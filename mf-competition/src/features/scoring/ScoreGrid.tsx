/**
 * One round's grid: candidate number, name, subject, group, the score and comment inputs, and each row's
 * state. Typed for speed from the keyboard: Enter saves and goes down to the next score (Shift+Enter:
 * up), Tab goes on to the comment; nothing needs a click to be saved (see useScoreDrafts). Read-only,
 * with the reason on top, once the round is finalised or for a user who may not score; a teacher's rows
 * of a subject assigned to someone else are read-only too. Leaving the page with scores not saved asks
 * first. With LearningCompetition Update, "Chốt điểm" closes the round.
 */
import { COMPETITION_LIMITS, COMPETITION_TEXT, parseScoreText, type Score, type ScoringEventRow } from '@trungtam/shared/contracts/competition';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Badge, Box, Button, Flex, HStack, Input, Spinner, Stack, Table, Text } from '@trungtam/shared/ui';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { RoundScores } from './api';
import { FinalizeButton } from './FinalizeButton';
import { SCORING_TEXTS as T } from './texts';
import { useScoreDrafts, type RowState } from './useScoreDrafts';

export interface ScoreGridProps {
  data: RoundScores;
  event: ScoringEventRow;
  /** The wait before a save (tests shorten it). */
  saveDelayMs?: number;
  onConflict?: () => void;
}

export function ScoreGrid({ data, event, saveDelayMs, onConflict }: ScoreGridProps) {
  const { round, rows } = data;
  const me = useCurrentUser();
  const mayScore = can(me, 'LearningCompetitionExamineePoint', 'Update');
  const finalized = !!round.finalized_at;
  const editable = mayScore && !finalized;
  const grades = (row: Score) => event.topic_ids === null || (row.topic_id !== null && event.topic_ids.includes(row.topic_id));
  const drafts = useScoreDrafts({ roundId: round.round_id, scale: round, rows, delayMs: saveDelayMs, onConflict });
  const scoreInputs = useRef<Array<HTMLInputElement | null>>([]);

  // closing the tab or reloading with scores not saved asks first
  useEffect(() => {
    if (!drafts.pending) return undefined;
    const warn = (unload: BeforeUnloadEvent) => {
      unload.preventDefault();
      unload.returnValue = T.unsavedLeave;
      return T.unsavedLeave;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [drafts.pending]);

  /** Focus the score of the next row (step 1) or the previous (-1) that can be typed in. */
  const move = (index: number, step: 1 | -1) => {
    for (let next = index + step; next >= 0 && next < rows.length; next += step) {
      const input = scoreInputs.current[next];
      if (input && !input.disabled) {
        input.focus();
        input.select();
        return;
      }
    }
  };
  const onEnter = (index: number) => (key: KeyboardEvent<HTMLInputElement>) => {
    if (key.key !== 'Enter') return;
    key.preventDefault();
    drafts.commit();
    move(index, key.shiftKey ? -1 : 1);
  };

  const scored = rows.filter((row) => drafts.saved(row.examinee_id).score !== '');
  const passing = scored.filter((row) => (parseScoreText(drafts.saved(row.examinee_id).score) ?? 0) >= round.pass_score);
  const note = finalized ? T.finalizedNote(round.finalized_at!) : !mayScore ? T.noPermissionNote : null;

  return (
    <Stack gap="4">
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="3" wrap="wrap">
        <Stack gap="1">
          <Text fontWeight="medium">{T.scale(round.max_score, round.pass_score, round.score_step)}</Text>
          <Text color="fg.muted" fontSize="sm" aria-live="polite">
            {T.summary(scored.length, rows.length, passing.length, round.pass_score)}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          {editable && drafts.failed > 0 && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={drafts.retry}>
              {T.retryAll}
            </Button>
          )}
          {!finalized && can(me, 'LearningCompetition', 'Update') && <FinalizeButton round={round} unscored={rows.length - scored.length} waiting={drafts.pending} />}
        </HStack>
      </Flex>
      {note ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{note}</Alert.Title>
        </Alert.Root>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {T.keyboardHelp}
        </Text>
      )}
      <Box overflowX="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={T.grid}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader whiteSpace="nowrap">{T.candidateNumber}</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">{T.fullName}</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">{T.topic}</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">{T.type}</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">{T.score}</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">{T.comment}</Table.ColumnHeader>
              <Table.ColumnHeader whiteSpace="nowrap">{T.state}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7} textAlign="center" color="fg.muted" py="6">
                  {T.empty}
                </Table.Cell>
              </Table.Row>
            )}
            {rows.map((row, index) => {
              const rowEditable = editable && grades(row);
              const cell = drafts.cell(row.examinee_id);
              const state = drafts.state(row.examinee_id);
              return (
                <Table.Row key={row.examinee_id}>
                  <Table.Cell fontWeight="medium">{row.candidate_number}</Table.Cell>
                  <Table.Cell minW="40">{row.full_name}</Table.Cell>
                  <Table.Cell>{row.topic_name ?? '-'}</Table.Cell>
                  <Table.Cell>{row.type_name ?? '-'}</Table.Cell>
                  <Table.Cell>
                    <Input
                      ref={(input) => {
                        scoreInputs.current[index] = input;
                      }}
                      size="sm"
                      w="20"
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={T.scoreLabel(row.candidate_number)}
                      aria-invalid={state === 'invalid'}
                      value={cell.score}
                      disabled={!rowEditable}
                      onChange={(change) => drafts.edit(row.examinee_id, { score: change.target.value })}
                      onKeyDown={onEnter(index)}
                      onBlur={drafts.commit}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <Input
                      size="sm"
                      minW="48"
                      autoComplete="off"
                      maxLength={COMPETITION_LIMITS.commentMax}
                      aria-label={T.commentLabel(row.candidate_number)}
                      value={cell.comment}
                      disabled={!rowEditable}
                      onChange={(change) => drafts.edit(row.examinee_id, { comment: change.target.value })}
                      onKeyDown={onEnter(index)}
                      onBlur={drafts.commit}
                    />
                  </Table.Cell>
                  <Table.Cell minW="36">
                    {editable && !grades(row) ? (
                      <Text fontSize="sm" color="fg.muted">
                        {COMPETITION_TEXT.notYourTopic}
                      </Text>
                    ) : (
                      <RowMark state={state} error={drafts.error(row.examinee_id)} problem={drafts.problem(row.examinee_id)} onRetry={drafts.retry} number={row.candidate_number} />
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

/** A row's state, said in words (and colour) so that it reads the same to a screen reader. */
function RowMark({ state, error, problem, onRetry, number }: { state: RowState; error: string | null; problem: string | null; onRetry: () => void; number: string }) {
  switch (state) {
    case 'invalid':
      return (
        <Text fontSize="sm" color="fg.error">
          {problem ?? COMPETITION_TEXT.commentMax}
        </Text>
      );
    case 'unsaved':
      return <Badge colorPalette="gray">{T.unsaved}</Badge>;
    case 'saving':
      return (
        <HStack gap="1" fontSize="sm" color="fg.muted">
          <Spinner size="xs" aria-hidden="true" />
          <Text>{T.saving}</Text>
        </HStack>
      );
    case 'saved':
      return (
        <Text fontSize="sm" color="green.fg">
          {T.saved}
        </Text>
      );
    case 'error':
      return (
        <HStack gap="2" align="center">
          <Text fontSize="sm" color="fg.error" role="alert">
            {error ?? T.saveFailed}
          </Text>
          <Button size="xs" variant="outline" onClick={onRetry} aria-label={T.retryRow(number)}>
            {T.retry}
          </Button>
        </HStack>
      );
    default:
      return null;
  }
}
