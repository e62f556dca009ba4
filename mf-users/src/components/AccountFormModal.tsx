/**
 * The fullscreen create/edit form of an account: the spec's form flow (SubmitForm), titled sections,
 * and cancel/submit buttons. Each feature gives its values, requests, texts and extra sections.
 */
import { Button, FullscreenModal, HStack, Stack, SubmitButton, SubmitForm, Text, type SubmitFormProps } from '@trungtam/shared/ui';
import type { FormikProps, FormikValues } from 'formik';
import type { ReactNode } from 'react';

export interface AccountFormSection {
  title: string;
  content: ReactNode;
}

export interface AccountFormModalProps<V extends FormikValues, R> {
  open: boolean;
  onClose: () => void;
  title: string;
  submitText: string;
  /** Resets the form when it changes (the edited account's id, or 'new'). */
  formKey: string | number;
  initialValues: V;
  validationSchema: SubmitFormProps<V, R>['validationSchema'];
  onSubmit: (values: V) => Promise<R>;
  successMessage: string;
  failureMessage: string;
  onSuccess?: (result: R, values: V) => void;
  delayMs?: number;
  sections: (formik: FormikProps<V>) => AccountFormSection[];
}

export const ACCOUNT_FORM_TEXTS = { cancel: 'Huỷ' } as const;

export function AccountFormModal<V extends FormikValues, R>({
  open,
  onClose,
  title,
  submitText,
  formKey,
  initialValues,
  validationSchema,
  onSubmit,
  successMessage,
  failureMessage,
  onSuccess,
  delayMs,
  sections,
}: AccountFormModalProps<V, R>) {
  return (
    <FullscreenModal open={open} onClose={onClose} title={title}>
      <SubmitForm<V, R>
        key={formKey}
        aria-label={title}
        initialValues={initialValues}
        validationSchema={validationSchema}
        delayMs={delayMs}
        successMessage={successMessage}
        failureMessage={failureMessage}
        onSubmit={onSubmit}
        onSuccess={(result, values) => {
          onClose();
          onSuccess?.(result, values);
        }}
      >
        {(formik) => (
          <Stack gap="8" maxW="5xl" mx="auto">
            {sections(formik).map((section) => (
              <Stack gap="4" key={section.title}>
                <Text fontWeight="semibold" fontSize="md">
                  {section.title}
                </Text>
                {section.content}
              </Stack>
            ))}
            <HStack justify="flex-end" gap="3">
              <Button variant="outline" onClick={onClose}>
                {ACCOUNT_FORM_TEXTS.cancel}
              </Button>
              <SubmitButton>{submitText}</SubmitButton>
            </HStack>
          </Stack>
        )}
      </SubmitForm>
    </FullscreenModal>
  );
}
