/**
 * The add / edit form of one guardian of a student, inside the student's "Phụ huynh" view: name,
 * relationship, phone, e-mail, the channel messages go by, how messages address them, and the kinds they do
 * not want. A refusal the API ties to a field (a phone it does not take) shows on that field.
 */
import { reasonOf } from '@trungtam/shared/api';
import type { Guardian, GuardianCreateRequest } from '@trungtam/shared/contracts/familyMessages';
import { Button, CheckboxGroupField, FormField, HStack, SelectField, SimpleGrid, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { useMemo } from 'react';
import {
  ADDRESS_OPTIONS,
  CHANNEL_OPTIONS,
  EMPTY_GUARDIAN_FORM,
  guardianSchema,
  OPT_OUT_OPTIONS,
  toGuardianFormValues,
  toGuardianRequest,
  type GuardianFormValues,
} from './guardianPayload';

export const GUARDIAN_FORM_TEXTS = {
  addTitle: 'Thêm phụ huynh',
  editTitle: (name: string) => `Sửa thông tin phụ huynh ${name}`,
  name: 'Họ tên phụ huynh',
  relationship: 'Quan hệ với học viên',
  relationshipPlaceholder: 'Ví dụ: Mẹ, Bố, Bà',
  phone: 'Số điện thoại',
  email: 'Email',
  contactHint: 'Cần số điện thoại hoặc email',
  channel: 'Nhận tin qua',
  addressAs: 'Xưng hô trong tin',
  optedOut: 'Không nhận các loại tin',
  shared: (names: string) => `Phụ huynh này cũng là phụ huynh của ${names}: thay đổi áp dụng cho cả các học viên đó.`,
  add: 'Thêm phụ huynh',
  save: 'Lưu phụ huynh',
  cancel: 'Huỷ',
  added: 'Bạn đã thêm phụ huynh thành công',
  updated: 'Bạn đã cập nhật phụ huynh thành công',
  failed: 'Không lưu được phụ huynh, mời bạn thử lại',
} as const;
const T = GUARDIAN_FORM_TEXTS;

export interface GuardianFormProps {
  studentId: number;
  /** The guardian edited; null to add one. */
  guardian: Guardian | null;
  onCreate: (body: GuardianCreateRequest) => Promise<unknown>;
  onUpdate: (body: GuardianCreateRequest & { id: number }) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
  delayMs?: number;
}

export function GuardianForm({ studentId, guardian, onCreate, onUpdate, onDone, onCancel, delayMs }: GuardianFormProps) {
  const initialValues = useMemo(() => (guardian ? toGuardianFormValues(guardian) : EMPTY_GUARDIAN_FORM), [guardian]);
  const title = guardian ? T.editTitle(guardian.name) : T.addTitle;
  const others = guardian?.students.filter((student) => student.id !== studentId) ?? [];
  return (
    <SubmitForm<GuardianFormValues>
      aria-label={title}
      initialValues={initialValues}
      validationSchema={guardianSchema}
      delayMs={delayMs}
      successMessage={guardian ? T.updated : T.added}
      failureMessage={(error) => reasonOf(error, T.failed)}
      onSubmit={(values) => {
        const body = toGuardianRequest(studentId, values);
        return guardian ? onUpdate({ ...body, id: guardian.id }) : onCreate(body);
      }}
      onSuccess={onDone}
    >
      <Stack gap="4">
        <Text fontWeight="semibold">{title}</Text>
        {others.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {T.shared(others.map((student) => student.name).join(', '))}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField name="name" label={T.name} required autoComplete="off" />
          <FormField name="relationship" label={T.relationship} placeholder={T.relationshipPlaceholder} autoComplete="off" />
          <FormField name="phone" type="tel" label={T.phone} helperText={T.contactHint} autoComplete="off" />
          <FormField name="email" type="email" label={T.email} helperText={T.contactHint} autoComplete="off" />
          <SelectField name="preferred_channel" label={T.channel} options={CHANNEL_OPTIONS} required />
          <SelectField name="address_as" label={T.addressAs} options={ADDRESS_OPTIONS} required />
        </SimpleGrid>
        <CheckboxGroupField name="opted_out" label={T.optedOut} options={OPT_OUT_OPTIONS} columns={3} />
        <HStack justify="flex-end" gap="3" wrap="wrap">
          <Button variant="outline" onClick={onCancel}>
            {T.cancel}
          </Button>
          <SubmitButton>{guardian ? T.save : T.add}</SubmitButton>
        </HStack>
      </Stack>
    </SubmitForm>
  );
}
