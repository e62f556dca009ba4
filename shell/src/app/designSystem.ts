/**
 * A returning user's start-up step, on a page that uses the UI kit (every page but the dashboard: the
 * frame and the dashboard are plain elements), that evaluates the kit and creates its design system,
 * each in a task of its own (creating the system is the largest single piece of such a start-up's script
 * work: about 90 ms on a phone-speed CPU), before the signed-in part renders with it. The kit's
 * download started with the entry (earlySignedInPart.ts).
 */
import { loadUiKit } from './kitLoader';
import { nextTask } from './nextTask';

export async function prepareDesignSystem(): Promise<void> {
  const kit = await loadUiKit();
  await nextTask();
  kit.uiSystem();
}
