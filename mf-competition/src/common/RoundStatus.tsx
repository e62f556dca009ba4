/** A round's state, as the rounds list and the scoring screen show it: finalised (when), or still being graded. */
import type { Round } from '@trungtam/shared/contracts/competition';
import { formatDateMinute } from '@trungtam/shared/format';
import { Tag } from '@trungtam/shared/ui';

export const ROUND_STATUS_TEXTS = {
  finalized: (at: string) => `Đã chốt điểm ${formatDateMinute(at)}`,
  grading: 'Đang chấm',
} as const;

export function RoundStatus({ round }: { round: Pick<Round, 'finalized_at'> }) {
  return round.finalized_at ? (
    <Tag palette="green">{ROUND_STATUS_TEXTS.finalized(round.finalized_at)}</Tag>
  ) : (
    <Tag palette="orange">{ROUND_STATUS_TEXTS.grading}</Tag>
  );
}
