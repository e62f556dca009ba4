import { DEFERRED_UI_NAMES, preloadDeferredUi, whenSettled, type DeferredUiName } from '@trungtam/shared/ui/list';
import { PROVIDED_SHARED } from './providedShared';

/**
 * The kit's deferred components one screen alone uses, left to that screen: the number input (the
 * courses' prices, mf-learning's MoneyField, which starts its download). Its code creates two number
 * formatters as it loads, and the first loads the runtime's number-formatting data: about 30 ms here,
 * four times that on a phone's CPU, a long task on every area's first screen for a field one form has.
 */
const LEFT_TO_THEIR_SCREEN: readonly DeferredUiName[] = ['NumberInput'];

/**
 * The kit's entry points an area's forms are built on, in the order they build on each other: each a
 * piece of its own, rather than all evaluated in the one task of the first form's download.
 */
const KIT_ENTRY_POINTS = ['@trungtam/shared/ui/base', '@trungtam/shared/ui/core', 'yup', 'formik', '@trungtam/shared/ui/forms'] as const;

/**
 * The kit's deferred components (dialogs, menus, tabs, checkboxes…), downloaded once an area's first
 * screen is shown and the browser is idle, one after the other (whenSettled): a list's first render
 * needs none of them (a closed dialog draws nothing, a dropdown its button alone), and beside the area's
 * own code they would only delay it; downloaded ahead, a dialog opens at once. (A screen that opens on
 * tabs, the reports or the scoring, downloads them as it renders.) They and the kit's entry points go
 * before the screen's own pieces (its dialogs' code, queued as the screen rendered: whenSettled).
 */
let deferredUiRequested = false;
export function preloadDeferredUiWhenSettled() {
  if (deferredUiRequested) return;
  deferredUiRequested = true;
  // (one namespace at a time: each one's evaluation a short task of its own)
  for (const name of DEFERRED_UI_NAMES) {
    if (!LEFT_TO_THEIR_SCREEN.includes(name)) whenSettled(() => preloadDeferredUi(name), 'kit');
  }
  // then the kit's entry points the screens' forms are built on, one at a time
  for (const name of KIT_ENTRY_POINTS) whenSettled(() => PROVIDED_SHARED[name](), 'kit');
}
