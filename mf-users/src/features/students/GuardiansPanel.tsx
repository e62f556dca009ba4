/**
 * A student's guardians ("Phụ huynh"): each with its relationship, phone, e-mail, preferred channel, the
 * other students it is the guardian of (siblings) and the kinds of message it does not want. The first is
 * the student's representative ("Người đại diện", the account's reference fields). Staff who may edit
 * the student add one, edit one, link one already known (a sibling's) and unlink one, after a question that
 * names them; a student has at most GUARDIAN_LIMITS.perStudent.
 */
import type { Guardian } from '@trungtam/shared/contracts/familyMessages';
import { GUARDIAN_LIMITS, GUARDIAN_TEXT, MESSAGE_GROUP_LABELS, type MessageGroup } from '@trungtam/shared/contracts/familyMessages';
import { EditIcon, PlusIcon, TrashIcon, UsersIcon } from '@trungtam/shared/icons';
import { CellLines, CellNote, CellStrong, DataTable, RowButtons, type Column } from '@trungtam/shared/resource';
import { Box, Button, Card, ConfirmDelete, HStack, Stack, Tag, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { createGuardian, linkGuardian, unlinkGuardian, updateGuardian, useGuardians, useGuardianWrite } from './familyApi';
import { GuardianForm } from './GuardianForm';
import { GuardianLinkPanel } from './GuardianLinkPanel';
import { channelLabel } from './guardianPayload';

export const GUARDIANS_TEXTS = {
  table: 'Phụ huynh của học viên',
  empty: 'Học viên chưa có phụ huynh nào',
  representative: 'Người đại diện',
  representativeHelp: 'Phụ huynh đầu tiên là người đại diện của học viên (tên, số điện thoại và email người đại diện trên hồ sơ học viên).',
  columns: { guardian: 'Phụ huynh', contact: 'Liên hệ', channel: 'Nhận tin', siblings: 'Cũng là phụ huynh của', optedOut: 'Không nhận', actions: 'Thao tác' },
  addressAs: (form: string) => `Xưng hô: ${form}`,
  allKinds: 'Nhận mọi loại tin',
  add: 'Thêm phụ huynh',
  link: 'Gắn phụ huynh có sẵn',
  edit: 'Sửa phụ huynh',
  unlink: 'Bỏ liên kết phụ huynh',
  unlinkQuestion: (guardian: string, student: string) => `Bỏ liên kết phụ huynh ${guardian} khỏi học viên ${student}?`,
  unlinkRepresentative: (next: string) => `${next} sẽ trở thành người đại diện.`,
  unlinkNoRepresentative: 'Học viên sẽ không còn người đại diện.',
  unlinkLast: 'Phụ huynh không còn gắn với học viên nào khác nên sẽ bị xoá.',
  unlinkConfirm: 'Bỏ liên kết',
  unlinked: 'Bạn đã bỏ liên kết phụ huynh thành công',
  unlinkFailed: 'Không bỏ liên kết được phụ huynh, mời bạn thử lại',
  full: GUARDIAN_TEXT.tooMany,
} as const;
const T = GUARDIANS_TEXTS;

type Editing = { mode: 'add' } | { mode: 'edit'; guardian: Guardian } | { mode: 'link' } | null;

export interface GuardiansPanelProps {
  student: { id: number; name: string };
  /** Add, edit, link and unlink (the User update permission). */
  mayWrite: boolean;
  /** After every write, with the student's guardians as the API answered them. */
  onChanged?: (guardians: Guardian[]) => void;
  delayMs?: number;
}

const optedOutText = (guardian: Guardian) =>
  guardian.opted_out.length ? guardian.opted_out.map((group) => MESSAGE_GROUP_LABELS[group as MessageGroup] ?? group).join(', ') : T.allKinds;

function columns(studentId: number, actions: { onEdit: (g: Guardian) => void; onUnlink: (g: Guardian) => void } | null): Column<Guardian>[] {
  const list: Column<Guardian>[] = [
    {
      header: T.columns.guardian,
      card: 'title',
      cell: (guardian) => (
        <CellLines spaced>
          <CellStrong>{guardian.name}</CellStrong>
          {guardian.relationship && <CellNote>{guardian.relationship}</CellNote>}
          {guardian.position === 1 && <Tag palette="blue">{T.representative}</Tag>}
        </CellLines>
      ),
    },
    {
      header: T.columns.contact,
      card: 'line',
      cell: (guardian) => (
        <CellLines>
          <span>{guardian.phone || '-'}</span>
          {guardian.email && <CellNote>{guardian.email}</CellNote>}
        </CellLines>
      ),
    },
    {
      header: T.columns.channel,
      card: 'line',
      nowrap: true,
      cell: (guardian) => (
        <CellLines>
          <span>{channelLabel(guardian.preferred_channel)}</span>
          <CellNote>{T.addressAs(guardian.address_as)}</CellNote>
        </CellLines>
      ),
    },
    {
      header: T.columns.siblings,
      card: 'line',
      cell: (guardian) => {
        const others = guardian.students.filter((s) => s.id !== studentId);
        return others.length ? others.map((s) => s.name).join(', ') : '-';
      },
    },
    { header: T.columns.optedOut, card: 'line', cell: optedOutText },
  ];
  if (actions) {
    list.push({
      header: T.columns.actions,
      alignEnd: true,
      cell: (guardian) => (
        <RowButtons
          row={guardian}
          actions={[
            { key: 'edit', label: T.edit, icon: <EditIcon />, onSelect: actions.onEdit },
            { key: 'unlink', label: T.unlink, icon: <TrashIcon />, danger: true, onSelect: actions.onUnlink },
          ]}
        />
      ),
    });
  }
  return list;
}

export function GuardiansPanel({ student, mayWrite, onChanged, delayMs }: GuardiansPanelProps) {
  const guardians = useGuardians(student.id, true);
  const [editing, setEditing] = useState<Editing>(null);
  const [unlinking, setUnlinking] = useState<Guardian | null>(null);
  // the question keeps its text while the dialog closes
  const [asked, setAsked] = useState<Guardian | null>(null);
  if (unlinking && unlinking !== asked) setAsked(unlinking);
  const create = useGuardianWrite(student.id, createGuardian, onChanged);
  const update = useGuardianWrite(student.id, updateGuardian, onChanged);
  const link = useGuardianWrite(student.id, linkGuardian, onChanged);
  const unlink = useGuardianWrite(student.id, unlinkGuardian, onChanged);
  const rows = guardians.data ?? [];
  const full = rows.length >= GUARDIAN_LIMITS.perStudent;
  const question = unlinking ?? asked;

  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {T.representativeHelp}
      </Text>
      {mayWrite && editing === null && (
        <Stack gap="2">
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="blue" disabled={full} onClick={() => setEditing({ mode: 'add' })}>
              <PlusIcon /> {T.add}
            </Button>
            <Button size="sm" variant="outline" disabled={full} onClick={() => setEditing({ mode: 'link' })}>
              <UsersIcon /> {T.link}
            </Button>
          </HStack>
          {full && (
            <Text fontSize="sm" color="fg.muted">
              {T.full}
            </Text>
          )}
        </Stack>
      )}
      {editing && (
        <Card.Root>
          <Card.Body>
            {editing.mode === 'link' ? (
              <GuardianLinkPanel studentId={student.id} linkedIds={rows.map((g) => g.id)} onLink={(body) => link.mutateAsync(body)} onClose={() => setEditing(null)} />
            ) : (
              <GuardianForm
                key={editing.mode === 'edit' ? editing.guardian.id : 'new'}
                studentId={student.id}
                guardian={editing.mode === 'edit' ? editing.guardian : null}
                onCreate={(body) => create.mutateAsync(body)}
                onUpdate={(body) => update.mutateAsync(body)}
                onDone={() => setEditing(null)}
                onCancel={() => setEditing(null)}
                delayMs={delayMs}
              />
            )}
          </Card.Body>
        </Card.Root>
      )}
      <Box borderWidth="1px" borderRadius="l3" overflow="hidden">
        <DataTable
          label={T.table}
          columns={columns(student.id, mayWrite ? { onEdit: (guardian) => setEditing({ mode: 'edit', guardian }), onUnlink: setUnlinking } : null)}
          rowId={(guardian) => guardian.id}
          rows={rows}
          loading={guardians.isPending}
          failed={guardians.isError}
          onRetry={() => void guardians.refetch()}
          pinLastColumn={mayWrite}
          emptyText={T.empty}
        />
      </Box>
      <ConfirmDelete
        open={unlinking !== null}
        onClose={() => setUnlinking(null)}
        message={question ? T.unlinkQuestion(question.name, student.name) : ''}
        description={question ? unlinkConsequence(question, rows, student.id) : undefined}
        confirmLabel={T.unlinkConfirm}
        successMessage={T.unlinked}
        failureMessage={T.unlinkFailed}
        onConfirm={async () => {
          if (!unlinking) return;
          await unlink.mutateAsync({ student_id: student.id, guardian_id: unlinking.id });
          if (editing?.mode === 'edit' && editing.guardian.id === unlinking.id) setEditing(null);
        }}
      />
    </Stack>
  );
}

/**
 * What else an unlink does: the representative's place goes to the next guardian (or to nobody); a
 * guardian of no other student is deleted.
 */
function unlinkConsequence(guardian: Guardian, guardians: readonly Guardian[], studentId: number): string | undefined {
  const next = guardians.find((other) => other.id !== guardian.id);
  const lines = [
    guardian.position === 1 ? (next ? T.unlinkRepresentative(next.name) : T.unlinkNoRepresentative) : null,
    guardian.students.every((s) => s.id === studentId) ? T.unlinkLast : null,
  ].filter(Boolean);
  return lines.length ? lines.join(' ') : undefined;
}
