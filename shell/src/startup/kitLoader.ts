/**
 * The UI kit's download (kitPart.tsx, the "ui-kit" file): loaded once, told to whoever waits for it.
 * Imports nothing (the entry's start-up step uses it: index.ts); the components that render with
 * the kit are in uiKit.tsx.
 */
import { partLoader } from './partLoader';

export type KitPart = typeof import('./kitPart');

const part = partLoader(() => import(/* webpackChunkName: "ui-kit" */ './kitPart'));
const listeners = new Set<() => void>();
let loading: Promise<KitPart> | undefined;

/** Starts (once) the kit's download; resolves with its module. A failed download is tried again by the next call. */
export function loadUiKit(): Promise<KitPart> {
  loading ??= part.load().then(
    (kit) => {
      for (const listener of listeners) listener();
      return kit;
    },
    (error: unknown) => {
      part.reset();
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The kit's module once it is there, else undefined; never starts the download. */
export const loadedUiKit = (): KitPart | undefined => part.loaded();

/** Calls `listener` each time the kit has arrived (once, unless tried again); answers the unsubscription. */
export function onUiKitLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
