/**
 * The dialogs of the account lists' bulk actions that need more than the rows chosen (accountBulk.tsx):
 * a message (its title and text, as a composed notification takes them) and, for students, the class and
 * discount to enrol them with. Each sends one bulk call and hands its answer on (the bar reports it).
 * Downloaded when first opened.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { api, reasonOf } from '@trungtam/shared/api';
import type { ApiData, BulkResult } from '@trungtam/shared/contracts';
import { NOTIFICATION_LIMITS } from '@trungtam/shared/contracts/notifications';
import { NOTIFICATION_TEXT } from '@trungtam/shared/schemas/notifications';
import type { BulkDialogProps } from '@trungtam/shared/resource';
import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Textarea } from '@trungtam/shared/ui';
import { classLabel, discountsForClass } from '../features/students/enrollment';
import { useClassChoices, useDiscounts } from '../features/students/enrollmentApi';

export const BULK_DIALOG_TEXTS = {
  messageTitle: (count: number) => `Gửi thông báo cho ${count} tài khoản`,
  name: 'Tiêu đề',
  message: 'Nội dung',
  send: 'Gửi',
  enrolTitle: (count: number) => `Xếp ${count} học viên vào lớp`,
  classLabel: 'Lớp học',
  classPlaceholder: 'Chọn lớp học',
  classRequired: 'Cần chọn lớp học',
  discountLabel: 'Khuyến mại',
  discountPlaceholder: 'Chọn khuyến mại',
  discountRequired: 'Cần chọn khuyến mại',
  enrol: 'Xếp lớp',
  cancel: 'Huỷ',
  failed: 'Có lỗi với hệ thống, mời bạn thử lại sau',
} as const;

async function postBulk(path: string, body: unknown): Promise<BulkResult> {
  return (await api.post<ApiData<BulkResult>>(path, body)).data.data;
}

/** A dialog with a form: its fields, its submit, the API's refusal of the whole call under them. */
function BulkFormDialog({ open, onClose, title, submitLabel, submit, children }: {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** The call, or null when a field is refused (its message is shown by the field). */
  submit: () => Promise<void> | null;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = () => {
    const call = submit();
    if (!call) return;
    setPending(true);
    setFailure(null);
    call.then(
      () => setPending(false),
      (error: unknown) => {
        setPending(false);
        setFailure(reasonOf(error, BULK_DIALOG_TEXTS.failed));
      },
    );
  };
  return (
    <Dialog.Root open={open} placement="center" size="md" onOpenChange={(event) => !event.open && !pending && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              style={{ display: 'contents' }}
              // (the fields' own messages, not the browser's)
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send();
              }}
            >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {children}
                {failure && (
                  <p role="alert" style={{ color: 'var(--chakra-colors-fg-error)' }}>
                    {failure}
                  </p>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={pending}>
                {BULK_DIALOG_TEXTS.cancel}
              </Button>
              <Button type="submit" loading={pending}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** "Gửi thông báo": a title and a text to every account chosen that the user may write to. */
export function BulkMessageDialog({ open, selection, count, onClose, onDone }: BulkDialogProps) {
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const nameProblem = !name.trim() ? NOTIFICATION_TEXT.nameRequired : name.length > NOTIFICATION_LIMITS.name ? NOTIFICATION_TEXT.nameMax : null;
  const messageProblem = !message.trim() ? NOTIFICATION_TEXT.messageRequired : message.length > NOTIFICATION_LIMITS.message ? NOTIFICATION_TEXT.messageMax : null;
  return (
    <BulkFormDialog
      open={open}
      onClose={onClose}
      title={BULK_DIALOG_TEXTS.messageTitle(count)}
      submitLabel={BULK_DIALOG_TEXTS.send}
      submit={() => {
        setTried(true);
        if (nameProblem || messageProblem) return null;
        return postBulk('/user/bulk-message', { ...selection, name: name.trim(), message: message.trim() }).then(onDone);
      }}
    >
      <Field.Root invalid={tried && !!nameProblem} required>
        <Field.Label>{BULK_DIALOG_TEXTS.name}</Field.Label>
        <Input value={name} maxLength={NOTIFICATION_LIMITS.name} onChange={(event) => setName(event.target.value)} />
        <Field.ErrorText>{nameProblem}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={tried && !!messageProblem} required>
        <Field.Label>{BULK_DIALOG_TEXTS.message}</Field.Label>
        <Textarea rows={5} value={message} maxLength={NOTIFICATION_LIMITS.message} onChange={(event) => setMessage(event.target.value)} />
        <Field.ErrorText>{messageProblem}</Field.ErrorText>
      </Field.Root>
    </BulkFormDialog>
  );
}

/** "Xếp lớp": the class and the discount the students chosen are enrolled with, each as the single enrolment. */
export function BulkEnrolDialog({ open, selection, count, onClose, onDone }: BulkDialogProps) {
  const classes = useClassChoices(open);
  const discounts = useDiscounts(open);
  const [classId, setClassId] = useState(0);
  const [discountId, setDiscountId] = useState(0);
  const [tried, setTried] = useState(false);
  const chosen = classes.data?.find((cls) => cls.class_id === classId);
  const discountOptions = useMemo(() => discountsForClass(chosen, discounts.data ?? []), [chosen, discounts.data]);
  return (
    <BulkFormDialog
      open={open}
      onClose={onClose}
      title={BULK_DIALOG_TEXTS.enrolTitle(count)}
      submitLabel={BULK_DIALOG_TEXTS.enrol}
      submit={() => {
        setTried(true);
        if (!classId || !discountId) return null;
        return postBulk('/user/bulk-enroll', { ...selection, class_id: classId, discount_id: discountId }).then(onDone);
      }}
    >
      <Field.Root invalid={tried && !classId} required>
        <Field.Label>{BULK_DIALOG_TEXTS.classLabel}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={classId}
            onChange={(event) => {
              setClassId(Number(event.target.value));
              setDiscountId(0);
            }}
          >
            <option value={0}>{BULK_DIALOG_TEXTS.classPlaceholder}</option>
            {(classes.data ?? []).map((cls) => (
              <option key={cls.class_id} value={cls.class_id}>
                {classLabel(cls)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{BULK_DIALOG_TEXTS.classRequired}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={tried && !discountId} required>
        <Field.Label>{BULK_DIALOG_TEXTS.discountLabel}</Field.Label>
        <NativeSelect.Root disabled={!chosen}>
          <NativeSelect.Field value={discountId} onChange={(event) => setDiscountId(Number(event.target.value))}>
            <option value={0}>{BULK_DIALOG_TEXTS.discountPlaceholder}</option>
            {discountOptions.map((discount) => (
              <option key={discount.discount_id} value={discount.discount_id}>
                {discount.name.includes('%') ? discount.name : `${discount.name} (${discount.discount_percent}%)`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{BULK_DIALOG_TEXTS.discountRequired}</Field.ErrorText>
      </Field.Root>
    </BulkFormDialog>
  );
}
