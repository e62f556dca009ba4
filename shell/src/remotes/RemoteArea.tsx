/**
 * One manifest route's content: the remote's `Area`, loaded on first render, inside its own error
 * boundary so that a remote which is down or broken only replaces the content area with a message
 * and a retry button, while the header, the menu and the other routes keep working.
 */
import { Suspense, useEffect, useState } from 'react';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { PlainLoadFailed, PlainPageSpinner } from '../components/plain';
import { RetryBoundary } from '../components/RetryBoundary';
import { remoteLoader as defaultLoader } from './federation';
import type { RemoteLoader } from './loader';
import { preloadAreaDependencies } from './areaDependencies';
import { preloadDeferredUiWhenSettled } from './deferredUi';

export const REMOTE_FAILED_TITLE = 'Không tải được chức năng này';
export const REMOTE_FAILED_TEXT =
  'Máy chủ của chức năng này hiện không phản hồi. Các chức năng khác vẫn dùng được bình thường. Vui lòng thử lại sau ít phút.';
export { RETRY_LABEL as REMOTE_RETRY_LABEL } from '../components/RetryBoundary';
export const REMOTE_LOADING_LABEL = 'Đang tải chức năng…';

/**
 * While the area downloads: plain elements, so that a page whose first screen uses none of the kit's
 * styled components (a list) renders none before its own, and the design system is not created for it.
 */
function AreaLoading() {
  return <PlainPageSpinner label={REMOTE_LOADING_LABEL} />;
}

export interface RemoteAreaProps {
  area: ManifestArea;
  /** The manifest route that matched; passed on to the remote's Area. */
  path: string;
  loader?: RemoteLoader;
}

export function RemoteArea({ area, path, loader = defaultLoader }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const Area = loader.lazyArea(area.name);
  // (started already when the page opened on an area: manifest.ts)
  preloadAreaDependencies();
  const retry = () => {
    loader.reset(area.name);
    setAttempt((n) => n + 1);
  };
  return (
    <RetryBoundary key={`${area.name}:${attempt}`} label="remote area" failed={<PlainLoadFailed title={REMOTE_FAILED_TITLE} text={REMOTE_FAILED_TEXT} onRetry={retry} />}>
      <Suspense fallback={<AreaLoading />}>
        <Area path={path} />
        <AfterFirstScreen />
      </Suspense>
    </RetryBoundary>
  );
}

/** Rendered beside the area, so committed with its first screen: then the rest of the kit may come. */
function AfterFirstScreen() {
  useEffect(() => preloadDeferredUiWhenSettled(), []);
  return null;
}
