/**
 * The lesson ledger's dialog (LessonLedgerDialog.tsx), downloaded when first opened or ahead: the
 * enrolment's student and class, its totals (Tổng số buổi, Đã học, Còn lại), its lines oldest first and,
 * for staff, the adjustment form. On a phone the lines are stacked, one block each, instead of a table
 * too wide for the screen. The form refuses what the API refuses, with its messages: the request schema
 * (yupFromSchema) and the two rules the API checks beyond it (not 0, not below the lessons learned).
 */
import { Box, HStack, SimpleGrid, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { useMemo, useState } from 'react';
import { reasonOf } from '@trungtam/shared/api';
import { LEDGER_KIND_LABELS, LEDGER_TEXT, type EnrollmentLedger, type LedgerLine } from '@trungtam/shared/contracts/learning';
import { formatDate } from '@trungtam/shared/format';
import { yupFieldFromSchema, yupFromSchema } from '@trungtam/shared/forms';
import { Dialog, RecordDialog, StateNotice, TableStateRow } from '@trungtam/shared/ui/core';
import { FormField, SubmitButton, SubmitForm } from '@trungtam/shared/ui/forms';
import { LessonAdjustmentBody } from '../schemas/learning';
import { useAdjustLessons, useEnrollmentLedger } from '../ledger';
import type { LessonLedgerDialogProps } from './LessonLedgerDialog';

export const LESSON_LEDGER_TEXTS = {
  title: 'Lịch sử buổi học',
  close: 'Đóng',
  total: 'Tổng số buổi',
  learned: 'Đã học',
  remaining: 'Còn lại',
  table: 'Các dòng sổ buổi học',
  columns: { date: 'Ngày', content: 'Nội dung', change: '±', balance: 'Còn lại sau', actor: 'Người ghi' },
  system: 'Hệ thống',
  empty: 'Chưa có dòng nào',
  adjustTitle: 'Điều chỉnh số buổi',
  lessons: 'Số buổi (+ thêm, − bớt)',
  reason: 'Lý do',
  adjust: 'Lưu điều chỉnh',
  adjusted: 'Đã điều chỉnh số buổi học',
  adjustFailed: 'Không điều chỉnh được số buổi học, mời bạn thử lại',
} as const;
const T = LESSON_LEDGER_TEXTS;

/** Where the lines are stacked instead of a table. */
const PHONE_SCREEN = '(max-width: 600px)';

/** A change of lessons with its sign: "+24", "−1" (a minus sign, not a hyphen), "0". */
export const signedLessons = (lessons: number) => (lessons > 0 ? `+${lessons}` : lessons < 0 ? `−${-lessons}` : '0');

const contentOf = (line: LedgerLine) => (line.reason ? `${LEDGER_KIND_LABELS[line.kind]}: ${line.reason}` : LEDGER_KIND_LABELS[line.kind]);
const actorOf = (line: LedgerLine) => line.actor?.name || T.system;
const changeColor = (lessons: number) => (lessons > 0 ? 'green.fg' : lessons < 0 ? 'red.fg' : undefined);

export function LessonLedgerDialog({ enrollmentId, onClose, onAdjust, delayMs }: LessonLedgerDialogProps) {
  const ledger = useEnrollmentLedger(enrollmentId);
  const data = ledger.data;
  const names = data ? [data.user?.name, data.class?.class_name].filter(Boolean).join(' · ') : '';
  return (
    <RecordDialog open={enrollmentId !== null} onClose={onClose} closeLabel={T.close}>
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>{T.title}</Dialog.Title>
          {names && <Text color="fg.muted">{names}</Text>}
        </Stack>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Stack gap="5">
          {data && <Totals ledger={data} />}
          <Lines lines={data?.lines ?? []} loading={ledger.isPending} failed={ledger.isError} onRetry={() => void ledger.refetch()} />
          {onAdjust && data && <AdjustmentForm ledger={data} send={onAdjust} delayMs={delayMs} />}
        </Stack>
      </Dialog.Body>
    </RecordDialog>
  );
}

function Totals({ ledger }: { ledger: EnrollmentLedger }) {
  const facts = [
    { label: T.total, value: ledger.total_lesson },
    { label: T.learned, value: ledger.total_lesson_learned },
    { label: T.remaining, value: ledger.remaining },
  ];
  return (
    <SimpleGrid columns={3} gap="3">
      {facts.map((fact) => (
        <Box key={fact.label} borderWidth="1px" borderRadius="md" px="3" py="2" data-testid={`ledger-${fact.label}`}>
          <Text fontSize="xs" color="fg.muted">
            {fact.label}
          </Text>
          <Text fontSize="xl" fontWeight="semibold">
            {fact.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

interface LinesProps {
  lines: LedgerLine[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

function Lines({ lines, loading, failed, onRetry }: LinesProps) {
  const [phone] = useMediaQuery([PHONE_SCREEN], { ssr: false });
  const state = { loading, failed, onRetry, rowCount: lines.length, emptyText: T.empty };
  if (phone) {
    return (
      <Stack gap="0" borderWidth="1px" borderRadius="md" role="list" aria-label={T.table}>
        <StateNotice {...state} />
        {lines.map((line) => (
          <Box key={line.line_id} role="listitem" px="3" py="2" borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
            <HStack justify="space-between" align="baseline">
              <Text fontSize="sm" color="fg.muted">
                {formatDate(line.occurred_on)}
              </Text>
              <Text fontWeight="semibold" color={changeColor(line.lessons)}>
                {signedLessons(line.lessons)}
              </Text>
            </HStack>
            <Text>{contentOf(line)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {T.columns.balance}: {line.balance_after} · {actorOf(line)}
            </Text>
          </Box>
        ))}
      </Stack>
    );
  }
  const { columns } = T;
  return (
    <Box borderWidth="1px" borderRadius="md" overflowX="auto">
      <Table.Root size="sm" aria-label={T.table} aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{columns.date}</Table.ColumnHeader>
            <Table.ColumnHeader>{columns.content}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{columns.change}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
              {columns.balance}
            </Table.ColumnHeader>
            <Table.ColumnHeader whiteSpace="nowrap">{columns.actor}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={line.line_id}>
              <Table.Cell whiteSpace="nowrap">{formatDate(line.occurred_on)}</Table.Cell>
              <Table.Cell>{contentOf(line)}</Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="semibold" color={changeColor(line.lessons)}>
                {signedLessons(line.lessons)}
              </Table.Cell>
              <Table.Cell textAlign="end">{line.balance_after}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{actorOf(line)}</Table.Cell>
            </Table.Row>
          ))}
          <TableStateRow colSpan={5} {...state} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

interface AdjustmentValues {
  lessons: number | '';
  reason: string;
}

const EMPTY_ADJUSTMENT: AdjustmentValues = { lessons: '', reason: '' };

/** The adjustment's rules: the request schema's, not 0, and a total not below the lessons learned. */
function adjustmentSchema(ledger: EnrollmentLedger) {
  return yupFromSchema(LessonAdjustmentBody, { fields: ['lessons', 'reason'] }).shape({
    lessons: yupFieldFromSchema(LessonAdjustmentBody.properties.lessons)
      .test('not-zero', LEDGER_TEXT.adjustmentLessons, (value) => Number(value) !== 0)
      .test('not-below-learned', LEDGER_TEXT.adjustmentBelowLearned, (value) => ledger.total_lesson + Number(value) >= ledger.total_lesson_learned),
  });
}

interface AdjustmentFormProps {
  ledger: EnrollmentLedger;
  send: NonNullable<LessonLedgerDialogProps['onAdjust']>;
  delayMs?: number;
}

function AdjustmentForm({ ledger, send, delayMs }: AdjustmentFormProps) {
  const adjust = useAdjustLessons(send);
  // a saved adjustment starts the form again empty
  const [version, setVersion] = useState(0);
  const schema = useMemo(() => adjustmentSchema(ledger), [ledger]);
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">{T.adjustTitle}</Text>
      <SubmitForm<AdjustmentValues, EnrollmentLedger>
        key={version}
        aria-label={T.adjustTitle}
        initialValues={EMPTY_ADJUSTMENT}
        validationSchema={schema}
        onSubmit={(values) => adjust.mutateAsync({ enrollment_id: ledger.enrollment_id, lessons: Number(values.lessons), reason: values.reason.trim() })}
        successMessage={T.adjusted}
        failureMessage={(error) => reasonOf(error, T.adjustFailed)}
        onSuccess={() => setVersion((v) => v + 1)}
        delayMs={delayMs}
      >
        <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
          <Box flex={{ md: '0 0 11rem' }}>
            <FormField name="lessons" label={T.lessons} type="number" required />
          </Box>
          <Box flex="1">
            <FormField name="reason" label={T.reason} required />
          </Box>
          <Box pt={{ md: '6' }}>
            <SubmitButton w={{ base: 'full', md: 'auto' }}>{T.adjust}</SubmitButton>
          </Box>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
