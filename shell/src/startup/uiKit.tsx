/**
 * The UI kit's part of the shell (kitPart.tsx: the design system's provider, the pages that use the kit,
 * the header's dropdowns and the toaster, each built with the kit downloading when needed), a download of
 * its own: the signed-in frame and the dashboard are plain elements (features/layout/frame.css), so that
 * a returning user's dashboard downloads, evaluates and renders no design system. The kit comes when a
 * page that uses it opens (every page but the dashboard, an area's screens among them), or when a header
 * dropdown is pointed at, focused or clicked; a pointer over the side menu starts it ahead of a click.
 * Once there, it stays: its toaster is kept in the frame (KitToaster), so a toast outlives its page.
 */
import { Suspense, use, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DeferredUiName } from '@trungtam/shared/ui/list';
import { RetryBoundary } from '../components/RetryBoundary';
import { PlainLoadFailed } from './plain';
import { loadedUiKit, loadUiKit, onUiKitLoaded, type KitPart } from './kitLoader';

/**
 * Starts the kit's download and, once it is there, given a header dropdown's deferred component, that of
 * the dropdowns and of that component.
 */
export function warmUiKit(deferred?: DeferredUiName): void {
  void loadUiKit()
    .then((kit) => (deferred ? Promise.all([kit.preloadDropdowns(), kit.preloadDeferredUi(deferred)]) : undefined))
    .catch(() => {});
}

/** The kit's module once it is there (a render then takes it up), else undefined; never starts the download. */
export function useLoadedUiKit(): KitPart | undefined {
  return useSyncExternalStore(onUiKitLoaded, loadedUiKit, loadedUiKit);
}

function Loaded({ children }: { children: (kit: KitPart) => ReactNode }) {
  return children(loadedUiKit() ?? use(loadUiKit()));
}

/**
 * `children` with the kit: at once when it is there, after `fallback` while it downloads, and should the
 * download fail (the network), a message with a retry button in its place, or `failed` given the retry
 * (a dropdown's button, say).
 */
export function WithUiKit({
  fallback,
  failed,
  children,
}: {
  fallback: ReactNode;
  failed?: (retry: () => void) => ReactNode;
  children: (kit: KitPart) => ReactNode;
}) {
  const [attempt, setAttempt] = useState(0);
  // (a new boundary's render asks again: loadUiKit forgot the failed download)
  const retry = () => setAttempt((n) => n + 1);
  return (
    <RetryBoundary
      key={attempt}
      label="ui kit"
      failed={failed ? failed(retry) : <PlainLoadFailed onRetry={retry} />}
    >
      <Suspense fallback={fallback}>
        <Loaded>{children}</Loaded>
      </Suspense>
    </RetryBoundary>
  );
}
