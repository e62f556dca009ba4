/**
 * The payments' dialog (OrderPaymentsDialog.tsx), downloaded when first opened or ahead: the order's
 * student, class and course, its figures and due date, how to pay it by transfer (the reference and the
 * VietQR code the API's payload holds, QrCodeSvg.tsx), its payments with their receipts and, for staff who
 * may, the form that takes a payment and the confirmation that voids one with its reason. On a phone the
 * payments are stacked, one block each, instead of a table too wide for the screen. The forms refuse what
 * the API refuses, with its messages: the request schemas (yupFromSchema) and, for a payment, not more
 * than what is owed.
 */
import { Box, Button, Flex, HStack, SimpleGrid, Stack, Table, Text, useMediaQuery } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { useMemo, useState, type ReactNode } from 'react';
import { reasonOf } from '@trungtam/shared/api';
import { formatVnd, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, PAYMENT_TEXT, type OrderDetail, type Payment, type PaymentMethod } from '@trungtam/shared/contracts/payments';
import { formatDate } from '@trungtam/shared/format';
import { yupFieldFromSchema, yupFromSchema } from '@trungtam/shared/forms';
import { Dialog, RecordDialog, StateNotice, TableStateRow, Tag, notifyError } from '@trungtam/shared/ui/core';
import { CheckboxField, DateField, FormField, SelectField, SubmitButton, SubmitForm } from '@trungtam/shared/ui/forms';
import { PaymentCreateBody, PaymentVoidBody } from '../schemas/payments';
import { downloadReceipt, useOrderDetail, usePaymentChange } from '../payments';
import type { OrderPaymentsDialogProps } from './OrderPaymentsDialog';
import { QrCodeSvg } from './QrCodeSvg';

export const ORDER_PAYMENTS_TEXTS = {
  title: 'Thu tiền',
  close: 'Đóng',
  amount: 'Số tiền',
  paid: 'Đã thu',
  owed: 'Còn nợ',
  dueDate: 'Hạn thanh toán',
  overdue: 'Quá hạn',
  reference: (reference: string) => `Nội dung chuyển khoản: ${reference}`,
  qrAlt: (owed: string, reference: string) => `Mã VietQR chuyển khoản ${owed}, nội dung ${reference}`,
  table: 'Các phiếu thu',
  columns: { receiptNo: 'Số phiếu', paidOn: 'Ngày thu', method: 'Hình thức', amount: 'Số tiền', receivedBy: 'Người thu', actions: 'Thao tác' },
  empty: 'Chưa có phiếu thu nào',
  voided: (reason: string) => `Đã huỷ: ${reason}`,
  receipt: 'Phiếu thu',
  receiptOf: (receiptNo: string) => `Phiếu thu ${receiptNo}`,
  receiptFailed: 'Không tải được phiếu thu, mời bạn thử lại',
  void: 'Huỷ phiếu',
  voidOf: (receiptNo: string) => `Huỷ phiếu ${receiptNo}`,
  voidTitle: (receiptNo: string) => `Huỷ phiếu thu ${receiptNo}?`,
  voidHint: 'Phiếu đã huỷ vẫn được giữ lại, gạch ngang, cùng lý do.',
  voidReason: 'Lý do huỷ',
  voidConfirm: 'Xác nhận huỷ phiếu',
  voidCancel: 'Không huỷ',
  voidDone: 'Đã huỷ phiếu thu',
  voidFailed: 'Không huỷ được phiếu thu, mời bạn thử lại',
  payTitle: 'Thu tiền',
  payAmount: 'Số tiền (đồng)',
  payMethod: 'Hình thức',
  payDate: 'Ngày thu',
  payDateHint: 'Bỏ trống: hôm nay',
  payNote: 'Ghi chú',
  pay: 'Thu tiền',
  payDone: 'Đã thu tiền',
  payFailed: 'Không thu được tiền, mời bạn thử lại',
  nothingOwed: 'Đơn hàng đã thu đủ',
  cancelled: 'Đơn hàng đã huỷ',
  studentCredit: (amount: string) => `Tiền dư của học viên: ${amount}`,
  creditOption: (amount: string) => `Trừ tiền dư (còn ${amount})`,
  excessAsCredit: 'Ghi phần thu thừa vào tiền dư của học viên',
  excessHint: 'Chỉ khi học viên đưa nhiều hơn số còn nợ',
  creditPart: (amount: string) => `trong đó ${amount} vào tiền dư`,
  renewalWaiting: (lessons: number) => `Đơn gia hạn: ${lessons} buổi được cộng khi thu đủ tiền`,
} as const;
const T = ORDER_PAYMENTS_TEXTS;

/** Where the payments are stacked instead of a table. */
const PHONE_SCREEN = '(max-width: 600px)';

/** The methods offered: the student's credit only while they have some. */
const methodOptions = (credit: number) =>
  PAYMENT_METHODS.filter((method) => method !== 'credit' || credit > 0).map((method) => ({
    value: method,
    label: method === 'credit' ? T.creditOption(formatVnd(credit)) : PAYMENT_METHOD_LABELS[method],
  }));

const receiverOf = (payment: Payment) => payment.received_by?.name || '-';

export function OrderPaymentsDialog({ orderId, onClose, onPay, onVoid, onChanged, delayMs }: OrderPaymentsDialogProps) {
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  const names = order ? [order.student.name, order.class.class_name].join(' · ') : '';
  const course = order?.course ? [order.course.name, order.course.item_name].filter(Boolean).join(' – ') : '';
  return (
    <RecordDialog open={orderId !== null} onClose={onClose} closeLabel={T.close}>
      <Dialog.Header>
        <Stack gap="1">
          <Dialog.Title>{T.title}</Dialog.Title>
          {names && <Text color="fg.muted">{names}</Text>}
          {course && (
            <Text color="fg.muted" fontSize="sm">
              {course}
            </Text>
          )}
        </Stack>
      </Dialog.Header>
      <Dialog.Body pb="6">
        <Stack gap="5">
          {order && <Figures order={order} />}
          {order && <Transfer order={order} />}
          <Payments
            payments={order?.payments ?? []}
            loading={detail.isPending}
            failed={detail.isError}
            onRetry={() => void detail.refetch()}
            onVoid={onVoid && order ? (payment) => <VoidForm payment={payment} send={onVoid} onChanged={onChanged} delayMs={delayMs} /> : undefined}
          />
          {onPay && order && <PaymentForm order={order} send={onPay} onChanged={onChanged} delayMs={delayMs} />}
        </Stack>
      </Dialog.Body>
    </RecordDialog>
  );
}

function Figures({ order }: { order: OrderDetail }) {
  const figures = [
    { label: T.amount, value: order.amount },
    { label: T.paid, value: order.paid_amount },
    { label: T.owed, value: order.owed },
  ];
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {figures.map((figure) => (
          <Box key={figure.label} borderWidth="1px" borderRadius="md" px="3" py="2" data-testid={`payments-${figure.label}`}>
            <Text fontSize="xs" color="fg.muted">
              {figure.label}
            </Text>
            <Text fontSize="lg" fontWeight="semibold" whiteSpace="nowrap" color={figure.label === T.owed && order.owed > 0 ? 'red.fg' : undefined}>
              {formatVnd(figure.value)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <HStack gap="2" data-testid="payments-due">
        <Text>
          {T.dueDate}: {formatDate(order.due_date)}
        </Text>
        {order.overdue && <Tag palette="red">{T.overdue}</Tag>}
        {order.status === 'cancelled' && <Tag palette="gray">{T.cancelled}</Tag>}
      </HStack>
      {order.kind === 'renewal' && !order.lessons_credited && order.lessons !== null && <Text fontSize="sm">{T.renewalWaiting(order.lessons)}</Text>}
      {order.student_credit > 0 && (
        <Text fontSize="sm" color="green.fg" data-testid="payments-credit">
          {T.studentCredit(formatVnd(order.student_credit))}
        </Text>
      )}
    </Stack>
  );
}

/** The transfer's reference and, when the centre has a bank account and something is owed, its VietQR code. */
function Transfer({ order }: { order: OrderDetail }) {
  if (order.owed <= 0) return null;
  return (
    <Flex gap="4" align="center" direction={{ base: 'column', sm: 'row' }} borderWidth="1px" borderRadius="md" p="3">
      {order.vietqr && <QrCodeSvg text={order.vietqr} label={T.qrAlt(formatVnd(order.owed), order.reference)} />}
      <Text fontWeight="medium" wordBreak="break-all">
        {T.reference(order.reference)}
      </Text>
    </Flex>
  );
}

function ReceiptLink({ payment }: { payment: Payment }) {
  const [running, setRunning] = useState(false);
  const open = async () => {
    setRunning(true);
    try {
      await downloadReceipt(payment);
    } catch {
      notifyError(T.receiptFailed);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Button variant="plain" size="sm" px="0" h="auto" colorPalette="blue" color="colorPalette.fg" textDecoration="underline" onClick={() => void open()} loading={running} aria-label={T.receiptOf(payment.receipt_no)}>
      {T.receipt}
    </Button>
  );
}

interface PaymentsProps {
  payments: Payment[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** The confirmation that voids a payment, for one who may. */
  onVoid?: (payment: Payment) => ReactNode;
}

function Payments({ payments, loading, failed, onRetry, onVoid }: PaymentsProps) {
  const [phone] = useMediaQuery([PHONE_SCREEN], { ssr: false });
  // the payment whose void is being confirmed
  const [voiding, setVoiding] = useState<number | null>(null);
  const state = { loading, failed, onRetry, rowCount: payments.length, emptyText: T.empty };
  const confirming = payments.find((payment) => payment.payment_id === voiding && !payment.voided_at);
  const struck = (payment: Payment) => (payment.voided_at ? { textDecoration: 'line-through', color: 'fg.muted' } : {});
  const actions = (payment: Payment) => (
    <HStack gap="3">
      <ReceiptLink payment={payment} />
      {onVoid && !payment.voided_at && (
        <Button variant="plain" size="sm" px="0" h="auto" color="red.fg" onClick={() => setVoiding(payment.payment_id)} aria-label={T.voidOf(payment.receipt_no)}>
          {T.void}
        </Button>
      )}
    </HStack>
  );
  const creditPart = (payment: Payment) =>
    payment.credit_amount > 0 && (
      <Text fontSize="xs" color="fg.muted">
        {T.creditPart(formatVnd(payment.credit_amount))}
      </Text>
    );
  const voidReason = (payment: Payment) =>
    payment.voided_at && (
      <Text fontSize="sm" color="red.fg">
        {T.voided(payment.void_reason ?? '')}
      </Text>
    );
  const list = phone ? (
    <Stack gap="0" borderWidth="1px" borderRadius="md" role="list" aria-label={T.table}>
      <StateNotice {...state} />
      {payments.map((payment) => (
        <Box key={payment.payment_id} role="listitem" px="3" py="2" borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
          <HStack justify="space-between" align="baseline" {...struck(payment)}>
            <Text fontWeight="medium">{payment.receipt_no}</Text>
            <Text fontWeight="semibold">{formatVnd(payment.amount)}</Text>
          </HStack>
          {creditPart(payment)}
          <Text fontSize="sm" color="fg.muted" {...struck(payment)}>
            {formatDate(payment.paid_on)} · {PAYMENT_METHOD_LABELS[payment.method]} · {receiverOf(payment)}
          </Text>
          {voidReason(payment)}
          {actions(payment)}
        </Box>
      ))}
    </Stack>
  ) : (
    <Box borderWidth="1px" borderRadius="md" overflowX="auto">
      <Table.Root size="sm" aria-label={T.table} aria-busy={loading}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{T.columns.receiptNo}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.columns.paidOn}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.columns.method}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.columns.amount}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.columns.receivedBy}</Table.ColumnHeader>
            <Table.ColumnHeader>{T.columns.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {payments.map((payment) => (
            <Table.Row key={payment.payment_id}>
              <Table.Cell whiteSpace="nowrap">
                <Text {...struck(payment)}>{payment.receipt_no}</Text>
                {voidReason(payment)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" {...struck(payment)}>
                {formatDate(payment.paid_on)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" {...struck(payment)}>
                {PAYMENT_METHOD_LABELS[payment.method]}
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                <Text {...struck(payment)}>{formatVnd(payment.amount)}</Text>
                {creditPart(payment)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{receiverOf(payment)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{actions(payment)}</Table.Cell>
            </Table.Row>
          ))}
          <TableStateRow colSpan={6} {...state} />
        </Table.Body>
      </Table.Root>
    </Box>
  );
  return (
    <Stack gap="3">
      {list}
      {onVoid && confirming && (
        <Box key={confirming.payment_id}>
          {onVoid(confirming)}
          <Button variant="outline" size="sm" mt="2" onClick={() => setVoiding(null)}>
            {T.voidCancel}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

interface VoidValues {
  reason: string;
}

interface VoidFormProps {
  payment: Payment;
  send: NonNullable<OrderPaymentsDialogProps['onVoid']>;
  onChanged?: OrderPaymentsDialogProps['onChanged'];
  delayMs?: number;
}

const voidSchema = yupFromSchema(PaymentVoidBody, { fields: ['reason'] });

/** The small confirmation of a void: the required reason, then the payment stays listed, struck through. */
function VoidForm({ payment, send, onChanged, delayMs }: VoidFormProps) {
  const change = usePaymentChange(send, onChanged);
  return (
    <Stack gap="2" borderWidth="1px" borderColor="red.muted" borderRadius="md" p="3">
      <Text fontWeight="semibold">{T.voidTitle(payment.receipt_no)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {T.voidHint}
      </Text>
      <SubmitForm<VoidValues, OrderDetail>
        aria-label={T.voidOf(payment.receipt_no)}
        initialValues={{ reason: '' }}
        validationSchema={voidSchema}
        onSubmit={(values) => change.mutateAsync({ payment_id: payment.payment_id, reason: values.reason.trim() })}
        successMessage={T.voidDone}
        failureMessage={(error) => reasonOf(error, T.voidFailed)}
        delayMs={delayMs}
      >
        <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
          <Box flex="1">
            <FormField name="reason" label={T.voidReason} required />
          </Box>
          <Box pt={{ md: '6' }}>
            <SubmitButton colorPalette="red" w={{ base: 'full', md: 'auto' }}>
              {T.voidConfirm}
            </SubmitButton>
          </Box>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}

interface PaymentValues {
  amount: number | '';
  method: PaymentMethod;
  paid_on: string;
  note: string;
  excess_as_credit: boolean;
}

/**
 * A payment's rules: the request schema's, and the API's limits: not more than what is owed unless the
 * excess is kept as credit; from credit, not more than what is owed nor than the credit.
 */
function paymentSchema(owed: number, credit: number) {
  return yupFromSchema(PaymentCreateBody, { fields: ['amount', 'method', 'paid_on', 'note'] }).shape({
    amount: yupFieldFromSchema(PaymentCreateBody.properties.amount).test('within-limits', '', function check(value) {
      const { method, excess_as_credit: excess } = this.parent as PaymentValues;
      const amount = Number(value);
      if (method === 'credit') {
        if (amount > owed) return this.createError({ message: PAYMENT_TEXT.creditExcess });
        if (amount > credit) return this.createError({ message: PAYMENT_TEXT.creditNotEnough(credit) });
        return true;
      }
      return amount <= owed || excess === true || this.createError({ message: PAYMENT_TEXT.overpaid(owed) });
    }),
  });
}

interface PaymentFormProps {
  order: OrderDetail;
  send: NonNullable<OrderPaymentsDialogProps['onPay']>;
  onChanged?: OrderPaymentsDialogProps['onChanged'];
  delayMs?: number;
}

function PaymentForm({ order, send, onChanged, delayMs }: PaymentFormProps) {
  const change = usePaymentChange(send, onChanged);
  const schema = useMemo(() => paymentSchema(order.owed, order.student_credit), [order.owed, order.student_credit]);
  if (order.status === 'cancelled' || order.owed <= 0) {
    return (
      <Text borderTopWidth="1px" pt="4" color="fg.muted">
        {order.status === 'cancelled' ? PAYMENT_TEXT.orderCancelled : T.nothingOwed}
      </Text>
    );
  }
  const initialValues: PaymentValues = { amount: order.owed, method: 'cash', paid_on: '', note: '', excess_as_credit: false };
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">{T.payTitle}</Text>
      <SubmitForm<PaymentValues, OrderDetail>
        // (what is owed after a payment starts the form again, with the new amount)
        key={order.owed}
        aria-label={T.payTitle}
        initialValues={initialValues}
        validationSchema={schema}
        onSubmit={(values) => {
          const note = values.note.trim();
          return change.mutateAsync({
            order_id: order.order_id,
            amount: Number(values.amount),
            method: values.method,
            ...(values.paid_on ? { paid_on: values.paid_on } : {}),
            ...(note ? { note } : {}),
            ...(values.excess_as_credit && values.method !== 'credit' ? { excess_as_credit: true } : {}),
          });
        }}
        successMessage={T.payDone}
        failureMessage={(error) => reasonOf(error, T.payFailed)}
        delayMs={delayMs}
      >
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField name="amount" label={T.payAmount} type="number" required />
            <SelectField name="method" label={T.payMethod} options={methodOptions(order.student_credit)} required />
            <DateField name="paid_on" label={T.payDate} helperText={T.payDateHint} />
          </SimpleGrid>
          <FormField name="note" label={T.payNote} />
          <CheckboxField name="excess_as_credit" label={T.excessAsCredit} helperText={T.excessHint} />
          <Box>
            <SubmitButton w={{ base: 'full', md: 'auto' }}>{T.pay}</SubmitButton>
          </Box>
        </Stack>
      </SubmitForm>
    </Stack>
  );
}
