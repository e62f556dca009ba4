/**
 * One manifest route's content: the remote's `Area`, loaded on first render, inside its own error
 * boundary so that a remote which is down or broken only replaces the content area with a message
 * and a retry button, while the header, the menu and the other routes keep working. Its opening, its
 * first render and what its boundary catches are the area's health (areaOpening.ts, areaHealth.ts).
 */
import { Suspense, useEffect, useState } from 'react';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { useTranslation } from '@trungtam/shared/i18n';
import { PlainLoadFailed, PlainPageSpinner } from '../startup/plain';
import { RetryBoundary } from '../components/RetryBoundary';
import { remoteLoader as defaultLoader } from './federation';
import type { RemoteLoader } from './loader';
import { preloadAreaDependencies } from './areaDependencies';
import { preloadDeferredUiWhenSettled } from './deferredUi';
import { signalArea } from './areaHealth';
import { AreaRendered, useAreaOpening } from './areaOpening';

/**
 * While the area downloads: plain elements, so that a page whose first screen uses none of the kit's
 * styled components (a list) renders none before its own, and the design system is not created for it.
 * Its texts, as the failure's, are the frame's: in the chosen language.
 */
function AreaLoading() {
  const { t } = useTranslation();
  return <PlainPageSpinner label={t('load.areaLoading')} />;
}

function AreaFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <PlainLoadFailed title={t('load.areaFailedTitle')} text={t('load.areaFailedText')} onRetry={onRetry} />;
}

export interface RemoteAreaProps {
  area: ManifestArea;
  /** The manifest route that matched; passed on to the remote's Area. */
  path: string;
  loader?: RemoteLoader;
}

export function RemoteArea({ area, path, loader = defaultLoader }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const opening = useAreaOpening(area, path);
  const Area = loader.lazyArea(area.name);
  // (started already when the page opened on an area: manifest.ts)
  preloadAreaDependencies();
  const retry = () => {
    loader.reset(area.name);
    setAttempt((n) => n + 1);
  };
  return (
    <RetryBoundary
      key={`${area.name}:${attempt}`}
      label="remote area"
      failed={<AreaFailed onRetry={retry} />}
      onError={(error) => signalArea({ type: 'failed', opening, error })}
    >
      <Suspense fallback={<AreaLoading />}>
        <Area path={path} />
        <AfterFirstScreen />
        <AreaRendered opening={opening} />
      </Suspense>
    </RetryBoundary>
  );
}

/** Rendered beside the area, so committed with its first screen: then the rest of the kit may come. */
function AfterFirstScreen() {
  useEffect(() => preloadDeferredUiWhenSettled(), []);
  return null;
}
