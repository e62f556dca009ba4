/**
 * The decisions on one statement line: "Gán đơn hàng" records its amount as a payment of the order staff
 * name (its number, or the transfer reference TT… as the payer wrote it), with a payment's checks; "Bỏ qua"
 * marks it as no order's payment, with the reason. The API's refusal (more than the order owes, an order
 * out of reach, a line already recorded) stays in the dialog.
 */
import { api, apiErrorOf, refusalOf } from '@trungtam/shared/api';
import type { ApiData } from '@trungtam/shared/contracts';
import { BANK_STATEMENT_LIMITS as L, BANK_STATEMENT_TEXT as BT, type StatementLine } from '@trungtam/shared/contracts/bankStatements';
import { formatVnd } from '@trungtam/shared/contracts/payments';
import { formatDate } from '@trungtam/shared/format';
import { Alert, Button, Dialog, Fact, Field, Input, notifySuccess, RecordDialog, SimpleGrid, Spinner, Stack, Textarea } from '@trungtam/shared/ui';
import { useState, type ReactNode } from 'react';

export const LINE_DIALOG_TEXTS = {
  assignTitle: 'Gán dòng sao kê cho đơn hàng',
  ignoreTitle: 'Bỏ qua dòng sao kê',
  date: 'Ngày',
  amount: 'Số tiền',
  description: 'Nội dung',
  order: 'Mã đơn hàng hoặc mã thanh toán',
  orderHelp: 'Ví dụ: 1024 hoặc TT0000100ABC',
  reason: 'Lý do',
  assign: 'Ghi nhận thanh toán',
  ignore: 'Bỏ qua dòng này',
  cancel: 'Huỷ',
  close: 'Đóng',
  assigned: (orderId: number) => `Đã ghi nhận thanh toán cho đơn hàng #${orderId}`,
  ignored: 'Đã bỏ qua dòng sao kê',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;
const D = LINE_DIALOG_TEXTS;

interface LineDialogProps {
  line: StatementLine | null;
  onClose: () => void;
  onDone: () => void;
}

function LineFacts({ line }: { line: StatementLine }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
      <Fact label={D.date}>{formatDate(line.posted_on)}</Fact>
      <Fact label={D.amount}>{formatVnd(line.amount)}</Fact>
      <Fact label={D.description}>{line.description}</Fact>
    </SimpleGrid>
  );
}

/** The dialog's frame: the line, the field, the refusal, and the two buttons. */
function LineDialog({
  line,
  onClose,
  title,
  submitLabel,
  onSubmit,
  children,
}: {
  line: StatementLine | null;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** Sends the decision; resolves to an error text to show, or null when done. */
  onSubmit: () => Promise<string | null>;
  children: ReactNode;
}) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    setFailure(null);
    const problem = await onSubmit();
    setSending(false);
    if (problem) setFailure(problem);
  };
  return (
    <RecordDialog open={!!line} onClose={onClose} closeLabel={D.close}>
      {line && (
        <>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="4">
              <LineFacts line={line} />
              {children}
              {failure && (
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              )}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose} disabled={sending}>
              {D.cancel}
            </Button>
            <Button colorPalette="blue" onClick={() => void send()} disabled={sending}>
              {sending && <Spinner size="sm" aria-hidden="true" />}
              {submitLabel}
            </Button>
          </Dialog.Footer>
        </>
      )}
    </RecordDialog>
  );
}

/** A refusal's text: its field's message when it names one, else the API's reason. */
const refusalText = (error: unknown) => Object.values(apiErrorOf(error)?.fields ?? {})[0] ?? refusalOf(error, D.failed);

export function AssignLineDialog({ line, onClose, onDone }: LineDialogProps) {
  const [order, setOrder] = useState('');
  const [touched, setTouched] = useState(false);
  const text = order.trim();
  const close = () => {
    setOrder('');
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (!line || !text) return null;
    const body = /^\d{1,10}$/.test(text) ? { line_id: line.line_id, order_id: Number(text) } : { line_id: line.line_id, reference: text };
    try {
      const response = await api.post<ApiData<StatementLine>>('/learning/bank-statement/line/assign', body);
      notifySuccess(D.assigned(response.data.data.order?.order_id ?? 0));
      onDone();
      close();
      return null;
    } catch (error) {
      return refusalText(error);
    }
  };
  return (
    <LineDialog key={line?.line_id ?? 0} line={line} onClose={close} title={D.assignTitle} submitLabel={D.assign} onSubmit={submit}>
      <Field.Root required invalid={touched && !text}>
        <Field.Label>
          {D.order}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={order} maxLength={40} placeholder={D.orderHelp} onChange={(event) => setOrder(event.target.value)} />
        {touched && !text && <Field.ErrorText>{BT.lineOrder}</Field.ErrorText>}
      </Field.Root>
    </LineDialog>
  );
}

export function IgnoreLineDialog({ line, onClose, onDone }: LineDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const text = reason.trim();
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (!line || !text) return null;
    try {
      await api.post<ApiData<StatementLine>>('/learning/bank-statement/line/ignore', { line_id: line.line_id, reason: text });
      notifySuccess(D.ignored);
      onDone();
      close();
      return null;
    } catch (error) {
      return refusalText(error);
    }
  };
  return (
    <LineDialog key={line?.line_id ?? 0} line={line} onClose={close} title={D.ignoreTitle} submitLabel={D.ignore} onSubmit={submit}>
      <Field.Root required invalid={touched && !text}>
        <Field.Label>
          {D.reason}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={reason} maxLength={L.reasonMax} onChange={(event) => setReason(event.target.value)} />
        {touched && !text && <Field.ErrorText>{BT.reason}</Field.ErrorText>}
      </Field.Root>
    </LineDialog>
  );
}
