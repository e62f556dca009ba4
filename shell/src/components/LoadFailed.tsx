/**
 * What a part of the page that could not be downloaded shows instead (a remote area, a page of the shell
 * downloaded on its own): a message and a retry button, the rest of the page staying usable. The UI kit's
 * version, for the signed-in part; the signed-out pages show PlainLoadFailed (plain.tsx).
 */
import { Alert, Box, Button, Stack } from '@trungtam/shared/ui/base';
import { RETRY_LABEL } from './RetryBoundary';

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
