/**
 * "Gắn phụ huynh có sẵn": a guardian already known (a sibling's parent) linked to the student too, so that
 * siblings' families get one message per event. Staff search by name, phone or e-mail (2 characters at
 * least, as the API asks); each result shows the students it is the guardian of, so that staff recognise
 * the sibling's parent. An optional relationship is sent with the link.
 */
import { reasonOf } from '@trungtam/shared/api';
import type { Guardian, GuardianLinkRequest } from '@trungtam/shared/contracts/familyMessages';
import { GUARDIAN_LIMITS } from '@trungtam/shared/contracts/familyMessages';
import { Badge, Box, Button, Field, HStack, Input, SimpleGrid, Stack, StateNotice, Text, notifyError, notifySuccess } from '@trungtam/shared/ui';
import { useEffect, useState } from 'react';
import { GUARDIAN_SEARCH_MIN, useGuardianSearch } from './familyApi';
import { channelLabel } from './guardianPayload';

export const GUARDIAN_LINK_TEXTS = {
  title: 'Gắn phụ huynh có sẵn',
  help: 'Tìm phụ huynh của anh chị em học viên để gắn với học viên này: anh chị em sẽ nhận chung một tin cho mỗi sự kiện.',
  search: 'Tìm phụ huynh',
  searchPlaceholder: 'Tên, số điện thoại hoặc email',
  tooShort: `Nhập ít nhất ${GUARDIAN_SEARCH_MIN} ký tự để tìm`,
  relationship: 'Quan hệ với học viên (không bắt buộc)',
  results: 'Phụ huynh tìm được',
  none: 'Không tìm thấy phụ huynh nào',
  parentOf: (names: string) => `Phụ huynh của: ${names}`,
  channel: (label: string) => `Nhận tin qua ${label}`,
  link: 'Gắn với học viên',
  linkName: (name: string) => `Gắn phụ huynh ${name} với học viên`,
  linked: 'Đã gắn',
  done: 'Bạn đã gắn phụ huynh với học viên thành công',
  failed: 'Không gắn được phụ huynh, mời bạn thử lại',
  close: 'Đóng',
} as const;
const T = GUARDIAN_LINK_TEXTS;

/** The search waits this long after the last key before asking the API. */
const SEARCH_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `ms`. */
function useSettled<V>(value: V, ms: number): V {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface GuardianLinkPanelProps {
  studentId: number;
  /** The student's guardians (found again, they are shown as linked already). */
  linkedIds: readonly number[];
  onLink: (body: GuardianLinkRequest) => Promise<unknown>;
  onClose: () => void;
}

export function GuardianLinkPanel({ studentId, linkedIds, onLink, onClose }: GuardianLinkPanelProps) {
  const [text, setText] = useState('');
  const [relationship, setRelationship] = useState('');
  const [linking, setLinking] = useState<number | null>(null);
  const query = useSettled(text.trim(), SEARCH_PAUSE_MS);
  const results = useGuardianSearch(query);
  const rows = results.data ?? [];
  const searching = query.length >= GUARDIAN_SEARCH_MIN;

  const link = async (guardian: Guardian) => {
    setLinking(guardian.id);
    try {
      await onLink({ student_id: studentId, guardian_id: guardian.id, relationship: relationship.trim() || null });
      notifySuccess(T.done);
      onClose();
    } catch (error) {
      notifyError(reasonOf(error, T.failed));
    } finally {
      setLinking(null);
    }
  };

  return (
    <Stack gap="4">
      <Text fontWeight="semibold">{T.title}</Text>
      <Text fontSize="sm" color="fg.muted">
        {T.help}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label>{T.search}</Field.Label>
          <Input type="search" value={text} placeholder={T.searchPlaceholder} autoComplete="off" onChange={(event) => setText(event.target.value)} />
          {!searching && <Field.HelperText>{T.tooShort}</Field.HelperText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{T.relationship}</Field.Label>
          <Input value={relationship} maxLength={GUARDIAN_LIMITS.relationship} autoComplete="off" onChange={(event) => setRelationship(event.target.value)} />
        </Field.Root>
      </SimpleGrid>
      {searching && (
        <Stack gap="2" role="list" aria-label={T.results} aria-busy={results.isFetching}>
          <StateNotice loading={results.isPending} rowCount={rows.length} failed={results.isError} onRetry={() => void results.refetch()} emptyText={T.none} />
          {!results.isPending &&
            rows.map((guardian) => {
              const linked = linkedIds.includes(guardian.id);
              return (
                <Box key={guardian.id} role="listitem" aria-label={guardian.name} borderWidth="1px" borderRadius="md" p="3">
                  <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
                    {/* (on a phone the button goes under the guardian, who keeps the card's width) */}
                    <Stack gap="0.5" minW="0" flex="1 1 14rem">
                      <Text fontWeight="medium">{guardian.name}</Text>
                      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                        {[guardian.phone, guardian.email].filter(Boolean).join(' · ')}
                      </Text>
                      <Text fontSize="sm">{T.parentOf(guardian.students.map((student) => student.name).join(', ') || '-')}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {T.channel(channelLabel(guardian.preferred_channel))}
                      </Text>
                    </Stack>
                    {linked ? (
                      <Badge variant="subtle">{T.linked}</Badge>
                    ) : (
                      <Button size="sm" variant="outline" colorPalette="blue" aria-label={T.linkName(guardian.name)} loading={linking === guardian.id} disabled={linking !== null} onClick={() => void link(guardian)}>
                        {T.link}
                      </Button>
                    )}
                  </HStack>
                </Box>
              );
            })}
        </Stack>
      )}
      <HStack justify="flex-end">
        <Button variant="outline" onClick={onClose}>
          {T.close}
        </Button>
      </HStack>
    </Stack>
  );
}
