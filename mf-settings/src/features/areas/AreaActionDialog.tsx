/**
 * The confirmations of an area's one-click actions, each saying exactly what will happen before it does:
 * promote the candidate, roll back (the candidate off if there is one, else back to the previous stable
 * build), disable or enable the area. The outcome is a toast; a refusal says the API's reason.
 */
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { ConfirmDelete } from '@trungtam/shared/ui';
import { useState } from 'react';
import { useEnable, usePromote, useRollback } from './api';
import { AREAS_TEXTS as T } from './texts';
import { areaLabel } from '../../common/areaLabels';

export type AreaAction = 'promote' | 'rollback' | 'disable' | 'enable';

export interface PendingAction {
  action: AreaAction;
  area: RemoteArea;
}

interface Confirmation {
  question: string;
  effect: string;
  confirm: string;
  done: (area: RemoteArea) => string;
}

/** What the action will do to `area`, in words; null when it has nothing to do (the button is not offered then). */
export function confirmationOf({ action, area }: PendingAction): Confirmation | null {
  const { candidate, stable, previous_stable: previous } = area;
  switch (action) {
    case 'promote':
      return candidate
        ? { question: T.promoteQuestion(areaLabel(area.name)), effect: T.promoteEffect(candidate.version, stable.version), confirm: T.promote, done: (now) => T.promoted(areaLabel(now.name), now.stable.version) }
        : null;
    case 'rollback':
      if (candidate) return { question: T.rollbackQuestion(areaLabel(area.name)), effect: T.rollbackCandidate(candidate.version, stable.version), confirm: T.rollback, done: (now) => T.rolledBack(areaLabel(now.name), now.stable.version) };
      return previous
        ? { question: T.rollbackQuestion(areaLabel(area.name)), effect: T.rollbackStable(stable.version, previous.version), confirm: T.rollback, done: (now) => T.rolledBack(areaLabel(now.name), now.stable.version) }
        : null;
    case 'disable':
      return { question: T.disableQuestion(areaLabel(area.name)), effect: T.disableEffect, confirm: T.disable, done: (now) => T.disabledDone(areaLabel(now.name)) };
    case 'enable':
      return { question: T.enableQuestion(areaLabel(area.name)), effect: T.enableEffect, confirm: T.enable, done: (now) => T.enabledDone(areaLabel(now.name)) };
  }
}

export function AreaActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const promote = usePromote();
  const rollback = useRollback();
  const enable = useEnable();
  // the texts stay while the dialog closes
  const [shown, setShown] = useState<PendingAction | null>(pending);
  if (pending && pending !== shown) setShown(pending);
  const current = pending ?? shown;
  const confirmation = current ? confirmationOf(current) : null;

  const run = (): Promise<RemoteArea> => {
    if (!current) return Promise.reject(new Error('no action'));
    const area = current.area.name;
    switch (current.action) {
      case 'promote':
        return promote.mutateAsync({ area });
      case 'rollback':
        return rollback.mutateAsync({ area });
      case 'disable':
      case 'enable':
        return enable.mutateAsync({ area, enabled: current.action === 'enable' });
    }
  };

  return (
    <ConfirmDelete<RemoteArea>
      open={pending !== null && confirmation !== null}
      onClose={onClose}
      message={confirmation?.question}
      description={confirmation?.effect}
      confirmLabel={confirmation?.confirm}
      successMessage={(area) => (confirmation ? confirmation.done(area) : '')}
      failureMessage={T.failed}
      onConfirm={run}
    />
  );
}
