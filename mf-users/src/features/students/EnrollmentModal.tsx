/**
 * The fullscreen class-enrolment modal of a student: the add/edit form and the student's enrolments
 * (limit 10, newest first) with their status, lesson counts and lessons left, each editable or removable,
 * and each with its lesson ledger ("Lịch sử buổi học"), where one who may adjusts its lessons.
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
  ConfirmDelete,
  FullscreenModal,
  HStack,
  LessonLedgerDialog,
  Stack,
  Table,
  TableStateRow,
  Text,
} from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useState } from 'react';
import {
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
  /** The question before a removal, naming the class. */
  removeConfirm: (className: string) => `Xoá học viên khỏi lớp "${className}"? Đơn hàng của lần ghi danh này sẽ bị huỷ.`,
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
  const mayAdjust = can(useCurrentUser(), 'LessonAdjustment', 'Create');
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

  const removeRow = async (row: Enrollment) => {
    await remove.mutateAsync(row.enrollment_id);
    if (editing?.enrollment_id === row.enrollment_id) setEditing(null);
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
                          <Badge colorPalette={STATUS_PALETTE[label]} variant="subtle">
                            {label}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell>
                          {row.total_lesson_learned} / {row.total_lesson} / {row.total_lesson_promote}
                        </Table.Cell>
                        <Table.Cell>{lessonsLeft(row)}</Table.Cell>
                        <Table.Cell>
                          <HStack justify="flex-end" gap="1">
                            <Button size="xs" variant="ghost" onClick={() => setLedgerOf(row.enrollment_id)}>
                              {ENROLLMENT_MODAL_TEXTS.ledger}
                            </Button>
                            <Button size="xs" variant="ghost" onClick={() => setEditing(row)}>
                              {ENROLLMENT_MODAL_TEXTS.edit}
                            </Button>
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
      <ConfirmDelete
        open={removeTarget !== null}
        message={removeTarget ? ENROLLMENT_MODAL_TEXTS.removeConfirm(classNameOf(removeTarget)) : undefined}
        confirmLabel={ENROLLMENT_MODAL_TEXTS.remove}
        successMessage={MESSAGES.enrollmentRemoved}
        failureMessage={MESSAGES.enrollmentRemoveFailed}
        onClose={() => setRemoveTarget(null)}
        onConfirm={() => (removeTarget ? removeRow(removeTarget) : Promise.resolve())}
      />
      <LessonLedgerDialog enrollmentId={ledgerOf} onClose={() => setLedgerOf(null)} onAdjust={mayAdjust ? adjustLessons : undefined} delayMs={delayMs} />
    </FullscreenModal>
  );
}
