/**
 * A returning user's start-up step that creates the UI kit's design system, in a task of its own (the
 * largest single piece of the start-up's script work: about 145 ms on a phone-speed CPU), before the
 * signed-in part renders with it. Its import lives here, not in the entry, so that the page's preloads
 * (pluginPreloadStartup follows the entry's own imports) stay those of the sign-in page, which is built
 * on plain elements and downloads no design system; a returning user's download of it started with the
 * signed-in part's (earlySignedInPart.ts).
 */
import { nextTask } from './nextTask';

export async function prepareDesignSystem(): Promise<void> {
  const { uiSystem } = await import(/* webpackChunkName: "signed-in" */ '@trungtam/shared/ui/base');
  await nextTask();
  uiSystem();
}
