/** One audit entry opened: who, what, when, from where, and the before / after difference of its fields. */
import type { AuditLogEntry } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { Box, Dialog, Fact, RecordDialog, SimpleGrid, Stack, Table, Text } from '@trungtam/shared/ui';
import { auditDiff, formatAuditValue, type DiffMode } from './auditDiff';
import { areaLabel } from '../../common/areaLabels';
import { actionLabel, fieldLabel, resourceLabel } from './auditLabels';

export const AUDIT_ENTRY_TEXTS = {
  title: (id: number) => `Chi tiết nhật ký #${id}`,
  close: 'Đóng',
  when: 'Thời gian',
  who: 'Người thực hiện',
  what: 'Thao tác',
  where: 'Địa chỉ IP',
  system: 'Hệ thống',
  account: (id: number) => `Tài khoản #${id}`,
  field: 'Trường',
  before: 'Trước',
  after: 'Sau',
  value: 'Giá trị',
  headings: { changes: 'Các trường đã thay đổi', after: 'Dữ liệu sau thao tác', before: 'Dữ liệu trước thao tác' } satisfies Record<DiffMode, string>,
  noChanges: 'Không có trường nào thay đổi',
  noData: 'Thao tác này không ghi lại dữ liệu',
} as const;

const T = AUDIT_ENTRY_TEXTS;

/** Who acted: their name and id, an account id alone (a deleted one), or the system (no actor). */
export function actorText(entry: Pick<AuditLogEntry, 'actor_id' | 'actor_name'>): string {
  if (entry.actor_id === null) return T.system;
  return entry.actor_name ? `${entry.actor_name} (#${entry.actor_id})` : T.account(entry.actor_id);
}

/** What was done, on what: 'Sửa · Quyền tài khoản #3'; an area by its label, 'Đưa lên ổn định · Khu vực Cuộc thi'. */
export function whatText(entry: Pick<AuditLogEntry, 'action' | 'resource' | 'resource_id'>): string {
  const target = !entry.resource_id ? '' : entry.resource === 'RemoteArea' ? ` ${areaLabel(entry.resource_id)}` : ` #${entry.resource_id}`;
  return `${actionLabel(entry.action)} · ${resourceLabel(entry.resource)}${target}`;
}

function Value({ value }: { value: unknown }) {
  return (
    <Text as="span" fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-word">
      {formatAuditValue(value)}
    </Text>
  );
}

function FieldName({ field }: { field: string }) {
  const label = fieldLabel(field);
  return (
    <>
      {label}
      {label !== field && (
        <Text as="span" color="fg.muted" fontFamily="mono" fontSize="xs" ms="1">
          {field}
        </Text>
      )}
    </>
  );
}

function DiffTable({ entry }: { entry: AuditLogEntry }) {
  const diff = auditDiff(entry.before, entry.after);
  const both = diff.mode === 'changes';
  if (entry.before == null && entry.after == null) return <Text color="fg.muted">{T.noData}</Text>;
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{T.headings[diff.mode]}</Text>
      {diff.rows.length === 0 ? (
        <Text color="fg.muted">{T.noChanges}</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={T.headings[diff.mode]}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{T.field}</Table.ColumnHeader>
                {both ? (
                  <>
                    <Table.ColumnHeader>{T.before}</Table.ColumnHeader>
                    <Table.ColumnHeader>{T.after}</Table.ColumnHeader>
                  </>
                ) : (
                  <Table.ColumnHeader>{T.value}</Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {diff.rows.map((row) => (
                <Table.Row key={row.field}>
                  <Table.Cell as="th" scope="row" fontWeight="medium" verticalAlign="top">
                    <FieldName field={row.field} />
                  </Table.Cell>
                  {both ? (
                    <>
                      <Table.Cell verticalAlign="top" bg="red.subtle">
                        <Value value={row.before} />
                      </Table.Cell>
                      <Table.Cell verticalAlign="top" bg="green.subtle">
                        <Value value={row.after} />
                      </Table.Cell>
                    </>
                  ) : (
                    <Table.Cell verticalAlign="top">
                      <Value value={diff.mode === 'after' ? row.after : row.before} />
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

export function AuditEntryDialog({ entry, onClose }: { entry: AuditLogEntry | null; onClose: () => void }) {
  return (
    <RecordDialog open={entry !== null} onClose={onClose} closeLabel={T.close}>
      {entry && (
        <>
          <Dialog.Header>
            <Dialog.Title>{T.title(entry.id)}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="5">
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                <Fact label={T.when}>{formatDateTime(entry.created_at)}</Fact>
                <Fact label={T.who}>{actorText(entry)}</Fact>
                <Fact label={T.what}>{whatText(entry)}</Fact>
                <Fact label={T.where}>{entry.ip ?? '-'}</Fact>
              </SimpleGrid>
              <DiffTable entry={entry} />
            </Stack>
          </Dialog.Body>
        </>
      )}
    </RecordDialog>
  );
}
