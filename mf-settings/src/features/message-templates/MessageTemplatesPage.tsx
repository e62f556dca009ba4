/**
 * "Mẫu tin gửi phụ huynh" (/settings/message-templates, MessageTemplate GetAll): the quiet window, then
 * each kind of message to families with its text on each channel (e-mail, Zalo, SMS), the built-in one
 * ("Mặc định") or the one an administrator wrote ("Đã sửa"). With MessageTemplate Update a text is edited
 * (TemplateEditor: its placeholders, the API's rules, a preview on a real student) and put back to the
 * built-in one after a confirmation; without it (a giáo vụ) every text opens read-only, its preview kept.
 */
import { FAMILY_MESSAGE_KINDS, MESSAGE_CHANNELS, NON_URGENT_KINDS, type FamilyMessageKind, type MessageTemplate } from '@trungtam/shared/contracts/familyMessages';
import { formatDateMinute } from '@trungtam/shared/format';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, Card, ConfirmDelete, Flex, Heading, HStack, SimpleGrid, Stack, StateNotice, Tag, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { useMessageSettings, useResetTemplate, useTemplates } from './api';
import { QuietWindowCard } from './QuietWindowCard';
import { TemplateEditor } from './TemplateEditor';
import { channelLabel, kindLabel, MESSAGE_TEMPLATES_TEXTS as T } from './texts';

/** The templates in the shared order: kinds as FAMILY_MESSAGE_KINDS lists them, channels as MESSAGE_CHANNELS (one this build does not know last). */
function byKind(templates: MessageTemplate[]): Array<[string, MessageTemplate[]]> {
  const rank = (list: readonly string[], value: string) => (list.includes(value) ? list.indexOf(value) : list.length);
  const kinds = [...new Set(templates.map((template) => template.kind))].sort((a, b) => rank(FAMILY_MESSAGE_KINDS, a) - rank(FAMILY_MESSAGE_KINDS, b));
  return kinds.map((kind) => [kind, templates.filter((template) => template.kind === kind).sort((a, b) => rank(MESSAGE_CHANNELS, a.channel) - rank(MESSAGE_CHANNELS, b.channel))]);
}

interface ChannelPanelProps {
  template: MessageTemplate;
  channelOn: boolean;
  mayEdit: boolean;
  onOpen: (template: MessageTemplate) => void;
  onReset: (template: MessageTemplate) => void;
}

function ChannelPanel({ template, channelOn, mayEdit, onOpen, onReset }: ChannelPanelProps) {
  const kind = kindLabel(template.kind);
  const channel = channelLabel(template.channel);
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" minW="0" aria-label={`${kind} · ${channel}`} role="group">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{channel}</Text>
        <HStack gap="1.5">
          {!channelOn && <Tag palette="gray">{T.channelOff}</Tag>}
          <Tag palette={template.custom ? 'blue' : 'gray'}>{template.custom ? T.custom : T.builtIn}</Tag>
        </HStack>
      </HStack>
      <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
        {template.subject}
      </Text>
      <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" wordBreak="break-word" lineClamp={4}>
        {template.body}
      </Text>
      {template.custom && template.updated_at && (
        <Text fontSize="xs" color="fg.muted">
          {T.editedAt(formatDateMinute(template.updated_at))}
        </Text>
      )}
      <Flex gap="2" wrap="wrap" mt="auto" pt="1">
        <Button size="xs" variant="outline" aria-label={mayEdit ? T.editLabel(kind, channel) : T.viewLabel(kind, channel)} onClick={() => onOpen(template)}>
          {mayEdit ? T.edit : T.view}
        </Button>
        {mayEdit && template.custom && (
          <Button size="xs" variant="ghost" colorPalette="red" aria-label={T.resetLabel(kind, channel)} onClick={() => onReset(template)}>
            {T.reset}
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

/** `formDelayMs`: the forms' wait before their call (1 second; tests pass 0). */
export function MessageTemplatesPage({ formDelayMs }: { formDelayMs?: number }) {
  const me = useCurrentUser();
  const mayEdit = can(me, 'MessageTemplate', 'Update');
  const list = useTemplates();
  const settings = useMessageSettings();
  const reset = useResetTemplate();
  const [open, setOpen] = useState<MessageTemplate | null>(null);
  const [resetting, setResetting] = useState<MessageTemplate | null>(null);
  const templates = list.data?.templates ?? [];
  const kinds = byKind(templates);
  const loading = list.isPending;
  const failed = list.isError && !list.data;
  // before the settings are read, no channel is called off
  const channelOn = (channel: string) => !settings.data || settings.data.channels.includes(channel);

  return (
    <Box>
      <Box mb="5">
        <Heading as="h1" size="lg">
          {T.title}
        </Heading>
        {!failed && (
          <Text color="fg.muted">{loading ? T.loading : T.count(kinds.length, templates.filter((template) => template.custom).length)}</Text>
        )}
      </Box>
      <Stack gap="4">
        {!mayEdit && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{T.readOnly}</Alert.Title>
          </Alert.Root>
        )}
        <QuietWindowCard mayEdit={mayEdit} formDelayMs={formDelayMs} />
        <StateNotice loading={loading} failed={failed} rowCount={templates.length} onRetry={() => void list.refetch()} emptyText={T.empty} />
        {kinds.map(([kind, channels]) => (
          <Card.Root key={kind} as="article" aria-labelledby={`template-kind-${kind}`}>
            <Card.Header pb="3">
              <HStack gap="2" wrap="wrap">
                <Heading as="h2" size="md" id={`template-kind-${kind}`}>
                  {kindLabel(kind)}
                </Heading>
                {NON_URGENT_KINDS.includes(kind as FamilyMessageKind) && <Tag palette="orange">{T.waits}</Tag>}
              </HStack>
            </Card.Header>
            <Card.Body pt="0">
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                {channels.map((template) => (
                  <ChannelPanel key={template.channel} template={template} channelOn={channelOn(template.channel)} mayEdit={mayEdit} onOpen={setOpen} onReset={setResetting} />
                ))}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
      <TemplateEditor template={open} list={list.data} readOnly={!mayEdit} onClose={() => setOpen(null)} formDelayMs={formDelayMs} />
      <ConfirmDelete<MessageTemplate>
        open={resetting !== null}
        onClose={() => setResetting(null)}
        message={resetting ? T.resetQuestion(kindLabel(resetting.kind), channelLabel(resetting.channel)) : undefined}
        description={T.resetEffect}
        confirmLabel={T.reset}
        successMessage={T.resetDone}
        failureMessage={T.failed}
        onConfirm={() => (resetting ? reset.mutateAsync({ kind: resetting.kind, channel: resetting.channel }) : Promise.reject(new Error('nothing to reset')))}
      />
    </Box>
  );
}
