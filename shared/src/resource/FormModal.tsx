/**
 * The fullscreen create/edit form of a record: every form's flow (a 1-second wait, then the call;
 * success closes it with a toast, failure keeps it open with the reason in the form), titled sections,
 * cancel and submit. Create or edit is decided by the record given (edit when it has an id). The API's
 * own reason is shown where it is specific (403, 404, 409, 429), else the screen's generic text.
 * A record that may not be changed opens read-only: the reason on top, every field disabled, no submit.
 * A record opened for editing that the form's rules refuse as stored (a field filled in before a rule
 * existed) shows each such field's message at once: the submit stays disabled, and the form says why.
 */
import { reasonOf } from '@trungtam/shared/api';
import { Alert, Button, chakra, FullscreenModal, HStack, Stack, SubmitButton, SubmitForm, Text, type SubmitFormProps } from '@trungtam/shared/ui';
import { setNestedObjectValues, useFormikContext, type FormikProps, type FormikValues } from 'formik';
import { useEffect, type ReactNode } from 'react';
import { FORM_MODAL_TEXTS } from './formModalTexts';

export interface FormSection {
  title: string;
  content: ReactNode;
}

export interface FormModalTexts {
  createTitle: string;
  editTitle: string;
  createSubmit: string;
  editSubmit: string;
  /** The title of a record shown read-only (default: editTitle). */
  viewTitle?: string;
}


export interface FormModalProps<V extends FormikValues, T> {
  open: boolean;
  onClose: () => void;
  /** The record being edited; null to create one. */
  record: T | null;
  /** The record's id (a record without one, or with 0, is created). */
  recordId: (record: T) => number;
  texts: FormModalTexts;
  successMessages: { create: string; edit: string };
  /** Shown in the form when the call fails for a reason the API does not name. */
  failureMessages: { create: string; edit: string };
  initialValues: V;
  validationSchema: SubmitFormProps<V, T | null>['validationSchema'];
  create: (values: V) => Promise<T | null>;
  update: (record: T, values: V) => Promise<unknown>;
  /** After a successful create (with the new record) or update. */
  onSaved?: (mode: 'create' | 'edit', record: T | null) => void;
  delayMs?: number;
  sections: (formik: FormikProps<V>) => FormSection[];
  /** Shows the record without letting it change, with the reason why (`note`). */
  readOnly?: { note: string } | null;
  /** The form takes the screen's whole width rather than a reading width (a wide field, a matrix). */
  wide?: boolean;
  /** The part of the values a failure answers: once it changes, the failure's text goes (SubmitForm). */
  failureCause?: SubmitFormProps<V, T | null>['failureCause'];
}

export function FormModal<V extends FormikValues, T>({
  open,
  onClose,
  record,
  recordId,
  texts,
  successMessages,
  failureMessages,
  initialValues,
  validationSchema,
  create,
  update,
  onSaved,
  delayMs,
  sections,
  readOnly,
  wide,
  failureCause,
}: FormModalProps<V, T>) {
  const editing = record && recordId(record) > 0 ? record : null;
  const title = readOnly ? (texts.viewTitle ?? texts.editTitle) : editing ? texts.editTitle : texts.createTitle;
  return (
    <FullscreenModal open={open} onClose={onClose} title={title} initialFocus={readOnly ? 'close' : 'first-field'}>
      <SubmitForm<V, T | null>
        key={editing ? recordId(editing) : 'new'}
        aria-label={title}
        initialValues={initialValues}
        validationSchema={validationSchema}
        delayMs={delayMs}
        successMessage={editing ? successMessages.edit : successMessages.create}
        failureMessage={(error) => reasonOf(error, editing ? failureMessages.edit : failureMessages.create)}
        failureCause={failureCause}
        onSubmit={async (values) => {
          if (editing) {
            await update(editing, values);
            return null;
          }
          return create(values);
        }}
        onSuccess={(saved) => {
          onClose();
          onSaved?.(editing ? 'edit' : 'create', saved);
        }}
      >
        {(formik) => (
          <Stack gap="8" maxW={wide ? 'full' : '5xl'} mx="auto">
            {editing && !readOnly && <StoredRecordErrors />}
            {readOnly?.note && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{readOnly.note}</Alert.Title>
              </Alert.Root>
            )}
            {/* a disabled fieldset disables every control inside it, whatever the screen's fields are */}
            <chakra.fieldset disabled={!!readOnly} minW="0" border="0" p="0" m="0">
              <Stack gap="8">
                {sections(formik).map((section) => (
                  <Stack gap="4" key={section.title}>
                    <Text fontWeight="semibold" fontSize="md">
                      {section.title}
                    </Text>
                    {section.content}
                  </Stack>
                ))}
              </Stack>
            </chakra.fieldset>
            <HStack justify="flex-end" gap="3">
              <Button variant="outline" onClick={onClose}>
                {readOnly ? FORM_MODAL_TEXTS.close : FORM_MODAL_TEXTS.cancel}
              </Button>
              {!readOnly && <SubmitButton>{editing ? texts.editSubmit : texts.createSubmit}</SubmitButton>}
            </HStack>
          </Stack>
        )}
      </SubmitForm>
    </FullscreenModal>
  );
}

/** Marks the fields the edited record fails as touched as the form opens, so that their messages show. */
function StoredRecordErrors() {
  const { validateForm, setTouched } = useFormikContext();
  useEffect(() => {
    let open = true;
    void validateForm().then((errors) => {
      if (open && Object.keys(errors).length) void setTouched(setNestedObjectValues(errors, true), false);
    });
    return () => {
      open = false;
    };
    // (both are stable across renders: once, as the form opens)
  }, [validateForm, setTouched]);
  return null;
}
