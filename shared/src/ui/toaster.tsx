import { lazy, Suspense, useEffect, useState } from 'react';
import { createToaster } from '@chakra-ui/react';
import { TOAST_DURATION_MS } from '../validation';
import { UNDO_TOAST_MS } from '../contracts/rules/bulk';

export const UNDO_TEXT = 'Hoàn tác';

/** The suite's one toaster (shared as a singleton): success and failure notices last 2 seconds. */
export const toaster = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  pauseOnPageIdle: true,
});

export function notifySuccess(title: string) {
  toaster.create({ type: 'success', title, duration: TOAST_DURATION_MS });
}

export function notifyError(title: string) {
  toaster.create({ type: 'error', title, duration: TOAST_DURATION_MS });
}

/** How long a warning stays: it lists what the user should read (it also stays while the pointer is on it). */
export const WARNING_TOAST_MS = 10_000;

/** Something done only in part: the title says what, `description` lists it. */
export function notifyWarning(title: string, description?: string) {
  toaster.create({ type: 'warning', title, description, duration: WARNING_TOAST_MS, closable: true });
}

/**
 * A reversible action's outcome, offering "Hoàn tác" for UNDO_TOAST_MS (react-admin's undoable mode; the
 * API keeps the rows restorable meanwhile). The toast stays while the pointer is on it or the page is idle.
 */
export function notifyUndoable(title: string, undo: () => void) {
  toaster.create({ type: 'success', title, duration: UNDO_TOAST_MS, closable: true, action: { label: UNDO_TEXT, onClick: undo } });
}

// The toasts' view (Chakra's toast machine) downloads with the first toast: most pages show none at start.
const ToasterView = lazy(() => import('./ToasterView'));

/** The toasts of the suite's toaster, rendered from the first one on (the toaster keeps those created before). */
export function Toaster() {
  const [wanted, setWanted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (wanted) return undefined;
    if (toaster.getCount() > 0) setWanted(true);
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
