/**
 * One template's editor (a kind on a channel): its subject and body, the kind's placeholders (a click puts
 * `{name}` where the cursor was, in the subject or the body), and a preview of the unsaved text filled for
 * a real student picked from a search (POST /learning/message-template/preview: the subject, the text and
 * whom it would reach). The text is checked with the API's rules: its limits and messages, and a
 * placeholder the kind does not offer is refused in the form, naming it; a refusal of the API shows on its
 * field too. Without MessageTemplate Update the editor only shows the text (the preview stays).
 */
import { fieldErrorsOf, refusalOf } from '@trungtam/shared/api';
import { MESSAGE_PLACEHOLDERS, TEMPLATE_TEXT, unknownPlaceholders, type FamilyMessageKind, type MessageChannel, type MessageTemplate } from '@trungtam/shared/contracts/familyMessages';
import { yupFieldFromSchema } from '@trungtam/shared/forms';
import { AccountPicker } from '@trungtam/shared/resource';
import { MessageTemplateUpdateBody } from '@trungtam/shared/schemas/familyMessages';
import {
  Alert,
  Box,
  Button,
  Fact,
  Field,
  FullscreenModal,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  SubmitButton,
  SubmitForm,
  Text,
  Textarea,
  showApiFieldErrors,
} from '@trungtam/shared/ui';
import { useField, useFormikContext } from 'formik';
import { useRef, type ReactNode, type RefObject } from 'react';
import * as yup from 'yup';
import { usePreview, useSaveTemplate, type TemplateList } from './api';
import { channelLabel, kindLabel, MESSAGE_TEMPLATES_TEXTS as T } from './texts';

export interface TemplateValues {
  subject: string;
  body: string;
  /** The student of the preview (0: none yet), and how they read in the picker. */
  student_id: number;
  student_label: string;
}

type TextName = 'subject' | 'body';

/** The API's rules for a template's subject and body (its limits and messages), and on top the kind's placeholders only. */
export function templateSchema(kind: FamilyMessageKind) {
  const knownOnly = (name: TextName) =>
    yupFieldFromSchema(MessageTemplateUpdateBody.properties[name]).test('placeholders', '', function known(value: unknown) {
      const unknown = unknownPlaceholders(kind, typeof value === 'string' ? value : '');
      return unknown.length === 0 || this.createError({ message: TEMPLATE_TEXT.unknownPlaceholder(unknown) });
    });
  return yup.object({ subject: knownOnly('subject'), body: knownOnly('body') });
}

/** The subject and the body as the API keeps them (it drops the body's trailing blanks). */
const textOf = (values: TemplateValues) => ({ subject: values.subject.trim(), body: values.body.trimEnd() });

/**
 * The subject or the body: an input that tells the editor where its cursor is. Its message shows as soon
 * as the text differs from the saved one (an unknown placeholder is said while typing, not on sending).
 */
function TemplateTextField({
  name,
  label,
  inputRef,
  onFocus,
  readOnly,
  multiline,
}: {
  name: TextName;
  label: string;
  inputRef: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  onFocus: () => void;
  readOnly: boolean;
  multiline?: boolean;
}) {
  const [field, meta] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0 || field.value !== meta.initialValue) && meta.error ? meta.error : undefined;
  const common = { name, value: field.value, onChange: field.onChange, onBlur: field.onBlur, onFocus, readOnly };
  return (
    <Field.Root invalid={!!error} required={!readOnly}>
      <Field.Label>
        {label}
        {!readOnly && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea {...common} ref={inputRef as RefObject<HTMLTextAreaElement>} rows={12} fontFamily="inherit" />
      ) : (
        <Input {...common} ref={inputRef as RefObject<HTMLInputElement>} />
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Text fontWeight="semibold" fontSize="md">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** The kind's placeholders; a click inserts one at the cursor of the field last focused (the body at first). */
function Placeholders({ placeholders, onInsert, readOnly }: { placeholders: Record<string, string>; onInsert: (name: string) => void; readOnly: boolean }) {
  return (
    <Section title={T.placeholders}>
      <Text fontSize="sm" color="fg.muted">
        {readOnly ? T.placeholdersReadOnly : T.placeholdersHelp}
      </Text>
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {Object.entries(placeholders).map(([name, description]) => (
          <HStack as="li" key={name} gap="3" align="center">
            {readOnly ? (
              <Text as="code" fontSize="sm" fontFamily="mono" flexShrink={0}>
                {`{${name}}`}
              </Text>
            ) : (
              <Button size="xs" variant="outline" fontFamily="mono" flexShrink={0} aria-label={T.insert(name)} onClick={() => onInsert(name)}>
                {`{${name}}`}
              </Button>
            )}
            <Text fontSize="sm" color="fg.muted">
              {description}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Section>
  );
}

/** The unsaved text filled for a student picked from a search. */
function Preview({ kind }: { kind: FamilyMessageKind }) {
  const formik = useFormikContext<TemplateValues>();
  const preview = usePreview();
  const { values, errors } = formik;
  const ready = values.student_id > 0 && !errors.subject && !errors.body;
  const run = () =>
    preview.mutate(
      { kind, ...textOf(values), student_id: values.student_id },
      // (a placeholder refused by the API shows on its field, as a save's refusal does)
      { onError: (error) => void showApiFieldErrors(formik, error, ['subject', 'body']) },
    );
  const failure = preview.isError && !fieldErrorsOf(preview.error, ['subject', 'body']) ? refusalOf(preview.error, T.previewFailed) : null;
  return (
    <Section title={T.preview}>
      <Text fontSize="sm" color="fg.muted">
        {T.previewHelp}
      </Text>
      <AccountPicker name="student_id" labelName="student_label" type="student" required={false} texts={{ search: T.studentSearch, field: T.student, placeholder: T.studentPlaceholder, none: T.studentNone }} />
      <Box>
        <Button variant="outline" colorPalette="blue" onClick={run} disabled={!ready || preview.isPending}>
          {preview.isPending && <Spinner size="sm" aria-hidden="true" />}
          {T.previewButton}
        </Button>
      </Box>
      {failure && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      {preview.data && !preview.isPending && (
        <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" role="region" aria-label={T.previewResult}>
          <Fact label={T.previewRecipient}>{preview.data.recipient ?? <Text color="fg.warning">{T.previewNoRecipient}</Text>}</Fact>
          <Fact label={T.previewSubject}>
            <Text fontWeight="medium">{preview.data.subject}</Text>
          </Fact>
          <Fact label={T.previewText}>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {preview.data.text}
            </Text>
          </Fact>
        </Stack>
      )}
    </Section>
  );
}

function EditorForm({ template, list, readOnly, onClose }: { template: MessageTemplate; list: TemplateList | undefined; readOnly: boolean; onClose: () => void }) {
  const formik = useFormikContext<TemplateValues>();
  const kind = template.kind as FamilyMessageKind;
  const placeholders = list?.placeholders[kind] ?? MESSAGE_PLACEHOLDERS[kind] ?? {};
  const subjectRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const bodyRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const lastField = useRef<TextName>('body');

  const insert = (name: string) => {
    const target = lastField.current;
    const element = (target === 'subject' ? subjectRef : bodyRef).current;
    const value = formik.values[target];
    const token = `{${name}}`;
    // where the cursor was when the field was left (an input keeps its selection)
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? start;
    void formik.setFieldValue(target, value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    // Enter in an input (the student's search) does not save the template: saving is the button's alone
    <Stack gap="6" maxW="6xl" mx="auto" onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT' && event.preventDefault()}>
      {readOnly && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{T.readOnly}</Alert.Title>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="8">
        <Stack gap="5">
          <TemplateTextField name="subject" label={T.subject} inputRef={subjectRef} onFocus={() => (lastField.current = 'subject')} readOnly={readOnly} />
          <TemplateTextField name="body" label={T.body} inputRef={bodyRef} onFocus={() => (lastField.current = 'body')} readOnly={readOnly} multiline />
          <Placeholders placeholders={placeholders} onInsert={insert} readOnly={readOnly} />
        </Stack>
        <Preview kind={kind} />
      </SimpleGrid>
      <HStack justify="flex-end" gap="3">
        <Button variant="outline" onClick={onClose}>
          {readOnly ? T.close : T.cancel}
        </Button>
        {!readOnly && <SubmitButton>{T.save}</SubmitButton>}
      </HStack>
    </Stack>
  );
}

export interface TemplateEditorProps {
  /** The template edited; null when closed. */
  template: MessageTemplate | null;
  list: TemplateList | undefined;
  readOnly: boolean;
  onClose: () => void;
  /** The form's wait before its call (1 second; tests pass 0). */
  formDelayMs?: number;
}

export function TemplateEditor({ template, list, readOnly, onClose, formDelayMs }: TemplateEditorProps) {
  const save = useSaveTemplate();
  const title = template ? T.editorTitle(kindLabel(template.kind), channelLabel(template.channel)) : '';
  return (
    <FullscreenModal open={template !== null} onClose={onClose} title={title} closeLabel={T.close} initialFocus={readOnly ? 'close' : 'first-field'}>
      {template && (
        <SubmitForm<TemplateValues, MessageTemplate>
          key={`${template.kind}:${template.channel}`}
          aria-label={title}
          initialValues={{ subject: template.subject, body: template.body, student_id: 0, student_label: '' }}
          validationSchema={templateSchema(template.kind as FamilyMessageKind)}
          delayMs={formDelayMs}
          onSubmit={(values) => save.mutateAsync({ kind: template.kind as FamilyMessageKind, channel: template.channel as MessageChannel, ...textOf(values) })}
          failureMessage={(error) => refusalOf(error, T.failed)}
          successMessage={T.saved}
          onSuccess={onClose}
        >
          <EditorForm template={template} list={list} readOnly={readOnly} onClose={onClose} />
        </SubmitForm>
      )}
    </FullscreenModal>
  );
}
