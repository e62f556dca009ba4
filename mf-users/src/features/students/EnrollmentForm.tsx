/**
 * Add or edit one enrolment of a student. The class and discount selects apply the form's rules
 * (enrollment.ts); the class is locked and the learned lessons closed while editing.
 */
import type {
  Discount,
  Enrollment,
  EnrollmentCreateRequest,
  EnrollmentUpdateRequest,
  LearningClass,
} from '@trungtam/shared/contracts/learning';
import { Button, DateField, Field, FormField, HStack, NativeSelect, SimpleGrid, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { reasonOf } from '@trungtam/shared/api';
import { MESSAGES } from '@trungtam/shared/validation';
import { useField, useFormikContext } from 'formik';
import { useMemo } from 'react';
import type { EnrollmentFormValues } from './types';
import {
  EMPTY_ENROLLMENT_FORM,
  applyClass,
  classLabel,
  applyDiscount,
  discountsForClass,
  enrollmentSchemaFor,
  toEnrollmentCreateRequest,
  toEnrollmentFormValues,
  toEnrollmentUpdateRequest,
} from './enrollment';

export const ENROLLMENT_FORM_TEXTS = {
  classLabel: 'Lớp học',
  classPlaceholder: 'Chọn lớp học',
  discountLabel: 'Hình thức khuyến mại',
  discountPlaceholder: 'Chọn hình thức khuyến mại',
  totalLabel: 'Tổng số buổi của khoá',
  percentLabel: 'Khuyến mại (%)',
  bonusLabel: 'Số buổi tặng',
  learnedLabel: 'Số buổi đã học',
  startLabel: 'Tính từ ngày',
  startHelp: 'Để trống: tính từ hôm nay. Học viên vào lớp đang học: chọn ngày đã qua (không trước ngày lớp bắt đầu) để điểm danh các buổi từ ngày đó.',
  add: 'Gán vào lớp',
  update: 'Cập nhật lớp',
  cancelEdit: 'Huỷ sửa',
} as const;

/** A select whose change runs a rule over the whole form (class → totals, discount → percent). */
function RuleSelect({
  name,
  label,
  placeholder,
  options,
  disabled,
  onPick,
}: {
  name: 'class_id' | 'discount_id';
  label: string;
  placeholder: string;
  options: Array<{ value: number; label: string }>;
  disabled?: boolean;
  onPick: (values: EnrollmentFormValues, id: number) => EnrollmentFormValues;
}) {
  const { values, setValues, submitCount } = useFormikContext<EnrollmentFormValues>();
  const [field, meta, helpers] = useField<number>(name);
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Field.Root invalid={!!error} required disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={name}
          value={String(field.value ?? 0)}
          onChange={(event) => {
            void setValues(onPick(values, Number(event.target.value)), true);
            void helpers.setTouched(true, false);
          }}
          onBlur={field.onBlur}
        >
          <option value="0">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function ReadOnlyValue({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap="1.5">
      <Text fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <Text py="2" px="3" borderWidth="1px" borderRadius="md" bg="bg.muted" data-testid={`value-${label}`}>
        {value}
      </Text>
    </Stack>
  );
}

export interface EnrollmentFormProps {
  userId: number;
  /** The enrolment being edited; null to add one. */
  editing: Enrollment | null;
  classes: LearningClass[];
  discounts: Discount[];
  onCreate: (body: EnrollmentCreateRequest) => Promise<unknown>;
  onUpdate: (body: EnrollmentUpdateRequest) => Promise<unknown>;
  /** After a successful save (the form resets to "add"). */
  onDone: () => void;
  delayMs?: number;
}

export function EnrollmentForm({ userId, editing, classes, discounts, onCreate, onUpdate, onDone, delayMs }: EnrollmentFormProps) {
  const isEdit = !!editing;
  const initialValues = useMemo(() => (editing ? toEnrollmentFormValues(editing) : EMPTY_ENROLLMENT_FORM), [editing]);
  const schema = useMemo(() => enrollmentSchemaFor(classes, editing?.start_date), [classes, editing]);
  const classOptions = classes.map((cls) => ({ value: cls.class_id, label: classLabel(cls) }));
  // an edited enrolment's class stays listed even when it has left the choices
  if (editing && !classes.some((c) => c.class_id === editing.class_id)) {
    classOptions.unshift({ value: editing.class_id, label: editing.class?.class_name ?? `#${editing.class_id}` });
  }

  return (
    <SubmitForm<EnrollmentFormValues, unknown>
      key={editing?.enrollment_id ?? 'new'}
      aria-label={isEdit ? ENROLLMENT_FORM_TEXTS.update : ENROLLMENT_FORM_TEXTS.add}
      initialValues={initialValues}
      validationSchema={schema}
      delayMs={delayMs}
      successMessage={isEdit ? MESSAGES.enrollmentUpdated : MESSAGES.enrollmentAdded}
      failureMessage={(error) => reasonOf(error, MESSAGES.enrollmentSaveFailed)}
      onSubmit={(values) =>
        editing ? onUpdate(toEnrollmentUpdateRequest(editing, values)) : onCreate(toEnrollmentCreateRequest(userId, values))
      }
      onSuccess={onDone}
    >
      {({ values }) => {
        const chosen = classes.find((c) => c.class_id === values.class_id);
        const discountOptions = discountsForClass(chosen, discounts).map((d) => ({
          value: d.discount_id,
          label: d.name.includes('%') ? d.name : `${d.name} (${d.discount_percent}%)`,
        }));
        return (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <RuleSelect
                name="class_id"
                label={ENROLLMENT_FORM_TEXTS.classLabel}
                placeholder={ENROLLMENT_FORM_TEXTS.classPlaceholder}
                options={classOptions}
                disabled={isEdit}
                onPick={(v, id) => applyClass(v, id, classes)}
              />
              <RuleSelect
                name="discount_id"
                label={ENROLLMENT_FORM_TEXTS.discountLabel}
                placeholder={ENROLLMENT_FORM_TEXTS.discountPlaceholder}
                options={discountOptions}
                onPick={(v, id) => applyDiscount(v, id, discounts)}
              />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <ReadOnlyValue label={ENROLLMENT_FORM_TEXTS.totalLabel} value={values.total_lesson} />
              <ReadOnlyValue label={ENROLLMENT_FORM_TEXTS.percentLabel} value={values.total_discount_percent} />
              <FormField name="total_lesson_promote" type="number" label={ENROLLMENT_FORM_TEXTS.bonusLabel} />
              <FormField name="total_lesson_learned" type="number" label={ENROLLMENT_FORM_TEXTS.learnedLabel} disabled={isEdit} />
            </SimpleGrid>
            <DateField name="start_date" label={ENROLLMENT_FORM_TEXTS.startLabel} helperText={ENROLLMENT_FORM_TEXTS.startHelp} />
            <HStack justify="flex-end" gap="3">
              {isEdit && (
                <Button variant="outline" onClick={onDone}>
                  {ENROLLMENT_FORM_TEXTS.cancelEdit}
                </Button>
              )}
              <SubmitButton>{isEdit ? ENROLLMENT_FORM_TEXTS.update : ENROLLMENT_FORM_TEXTS.add}</SubmitButton>
            </HStack>
          </Stack>
        );
      }}
    </SubmitForm>
  );
}
