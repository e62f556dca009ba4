/**
 * The fullscreen class-enrolment modal of a student: the add/edit form and the student's enrolments
 * (limit 10, newest first) with their status, lesson counts and lessons left, each editable or removable
 * (with what was paid for the lessons left given back or kept as credit), each with its lesson ledger
 * ("Lịch sử buổi học", where one who may adjusts its lessons), and for those allowed a transfer to
 * another class and a renewal (a new order of the course, whose payment is then taken in "Thu tiền").
 */
import { ENROLLMENT_STATUS, type User } from '@trungtam/shared/contracts';
import type { Enrollment } from '@trungtam/shared/contracts/learning';
import { enrollmentStatusLabel } from '@trungtam/shared/contracts/learning';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import {
  adjustLessons,
  Badge,
  Box,
  Button,
  Card,
  createPayment,
  FullscreenModal,
  HStack,
  LessonLedgerDialog,
  notifyError,
  notifySuccess,
  OrderPaymentsDialog,
  renewEnrollment,
  Stack,
  Table,
  TableStateRow,
  Text,
  voidPayment,
} from '@trungtam/shared/ui';
import { reasonOf } from '@trungtam/shared/api';
import { formatVnd } from '@trungtam/shared/contracts/payments';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CancelEnrollmentDialog, TransferEnrollmentDialog } from './EnrollmentMoneyDialogs';
import {
  enrollmentKeys,
  useClassChoices,
  useCreateEnrollment,
  useDiscounts,
  useRemoveEnrollment,
  useStudentEnrollments,
  useUpdateEnrollment,
} from './enrollmentApi';
import { EnrollmentForm } from './EnrollmentForm';

export const ENROLLMENT_MODAL_TEXTS = {
  addTitle: 'add student to class',
  editTitle: "update student's class",
  listTitle: 'Các lớp của học viên',
  columns: ['Lớp học', 'Trạng thái', 'Đã học / Tổng / Tặng', 'Còn lại', 'Thao tác'],
  ledger: 'Lịch sử buổi học',
  edit: 'Sửa',
  remove: 'Xoá khỏi lớp',
  transfer: 'Chuyển lớp',
  renew: 'Gia hạn',
  pay: 'Thu tiền',
  owed: (amount: string) => `Còn nợ ${amount}`,
  renewed: 'Đã tạo đơn gia hạn',
  renewFailed: 'Không gia hạn được, mời bạn thử lại',
} as const;

const classNameOf = (row: Enrollment) => row.class?.class_name ?? `#${row.class_id}`;

/** The lessons an enrolment has left: its total (with the bonus ones) less those learned. */
const lessonsLeft = (row: Enrollment) => row.total_lesson - row.total_lesson_learned;

const ACTIONS_COLUMN = ENROLLMENT_MODAL_TEXTS.columns.length - 1;

const STATUS_PALETTE = { active: 'green', completed: 'blue', 'on hold': 'gray' } as const;

export interface EnrollmentModalProps {
  student: User | null;
  onClose: () => void;
  delayMs?: number;
}

export function EnrollmentModal({ student, onClose, delayMs }: EnrollmentModalProps) {
  const open = student !== null;
  const userId = student?.id ?? 0;
  const [editing, setEditing] = useState<Enrollment | null>(null);
  const [removeTarget, setRemoveTarget] = useState<Enrollment | null>(null);
  const [ledgerOf, setLedgerOf] = useState<number | null>(null);
  const me = useCurrentUser();
  const mayAdjust = can(me, 'LessonAdjustment', 'Create');
  const mayTransfer = can(me, 'EnrollmentTransfer', 'Create');
  const mayRenew = can(me, 'LearningClassEnrollments', 'Create');
  const maySeePayments = can(me, 'Payment', 'GetAll');
  const [transferOf, setTransferOf] = useState<Enrollment | null>(null);
  // the renewal's order, whose payment is taken next
  const [orderOf, setOrderOf] = useState<number | null>(null);
  const [renewing, setRenewing] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: enrollmentKeys.ofStudent(userId) });
  // a saved form starts again empty
  const [formVersion, setFormVersion] = useState(0);
  const enrollments = useStudentEnrollments(userId, open);
  const classes = useClassChoices(open);
  const discounts = useDiscounts(open);
  const create = useCreateEnrollment(userId);
  const update = useUpdateEnrollment(userId);
  const remove = useRemoveEnrollment(userId);
  const rows = enrollments.data ?? [];
  // a class the student is already learning in is not offered again (the API would refuse it)
  const activeClassIds = new Set(rows.filter((row) => row.status === ENROLLMENT_STATUS.ACTIVE).map((row) => row.class_id));
  const classChoices = (classes.data ?? []).filter((cls) => !activeClassIds.has(cls.class_id));

  const close = () => {
    setEditing(null);
    onClose();
  };

  const removed = (enrollmentId: number) => {
    setRemoveTarget(null);
    if (editing?.enrollment_id === enrollmentId) setEditing(null);
    refresh();
  };

  const renew = async (row: Enrollment) => {
    setRenewing(row.enrollment_id);
    try {
      const order = await renewEnrollment(row.enrollment_id);
      notifySuccess(ENROLLMENT_MODAL_TEXTS.renewed);
      refresh();
      if (maySeePayments) setOrderOf(order.order_id);
    } catch (error) {
      notifyError(reasonOf(error, ENROLLMENT_MODAL_TEXTS.renewFailed));
    } finally {
      setRenewing(null);
    }
  };

  return (
    <FullscreenModal open={open} onClose={close} initialFocus="close" title={editing ? ENROLLMENT_MODAL_TEXTS.editTitle : ENROLLMENT_MODAL_TEXTS.addTitle}>
      <Stack gap="6" maxW="5xl" mx="auto">
        {student && (
          <Text color="fg.muted">
            {student.name} · #{student.id} · {student.email}
          </Text>
        )}
        <Card.Root>
          <Card.Body>
            <EnrollmentForm
              key={`${editing?.enrollment_id ?? 'new'}-${formVersion}`}
              userId={userId}
              editing={editing}
              classes={classChoices}
              discounts={discounts.data ?? []}
              onCreate={(body) => create.mutateAsync(body)}
              onUpdate={(body) => update.mutateAsync(body)}
              onDone={() => {
                setEditing(null);
                setFormVersion((v) => v + 1);
              }}
              delayMs={delayMs}
            />
          </Card.Body>
        </Card.Root>
        <Stack gap="3">
          <Text fontWeight="semibold">{ENROLLMENT_MODAL_TEXTS.listTitle}</Text>
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={ENROLLMENT_MODAL_TEXTS.listTitle} aria-busy={enrollments.isPending}>
              <Table.Header>
                <Table.Row>
                  {ENROLLMENT_MODAL_TEXTS.columns.map((column, index) => (
                    <Table.ColumnHeader key={column} textAlign={index === ACTIONS_COLUMN ? 'end' : undefined}>
                      {column}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {!enrollments.isPending &&
                  rows.map((row) => {
                    const label = enrollmentStatusLabel(row.status);
                    return (
                      <Table.Row key={row.enrollment_id} data-selected={editing?.enrollment_id === row.enrollment_id || undefined}>
                        <Table.Cell fontWeight="medium">{classNameOf(row)}</Table.Cell>
                        <Table.Cell>
                          <Stack gap="1" align="flex-start">
                            <Badge colorPalette={STATUS_PALETTE[label]} variant="subtle">
                              {label}
                            </Badge>
                            {row.order && row.order.owed > 0 && (
                              <Text fontSize="xs" color="red.fg" whiteSpace="nowrap">
                                {ENROLLMENT_MODAL_TEXTS.owed(formatVnd(row.order.owed))}
                              </Text>
                            )}
                          </Stack>
                        </Table.Cell>
                        <Table.Cell>
                          {row.total_lesson_learned} / {row.total_lesson} / {row.total_lesson_promote}
                        </Table.Cell>
                        <Table.Cell>{lessonsLeft(row)}</Table.Cell>
                        <Table.Cell>
                          <HStack justify="flex-end" gap="1" wrap="wrap" minW={{ base: '40', md: 'auto' }}>
                            {maySeePayments && row.order && (
                              <Button size="xs" variant="ghost" onClick={() => setOrderOf(row.order?.order_id ?? null)}>
                                {ENROLLMENT_MODAL_TEXTS.pay}
                              </Button>
                            )}
                            <Button size="xs" variant="ghost" onClick={() => setLedgerOf(row.enrollment_id)}>
                              {ENROLLMENT_MODAL_TEXTS.ledger}
                            </Button>
                            <Button size="xs" variant="ghost" onClick={() => setEditing(row)}>
                              {ENROLLMENT_MODAL_TEXTS.edit}
                            </Button>
                            {mayRenew && (
                              <Button size="xs" variant="ghost" loading={renewing === row.enrollment_id} onClick={() => void renew(row)}>
                                {ENROLLMENT_MODAL_TEXTS.renew}
                              </Button>
                            )}
                            {mayTransfer && row.status === ENROLLMENT_STATUS.ACTIVE && (
                              <Button size="xs" variant="ghost" onClick={() => setTransferOf(row)}>
                                {ENROLLMENT_MODAL_TEXTS.transfer}
                              </Button>
                            )}
                            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setRemoveTarget(row)}>
                              {ENROLLMENT_MODAL_TEXTS.remove}
                            </Button>
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                <TableStateRow colSpan={ENROLLMENT_MODAL_TEXTS.columns.length} loading={enrollments.isPending} rowCount={rows.length} />
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      </Stack>
      <CancelEnrollmentDialog
        key={removeTarget?.enrollment_id ?? 0}
        enrollment={removeTarget}
        onClose={() => setRemoveTarget(null)}
        onRemove={(enrollmentId) => remove.mutateAsync(enrollmentId)}
        onDone={removed}
        delayMs={delayMs}
      />
      <TransferEnrollmentDialog
        key={`transfer-${transferOf?.enrollment_id ?? 0}`}
        enrollment={transferOf}
        classes={classChoices}
        onClose={() => setTransferOf(null)}
        onDone={() => {
          setTransferOf(null);
          refresh();
        }}
      />
      <OrderPaymentsDialog
        orderId={orderOf}
        onClose={() => setOrderOf(null)}
        onPay={can(me, 'Payment', 'Create') ? createPayment : undefined}
        onVoid={can(me, 'Payment', 'Delete') ? voidPayment : undefined}
        onChanged={refresh}
        delayMs={delayMs}
      />
      <LessonLedgerDialog enrollmentId={ledgerOf} onClose={() => setLedgerOf(null)} onAdjust={mayAdjust ? adjustLessons : undefined} delayMs={delayMs} />
    </FullscreenModal>
  );
}
