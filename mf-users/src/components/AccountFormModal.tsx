/**
 * The fullscreen create/edit form of an account: the spec's form flow (SubmitForm), titled sections,
 * and cancel/submit buttons; create or edit by whether an account is given. Each feature gives its
 * values, requests, texts and extra sections.
 */
import { Button, FullscreenModal, HStack, Stack, SubmitButton, SubmitForm, Text, type SubmitFormProps } from '@trungtam/shared/ui';
import type { User } from '@trungtam/shared/contracts';
import { reasonOf } from '@trungtam/shared/api';
import { MESSAGES } from '@trungtam/shared/validation';
import type { FormikProps, FormikValues } from 'formik';
import type { ReactNode } from 'react';

export interface AccountFormSection {
  title: string;
  content: ReactNode;
}

export interface AccountFormModalProps<V extends FormikValues> {
  open: boolean;
  onClose: () => void;
  /** The account being edited; null to create one. */
  account: User | null;
  texts: { createTitle: string; editTitle: string; createSubmit: string; editSubmit: string };
  successMessages: { create: string; edit: string };
  initialValues: V;
  validationSchema: SubmitFormProps<V, User | null>['validationSchema'];
  create: (values: V) => Promise<User>;
  update: (id: number, values: V) => Promise<unknown>;
  /** After a successful create (with the new account) or update. */
  onSaved?: (mode: 'create' | 'edit', user: User | null) => void;
  delayMs?: number;
  sections: (formik: FormikProps<V>) => AccountFormSection[];
}

export const ACCOUNT_FORM_TEXTS = { cancel: 'Huỷ' } as const;

/** Edit mode: an existing account is given (the password field is hidden and not validated). */
export const isEditing = (account: User | null): account is User => !!account && account.id > 0;

export function AccountFormModal<V extends FormikValues>({
  open,
  onClose,
  account,
  texts,
  successMessages,
  initialValues,
  validationSchema,
  create,
  update,
  onSaved,
  delayMs,
  sections,
}: AccountFormModalProps<V>) {
  const editing = isEditing(account) ? account : null;
  const title = editing ? texts.editTitle : texts.createTitle;
  return (
    <FullscreenModal open={open} onClose={onClose} title={title}>
      <SubmitForm<V, User | null>
        key={account?.id ?? 'new'}
        aria-label={title}
        initialValues={initialValues}
        validationSchema={validationSchema}
        delayMs={delayMs}
        successMessage={editing ? successMessages.edit : successMessages.create}
        failureMessage={(error) => reasonOf(error, editing ? MESSAGES.accountUpdateFailed : MESSAGES.accountCreateFailed)}
        onSubmit={async (values) => {
          if (editing) {
            await update(editing.id, values);
            return null;
          }
          return create(values);
        }}
        onSuccess={(user) => {
          onClose();
          onSaved?.(editing ? 'edit' : 'create', user);
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
              <SubmitButton>{editing ? texts.editSubmit : texts.createSubmit}</SubmitButton>
            </HStack>
          </Stack>
        )}
      </SubmitForm>
    </FullscreenModal>
  );
}
