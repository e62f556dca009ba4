/**
 * What a part of the page that could not be downloaded shows instead (a remote area, a page of the shell
 * downloaded on its own): a message and a retry button, the rest of the page staying usable.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Box, Button, Stack } from '@trungtam/shared/ui/core';

export const RETRY_LABEL = 'Thử lại';

export function LoadFailed({ title, text, onRetry }: { title: string; text: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" variant="surface" alignItems="flex-start" p="6">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{text}</Alert.Description>
        <Box>
          <Button size="sm" colorPalette="red" onClick={onRetry}>
            {RETRY_LABEL}
          </Button>
        </Box>
      </Stack>
    </Alert.Root>
  );
}

interface RetryBoundaryProps {
  /** names the part in the console's warning */
  label: string;
  /** shown instead of the children once they have failed to render */
  failed: ReactNode;
  children: ReactNode;
}

/** Shows `failed` instead of its children when they throw (a download that failed); remounted (a new key) to try again. */
export class RetryBoundary extends Component<RetryBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[${this.props.label}]`, error.message, info.componentStack ?? '');
  }

  render() {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}
