/**
 * The bar of a list's bulk actions, above its table while rows are chosen (selection.ts): how many, "Chọn
 * cả trang", "Chọn tất cả N kết quả" once the page is all chosen (up to BULK_LIMIT), "Bỏ chọn", and the
 * screen's actions. An irreversible action asks first, naming the count; a reversible one acts at once and
 * offers "Hoàn tác" for UNDO_TOAST_MS; one that needs more (a message, a class) opens the screen's dialog.
 * The outcome: a toast when every row was done, else a dialog listing each refusal with its reason.
 * Plain buttons (ui/button.css): the bar draws with the list; its dialogs download when first opened.
 */
import { useRef, useState } from 'react';
import type { BulkResult } from '@trungtam/shared/contracts';
import { reasonOf } from '@trungtam/shared/api';
import { ConfirmDelete, lazyDialog, notifyError, notifySuccess, notifyUndoable } from '@trungtam/shared/ui/list';
import type { BulkAction, RowSelection } from './selection';
import { BULK_BAR_TEXTS } from './bulkTexts';
import '../ui/button.css';
import './listPage.css';

export interface BulkResultDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  result: BulkResult;
  rowName?: (id: number) => string | undefined;
  /** Takes back what was done (a reversible action): "Hoàn tác" beside "Đóng", within the API's window. */
  onUndo?: () => void;
}

const BulkResultDialog = lazyDialog('BulkResultDialog', () => import('./BulkResultDialog').then((m) => m.BulkResultDialog));

export interface BulkBarProps {
  selection: RowSelection;
  actions: BulkAction[];
  /** What the rows are ('phòng học', 'tài khoản'). */
  noun: string;
  /** A chosen row's name, for the refusals (rows of the page shown). */
  rowName?: (id: number) => string | undefined;
}

/** The toast text of an outcome: what was done, and how many were refused. */
const outcomeText = (action: BulkAction, result: BulkResult) =>
  action.done(result.succeeded.length) + (result.refused.length ? BULK_BAR_TEXTS.refusedSuffix(result.refused.length) : '');

export function BulkBar({ selection, actions, noun, rowName }: BulkBarProps) {
  const [running, setRunning] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [dialogAction, setDialogAction] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<{ title: string; result: BulkResult; undo?: () => void } | null>(null);
  // what the dialogs act on, fixed when they open
  const [target, setTarget] = useState(() => ({ selection: selection.selection(), count: selection.count, names: new Map<number, string | undefined>() }));
  // the answer of a confirmed action, read once its confirmation closes
  const confirmed = useRef<BulkResult | null>(null);

  /** Tells the outcome of `action`: "Hoàn tác" for a reversible one, the refusals in a dialog. */
  const report = (action: BulkAction, result: BulkResult) => {
    selection.clear();
    const text = outcomeText(action, result);
    const { undo } = action;
    const takeBack =
      undo && result.succeeded.length
        ? () =>
            undo(result.succeeded).then(
              (undone) =>
                undone.refused.length
                  ? notifyError(BULK_BAR_TEXTS.undoPartly(undone.succeeded.length, undone.refused.length))
                  : notifySuccess(BULK_BAR_TEXTS.undone(undone.succeeded.length)),
              (error: unknown) => notifyError(reasonOf(error, BULK_BAR_TEXTS.failed)),
            )
        : undefined;
    if (takeBack) notifyUndoable(text, () => void takeBack());
    else if (!result.refused.length) notifySuccess(text);
    // (the refusals' dialog offers the undo too: the toast is out of reach while it is open)
    if (result.refused.length) setOutcome({ title: text, result, undo: takeBack && (() => void takeBack()) });
  };

  const start = (action: BulkAction) => {
    // the names of the rows chosen, as shown now: the list reloads (without the rows deleted) before the refusals show
    const chosen = { selection: selection.selection(), count: selection.count, names: new Map(selection.ids.map((id) => [id, rowName?.(id)])) };
    setTarget(chosen);
    if (action.dialog) setDialogAction(action);
    else if (action.confirm) setConfirming(action);
    else if (action.run) {
      setRunning(action.key);
      action.run(chosen.selection).then(
        (result) => {
          setRunning(null);
          report(action, result);
        },
        (error: unknown) => {
          setRunning(null);
          notifyError(reasonOf(error, BULK_BAR_TEXTS.failed));
        },
      );
    }
  };

  const shown = selection.count > 0;
  return (
    <>
      {shown && (
        <div className="bulk-bar" role="region" aria-label={BULK_BAR_TEXTS.region}>
          <span className="bulk-bar__count" aria-live="polite">
            {selection.allMatching ? BULK_BAR_TEXTS.allChosen(selection.count, noun) : BULK_BAR_TEXTS.chosen(selection.count, noun)}
          </span>
          {selection.pageState !== 'all' && (
            <button type="button" className="kit-button kit-button--ghost" onClick={selection.togglePage}>
              {BULK_BAR_TEXTS.selectPage}
            </button>
          )}
          {selection.canSelectAllMatching && !selection.allMatching && (
            <button type="button" className="kit-button kit-button--ghost" onClick={selection.selectAllMatching}>
              {BULK_BAR_TEXTS.selectAll(selection.totalRows)}
            </button>
          )}
          {selection.pageState === 'all' && !selection.canSelectAllMatching && selection.totalRows > selection.ids.length && (
            <span className="bulk-bar__note">{BULK_BAR_TEXTS.overLimit}</span>
          )}
          <button type="button" className="kit-button kit-button--ghost" onClick={selection.clear}>
            {BULK_BAR_TEXTS.clear}
          </button>
          <span className="bulk-bar__actions">
            {actions.map((action) => (
              <button
                key={action.key}
                type="button"
                className={action.danger ? 'kit-button kit-button--danger' : 'kit-button kit-button--outline'}
                disabled={running !== null}
                aria-busy={running === action.key}
                onClick={() => start(action)}
              >
                {action.label}
              </button>
            ))}
          </span>
        </div>
      )}
      {confirming && (
        <ConfirmDelete<BulkResult>
          open
          message={confirming.confirm!(target.count)}
          confirmLabel={confirming.label}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            confirmed.current = await confirming.run!(target.selection);
            return confirmed.current;
          }}
          successMessage={(result) => outcomeText(confirming, result)}
          onDeleted={() => {
            const result = confirmed.current;
            if (!result) return;
            selection.clear();
            if (result.refused.length) setOutcome({ title: outcomeText(confirming, result), result });
          }}
        />
      )}
      {dialogAction?.dialog?.({
        open: true,
        selection: target.selection,
        count: target.count,
        onClose: () => setDialogAction(null),
        onDone: (result) => {
          const action = dialogAction;
          setDialogAction(null);
          report(action, result);
        },
      })}
      <BulkResultDialog
        open={outcome !== null}
        onClose={() => setOutcome(null)}
        title={outcome?.title ?? ''}
        result={outcome?.result ?? { succeeded: [], refused: [] }}
        rowName={(id) => target.names.get(id) ?? rowName?.(id)}
        onUndo={outcome?.undo}
      />
    </>
  );
}
