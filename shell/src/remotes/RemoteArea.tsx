/**
 * One manifest route's content: the remote's `Area`, loaded on first render, inside its own error
 * boundary so that a remote which is down or broken only replaces the content area with a message
 * and a retry button, while the header, the menu and the other routes keep working.
 */
import { Component, Suspense, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { Alert, Box, Button, Center, Spinner, Stack, Text } from '@trungtam/shared/ui/core';
import { remoteLoader as defaultLoader } from './federation';
import type { RemoteLoader } from './loader';
import { preloadAreaDependencies, preloadDeferredUiWhenSettled } from './areaDependencies';

export const REMOTE_FAILED_TITLE = 'Không tải được chức năng này';
export const REMOTE_FAILED_TEXT =
  'Máy chủ của chức năng này hiện không phản hồi. Các chức năng khác vẫn dùng được bình thường. Vui lòng thử lại sau ít phút.';
export const REMOTE_RETRY_LABEL = 'Thử lại';
export const REMOTE_LOADING_LABEL = 'Đang tải chức năng…';

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class AreaErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('[remote area]', error.message, info.componentStack ?? '');
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteAreaFailed onRetry={this.props.onRetry} />;
  }
}

export function RemoteAreaFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert.Root status="error" variant="surface" alignItems="flex-start" p="6">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>{REMOTE_FAILED_TITLE}</Alert.Title>
        <Alert.Description>{REMOTE_FAILED_TEXT}</Alert.Description>
        <Box>
          <Button size="sm" colorPalette="red" onClick={onRetry}>
            {REMOTE_RETRY_LABEL}
          </Button>
        </Box>
      </Stack>
    </Alert.Root>
  );
}

function AreaLoading() {
  return (
    <Center py="16" role="status" aria-live="polite">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="blue.600" />
        <Text color="fg.muted">{REMOTE_LOADING_LABEL}</Text>
      </Stack>
    </Center>
  );
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
    <AreaErrorBoundary key={`${area.name}:${attempt}`} onRetry={retry}>
      <Suspense fallback={<AreaLoading />}>
        <Area path={path} />
        <AfterFirstScreen />
      </Suspense>
    </AreaErrorBoundary>
  );
}

/** Rendered beside the area, so committed with its first screen: then the rest of the kit may come. */
function AfterFirstScreen() {
  useEffect(() => preloadDeferredUiWhenSettled(), []);
  return null;
}
