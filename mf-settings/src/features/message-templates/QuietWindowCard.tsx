/**
 * The quiet window (operator time, GET/POST /learning/message-template/settings): what it holds back and
 * what always goes at once, the window itself (its two times, set by whoever may write templates; start =
 * end: none) and the channels this installation sends by.
 */
import { refusalOf } from '@trungtam/shared/api';
import type { FamilyMessageSettings } from '@trungtam/shared/contracts/familyMessages';
import { yupFromSchema } from '@trungtam/shared/forms';
import { FamilyMessageSettingsBody } from '@trungtam/shared/schemas/familyMessages';
import { Box, Card, FormField, Heading, SimpleGrid, Stack, StateNotice, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { useMessageSettings, useSaveMessageSettings } from './api';
import { channelLabel, MESSAGE_TEMPLATES_TEXTS as T } from './texts';

const schema = yupFromSchema(FamilyMessageSettingsBody);

type QuietValues = Pick<FamilyMessageSettings, 'quiet_start' | 'quiet_end'>;

const windowText = ({ quiet_start: start, quiet_end: end }: QuietValues) => (start === end ? T.quietNone : T.quietWindow(start, end));

function QuietForm({ settings, formDelayMs }: { settings: FamilyMessageSettings; formDelayMs?: number }) {
  const save = useSaveMessageSettings();
  return (
    <SubmitForm<QuietValues>
      // a saved window is the form's new start
      key={`${settings.quiet_start}-${settings.quiet_end}`}
      aria-label={T.quietTitle}
      initialValues={{ quiet_start: settings.quiet_start, quiet_end: settings.quiet_end }}
      validationSchema={schema}
      delayMs={formDelayMs}
      onSubmit={(values) => save.mutateAsync({ quiet_start: values.quiet_start.trim(), quiet_end: values.quiet_end.trim() })}
      failureMessage={(error) => refusalOf(error, T.failed)}
      successMessage={T.quietSaved}
    >
      <Stack gap="3">
        <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" alignItems="flex-end" maxW="2xl">
          <FormField name="quiet_start" label={T.quietStart} placeholder="21:00" required />
          <FormField name="quiet_end" label={T.quietEnd} placeholder="07:00" required />
          <Box gridColumn={{ base: 'span 2', md: 'auto' }}>
            <SubmitButton>{T.quietSave}</SubmitButton>
          </Box>
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          {T.quietHelp}
        </Text>
      </Stack>
    </SubmitForm>
  );
}

export function QuietWindowCard({ mayEdit, formDelayMs }: { mayEdit: boolean; formDelayMs?: number }) {
  const settings = useMessageSettings();
  const data = settings.data;
  return (
    <Card.Root as="section" aria-labelledby="quiet-window-title">
      <Card.Header pb="2">
        <Heading as="h2" size="md" id="quiet-window-title">
          {T.quietTitle}
        </Heading>
      </Card.Header>
      <Card.Body pt="0">
        <Stack gap="3">
          <Text fontSize="sm">{T.quietExplain}</Text>
          <Text fontSize="sm" color="fg.muted">
            {T.quietAtOnce}
          </Text>
          <StateNotice loading={settings.isPending} failed={settings.isError && !data} rowCount={data ? 1 : 0} onRetry={() => void settings.refetch()} />
          {data && (
            <>
              <Text fontWeight="medium">{windowText(data)}</Text>
              {mayEdit && <QuietForm settings={data} formDelayMs={formDelayMs} />}
              <Text fontSize="sm">{T.channels(data.channels.map(channelLabel))}</Text>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
