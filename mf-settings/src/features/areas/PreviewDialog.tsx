/**
 * "Xem như người dùng…": pick an account and see the manifest it gets now (GET /system/remote/preview):
 * the build (version, entry) of each area it receives, marked stable or candidate, the areas it does not
 * receive, and the pages it may not open.
 */
import { refusalOf } from '@trungtam/shared/api';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { AccountPicker } from '@trungtam/shared/resource';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { Alert, Badge, Box, Dialog, HStack, RecordDialog, Stack, StateNotice, Text } from '@trungtam/shared/ui';
import { Formik, useFormikContext } from 'formik';
import { useAreaPreview } from './api';
import { AREAS_TEXTS as T } from './texts';
import { areaLabel } from '../../common/areaLabels';

interface PreviewValues {
  user_id: number;
  user_label: string;
}

function ReceivedArea({ received, area }: { received: ManifestArea; area: RemoteArea | undefined }) {
  const candidate = !!area?.candidate && area.candidate.version === received.version && area.stable.version !== received.version;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" px="3" py="2">
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold">{areaLabel(received.name)}</Text>
        <Text>{received.version}</Text>
        <Badge colorPalette={candidate ? 'orange' : 'green'}>{candidate ? T.candidateTag : T.stableTag}</Badge>
      </HStack>
      <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
        {received.entry}
      </Text>
    </Box>
  );
}

function PreviewResult({ areas }: { areas: readonly RemoteArea[] }) {
  const { values } = useFormikContext<PreviewValues>();
  const preview = useAreaPreview(values.user_id);
  if (!values.user_id) return <Text color="fg.muted">{T.previewHint}</Text>;
  if (preview.isError) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{T.previewFailed + refusalOf(preview.error, T.failed)}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!preview.data) return <StateNotice loading rowCount={0} />;
  const { areas: received, denied } = preview.data;
  const notReceived = areas.filter((area) => !received.some((row) => row.name === area.name));
  return (
    <Stack gap="5" aria-live="polite">
      <Stack gap="2" as="section" aria-label={T.previewReceived}>
        <Text fontWeight="semibold">{T.previewReceived}</Text>
        {received.length === 0 ? (
          <Text color="fg.muted">{T.previewNone}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
            {received.map((row) => (
              <ReceivedArea key={row.name} received={row} area={areas.find((area) => area.name === row.name)} />
            ))}
          </Stack>
        )}
      </Stack>
      {notReceived.length > 0 && (
        <Stack gap="2" as="section" aria-label={T.previewNotReceived}>
          <Text fontWeight="semibold">{T.previewNotReceived}</Text>
          <Text>{notReceived.map((area) => areaLabel(area.name)).join(', ')}</Text>
        </Stack>
      )}
      {denied.length > 0 && (
        <Stack gap="2" as="section" aria-label={T.previewDenied}>
          <Text fontWeight="semibold">{T.previewDenied}</Text>
          <Text fontSize="sm" fontFamily="mono" color="fg.muted" wordBreak="break-word">
            {denied.join(', ')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

export function PreviewDialog({ open, onClose, areas }: { open: boolean; onClose: () => void; areas: readonly RemoteArea[] }) {
  return (
    <RecordDialog open={open} onClose={onClose} closeLabel={T.close}>
      <Dialog.Header>
        <Dialog.Title>{T.previewTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Formik<PreviewValues> initialValues={{ user_id: 0, user_label: '' }} onSubmit={() => {}}>
          <Stack gap="5">
            <AccountPicker
              name="user_id"
              labelName="user_label"
              required={false}
              texts={{ search: T.userSearch, field: T.previewUser, placeholder: T.userPlaceholder, none: T.userNone }}
            />
            <PreviewResult areas={areas} />
          </Stack>
        </Formik>
      </Dialog.Body>
    </RecordDialog>
  );
}
