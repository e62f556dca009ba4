/**
 * What a student's enrolment does with its money when it ends or moves:
 * - "Xoá khỏi lớp": with nothing paid, the plain confirmation (the spec's DELETE); with money paid, the
 *   lessons left and what they are worth (paid × left ÷ total, the API's proposal), given back or kept as
 *   the student's credit, another amount only with a reason;
 * - "Chuyển lớp": the class to move to, then what moves (the lessons left and what they convert to, what
 *   stays owed) before confirming.
 */
import { useQuery } from '@tanstack/react-query';
import { api, reasonOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import type { Enrollment, LearningClass } from '@trungtam/shared/contracts/learning';
import {
  formatVnd,
  REFUND_METHODS,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_KINDS,
  SETTLEMENT_TEXT,
  type CancelPreview,
  type EnrollmentCancelRequest,
  type EnrollmentCancelResult,
  type RefundMethod,
  type SettlementKind,
  type TransferPreview,
  type TransferResult,
} from '@trungtam/shared/contracts/payments';
import { yupFieldFromSchema, yupFromSchema } from '@trungtam/shared/forms';
import { EnrollmentCancelBody } from '@trungtam/shared/schemas/payments';
import {
  Box,
  Button,
  ConfirmDelete,
  Dialog,
  Field,
  FormField,
  NativeSelect,
  HStack,
  RecordDialog,
  SelectField,
  SimpleGrid,
  Stack,
  StateNotice,
  SubmitButton,
  SubmitForm,
  Text,
  notifyError,
  notifySuccess,
} from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useState } from 'react';

export const MONEY_DIALOG_TEXTS = {
  cancelTitle: (className: string) => `Xoá học viên khỏi lớp "${className}"`,
  lessonsLeft: 'Buổi chưa học',
  paid: 'Đã thu',
  proposed: 'Đề xuất hoàn',
  proposedHint: 'Số đã thu × buổi chưa học ÷ tổng số buổi, làm tròn xuống',
  settlement: 'Xử lý số tiền',
  amount: 'Số tiền (đồng)',
  method: 'Hình thức hoàn',
  reason: 'Lý do',
  reasonHint: 'Bắt buộc khi số tiền khác đề xuất',
  confirmCancel: 'Xoá khỏi lớp',
  close: 'Đóng',
  cancelled: 'Đã xoá học viên khỏi lớp',
  cancelFailed: 'Không xoá được học viên khỏi lớp, mời bạn thử lại',
  transferTitle: 'Chuyển lớp',
  transferTo: 'Chuyển sang lớp',
  choose: 'Chọn lớp',
  left: (lessons: number, value: string) => `Còn lại ${lessons} buổi (trị giá ${value})`,
  lessonsIn: (lessons: number, value: string) => `Lớp mới nhận ${lessons} buổi (trị giá ${value})`,
  sameItem: 'Cùng gói học: giữ nguyên số buổi',
  converted: 'Khác gói học: quy đổi theo giá mỗi buổi, làm tròn xuống',
  owed: (value: string) => `Còn nợ ${value}: chuyển theo sang lớp mới`,
  discount: (percent: number) => `Giữ ưu đãi ${percent}%`,
  confirmTransfer: 'Xác nhận chuyển lớp',
  transferred: 'Đã chuyển lớp',
  transferFailed: 'Không chuyển được lớp, mời bạn thử lại',
} as const;
const T = MONEY_DIALOG_TEXTS;

const METHOD_LABELS: Record<RefundMethod, string> = { cash: 'Tiền mặt', transfer: 'Chuyển khoản' };

async function getCancelPreview(enrollmentId: number): Promise<CancelPreview> {
  return (await api.get<ApiData<CancelPreview>>(`/learning/class-enrollment/cancel-preview/${enrollmentId}`)).data.data;
}

async function cancelEnrollment(body: EnrollmentCancelRequest): Promise<EnrollmentCancelResult> {
  return (await api.post<ApiData<EnrollmentCancelResult>>('/learning/class-enrollment/cancel', body)).data.data;
}

async function getTransferPreview(enrollmentId: number, classId: number): Promise<TransferPreview> {
  return (await api.get<ApiData<TransferPreview>>('/learning/class-enrollment/transfer-preview', { params: { enrollment_id: enrollmentId, class_id: classId } })).data.data;
}

async function transferEnrollment(enrollmentId: number, classId: number): Promise<TransferResult> {
  return (await api.post<ApiData<TransferResult>>('/learning/class-enrollment/transfer', { enrollment_id: enrollmentId, class_id: classId })).data.data;
}

const classNameOf = (row: Enrollment) => row.class?.class_name ?? `#${row.class_id}`;

interface CancelValues {
  settlement: SettlementKind;
  amount: number | '';
  method: RefundMethod;
  reason: string;
}

/** The API's rules: an amount from 0 to what was paid, and a reason when it is not the proposal. */
function cancelSchema(preview: CancelPreview) {
  return yupFromSchema(EnrollmentCancelBody, { fields: ['settlement', 'amount', 'method'] }).shape({
    amount: yupFieldFromSchema(EnrollmentCancelBody.properties.amount).test('within-paid', SETTLEMENT_TEXT.amount(preview.paid), (value) => Number(value) <= preview.paid),
    // optional in the request: required only when the amount is not the proposal
    reason: yupFieldFromSchema(EnrollmentCancelBody.properties.reason, { required: false }).test('reason-when-changed', SETTLEMENT_TEXT.reason, function check(value) {
      const { amount } = this.parent as CancelValues;
      return Number(amount) === preview.proposed_amount || String(value ?? '').trim() !== '';
    }),
  });
}

export interface CancelEnrollmentDialogProps {
  enrollment: Enrollment | null;
  onClose: () => void;
  /** The spec's removal (DELETE), used when nothing was paid. */
  onRemove: (enrollmentId: number) => Promise<unknown>;
  /** After the enrolment is removed either way. */
  onDone: (enrollmentId: number) => void;
  delayMs?: number;
}

export function CancelEnrollmentDialog({ enrollment, onClose, onRemove, onDone, delayMs }: CancelEnrollmentDialogProps) {
  const enrollmentId = enrollment?.enrollment_id ?? 0;
  const preview = useQuery({ queryKey: ['enrollments', 'cancel-preview', enrollmentId], queryFn: () => getCancelPreview(enrollmentId), enabled: enrollmentId > 0, staleTime: 0 });
  if (!enrollment) return null;
  const data = preview.data;
  // nothing paid: the spec's plain confirmation and removal
  if (data && data.paid === 0) {
    return (
      <ConfirmDelete
        open
        message={`Xoá học viên khỏi lớp "${classNameOf(enrollment)}"? Đơn hàng của lần ghi danh này sẽ bị huỷ.`}
        confirmLabel={T.confirmCancel}
        successMessage={MESSAGES.enrollmentRemoved}
        failureMessage={MESSAGES.enrollmentRemoveFailed}
        onClose={onClose}
        onConfirm={async () => {
          await onRemove(enrollment.enrollment_id);
          onDone(enrollment.enrollment_id);
        }}
      />
    );
  }
  return (
    <RecordDialog open onClose={onClose} closeLabel={T.close}>
      <Dialog.Header>
        <Dialog.Title>{T.cancelTitle(classNameOf(enrollment))}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body pb="6">
        {!data ? (
          <StateNotice loading={preview.isPending} failed={preview.isError} onRetry={() => void preview.refetch()} rowCount={0} emptyText="" />
        ) : (
          <CancelForm preview={data} onDone={() => onDone(enrollment.enrollment_id)} delayMs={delayMs} />
        )}
      </Dialog.Body>
    </RecordDialog>
  );
}

function CancelForm({ preview, onDone, delayMs }: { preview: CancelPreview; onDone: () => void; delayMs?: number }) {
  const [schema] = useState(() => cancelSchema(preview));
  const figures = [
    { label: T.lessonsLeft, value: `${preview.lessons_left} / ${preview.total_lesson}` },
    { label: T.paid, value: formatVnd(preview.paid) },
    { label: T.proposed, value: formatVnd(preview.proposed_amount) },
  ];
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {figures.map((figure) => (
          <Box key={figure.label} borderWidth="1px" borderRadius="md" px="3" py="2" data-testid={`cancel-${figure.label}`}>
            <Text fontSize="xs" color="fg.muted">
              {figure.label}
            </Text>
            <Text fontWeight="semibold" whiteSpace="nowrap">
              {figure.value}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {T.proposedHint}
      </Text>
      <SubmitForm<CancelValues, EnrollmentCancelResult>
        aria-label={T.confirmCancel}
        initialValues={{ settlement: 'refund', amount: preview.proposed_amount, method: 'cash', reason: '' }}
        validationSchema={schema}
        onSubmit={async (values) => {
          const reason = values.reason.trim();
          const result = await cancelEnrollment({
            enrollment_id: preview.enrollment_id,
            settlement: values.settlement,
            amount: Number(values.amount),
            ...(values.settlement === 'refund' ? { method: values.method } : {}),
            ...(reason ? { reason } : {}),
          });
          onDone();
          return result;
        }}
        successMessage={T.cancelled}
        failureMessage={(error) => reasonOf(error, T.cancelFailed)}
        delayMs={delayMs}
      >
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <SelectField name="settlement" label={T.settlement} options={SETTLEMENT_KINDS.map((kind) => ({ value: kind, label: SETTLEMENT_KIND_LABELS[kind] }))} required />
            <FormField name="amount" label={T.amount} type="number" required />
            <SelectField name="method" label={T.method} options={REFUND_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] }))} />
          </SimpleGrid>
          <FormField name="reason" label={T.reason} helperText={T.reasonHint} />
          <Box>
            <SubmitButton colorPalette="red" w={{ base: 'full', md: 'auto' }}>
              {T.confirmCancel}
            </SubmitButton>
          </Box>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}

export interface TransferEnrollmentDialogProps {
  enrollment: Enrollment | null;
  /** The classes it may move to (those with a course, other than its own and the student's active ones). */
  classes: LearningClass[];
  onClose: () => void;
  onDone: (result: TransferResult) => void;
}

export function TransferEnrollmentDialog({ enrollment, classes, onClose, onDone }: TransferEnrollmentDialogProps) {
  const [classId, setClassId] = useState(0);
  const [sending, setSending] = useState(false);
  const enrollmentId = enrollment?.enrollment_id ?? 0;
  const preview = useQuery({
    queryKey: ['enrollments', 'transfer-preview', enrollmentId, classId],
    queryFn: () => getTransferPreview(enrollmentId, classId),
    enabled: enrollmentId > 0 && classId > 0,
    staleTime: 0,
    retry: false,
  });
  if (!enrollment) return null;
  const close = () => {
    setClassId(0);
    onClose();
  };
  const confirm = async () => {
    setSending(true);
    try {
      const result = await transferEnrollment(enrollment.enrollment_id, classId);
      notifySuccess(T.transferred);
      setClassId(0);
      onDone(result);
    } catch (error) {
      notifyError(reasonOf(error, T.transferFailed));
    } finally {
      setSending(false);
    }
  };
  const data = preview.data;
  const choices = classes.filter((cls) => cls.class_id !== enrollment.class_id && cls.product_item);
  return (
    <RecordDialog open onClose={close} closeLabel={T.close}>
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>{T.transferTitle}</Dialog.Title>
          <Text color="fg.muted">{classNameOf(enrollment)}</Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Stack gap="4">
          <Field.Root>
            <Field.Label>{T.transferTo}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={classId} onChange={(event) => setClassId(Number(event.target.value))}>
                <option value={0}>{T.choose}</option>
                {choices.map((cls) => (
                  <option key={cls.class_id} value={cls.class_id}>
                    {cls.class_name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {classId > 0 && preview.isPending && <StateNotice loading rowCount={0} />}
          {classId > 0 && preview.isError && (
            <Text color="red.fg" role="alert">
              {reasonOf(preview.error, T.transferFailed)}
            </Text>
          )}
          {data && (
            <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" data-testid="transfer-preview">
              <Text>{T.left(data.lessons_left, formatVnd(data.value_left))}</Text>
              <Text fontWeight="semibold">{T.lessonsIn(data.lessons_in, formatVnd(data.value_in))}</Text>
              <Text fontSize="sm" color="fg.muted">
                {data.same_item ? T.sameItem : T.converted}
              </Text>
              {data.discount_percent > 0 && <Text fontSize="sm">{T.discount(data.discount_percent)}</Text>}
              {data.owed > 0 && <Text fontSize="sm">{T.owed(formatVnd(data.owed))}</Text>}
              {data.lessons_in <= 0 && <Text color="red.fg">{SETTLEMENT_TEXT.transferNoLessons}</Text>}
            </Stack>
          )}
          <HStack justify="flex-end">
            <Button onClick={() => void confirm()} loading={sending} disabled={!data || data.lessons_in <= 0}>
              {T.confirmTransfer}
            </Button>
          </HStack>
        </Stack>
      </Dialog.Body>
    </RecordDialog>
  );
}

