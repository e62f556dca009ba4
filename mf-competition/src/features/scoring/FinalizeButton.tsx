/**
 * "Chốt điểm": closes a round. A confirmation says that its scores lock and how many examinees without
 * a score will not go on; then POST /competition/round/finalize/{id}, a toast with how many reached the
 * next round (or that it was the last), and the grid turns read-only. A refusal (409: the previous
 * round is not finalised, or this one already is) shows the API's reason. Not offered while scores wait
 * to be saved.
 */
import type { Round, RoundFinalized } from '@trungtam/shared/contracts/competition';
import { Button, ConfirmDelete, Stack, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { useFinalizeRound } from './api';
import { SCORING_TEXTS as T } from './texts';

export function FinalizeButton({ round, unscored, waiting }: { round: Round; unscored: number; waiting: boolean }) {
  const [asking, setAsking] = useState(false);
  const finalize = useFinalizeRound(round.round_id);
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => setAsking(true)} disabled={waiting} title={waiting ? T.finalizeWaits : undefined}>
        {T.finalize}
      </Button>
      <ConfirmDelete<RoundFinalized>
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => finalize.mutateAsync()}
        message={T.finalizeQuestion(round.name)}
        description={
          <Stack gap="2">
            <Text>{T.finalizeLock}</Text>
            <Text fontWeight="semibold">{unscored > 0 ? T.finalizeUnscored(unscored) : T.finalizeAllScored}</Text>
          </Stack>
        }
        confirmLabel={T.finalize}
        successMessage={(result) => (result.next_round_id !== null ? T.finalized(result.advanced) : T.finalizedLast)}
        failureMessage={T.finalizeFailed}
      />
    </>
  );
}
