/**
 * "Gửi phụ huynh": a message of the centre to the guardians of a class's students, of a centre's, or of
 * students chosen one by one (POST /learning/messages/send), its subject and text checked with the API's
 * limits and messages. A message to a whole centre is sent only after a confirmation naming how many
 * students it reaches (counted now). The dialog then says what was done: how many messages were queued,
 * for how many students, and how many students have no guardian to reach. Each kind of recipient is
 * offered to whoever may list it (classes, centres, students).
 */
import { refusalOf } from '@trungtam/shared/api';
import type { Center } from '@trungtam/shared/contracts';
import type { FreeMessageRequest, FreeMessageResult } from '@trungtam/shared/contracts/familyMessages';
import { yupFromSchema } from '@trungtam/shared/forms';
import { useCenterChoices, useOwnCenter } from '@trungtam/shared/lookups';
import { can } from '@trungtam/shared/permissions';
import { AccountListPicker, type ChosenAccount, type Choices } from '@trungtam/shared/resource';
import { FreeMessageBody } from '@trungtam/shared/schemas/familyMessages';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Button, ConfirmDelete, FormField, FullscreenModal, HStack, notifySuccess, SelectField, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { useFormikContext } from 'formik';
import { useState, type ReactNode } from 'react';
import * as yup from 'yup';
import { countCentreStudents, sendFreeMessage } from './familyApi';
import { ClassPicker } from './ClassPicker';
import { FREE_MESSAGE_TEXTS as F } from './freeMessageTexts';

const TARGETS = ['class', 'center', 'students'] as const;
type FreeTarget = (typeof TARGETS)[number];
const TARGET_LABELS: Record<FreeTarget, string> = { class: F.targetClass, center: F.targetCenter, students: F.targetStudents };

export interface FreeMessageValues {
  target: FreeTarget;
  class_id: number;
  class_label: string;
  center_id: number;
  students: ChosenAccount[];
  subject: string;
  text: string;
}

/** The API's rules for the subject and the text; on top, the recipients the chosen target needs. */
const schema = yupFromSchema(FreeMessageBody, { fields: ['subject', 'text'] }).shape({
  target: yup.string().oneOf([...TARGETS]).required(),
  class_id: yup.number().when('target', { is: 'class', then: (field) => field.min(1, F.classRequired) }),
  center_id: yup.number().when('target', { is: 'center', then: (field) => field.min(1, F.centerRequired) }),
  students: yup.array().when('target', { is: 'students', then: (field) => field.min(1, F.studentsRequired).max(500, F.studentsMax) }),
});

/** The body the API takes: the target with its one choice, the texts trimmed. */
export function toFreeMessage(values: FreeMessageValues): FreeMessageRequest {
  const texts = { subject: values.subject.trim(), text: values.text.trim() };
  switch (values.target) {
    case 'class':
      return { target: 'class', class_id: values.class_id, ...texts };
    case 'center':
      return { target: 'center', center_id: values.center_id, ...texts };
    case 'students':
      return { target: 'students', student_ids: values.students.map((student) => student.id), ...texts };
  }
}

/** A centre with no student in reach: nothing to send, said in the form without asking the API. */
class NobodyInCentre extends Error {}

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

/** The centre's choice (a giáo vụ of a centre is offered theirs only, as the API limits them to it). */
function CentreField({ centers }: { centers: Choices<Center> }) {
  const ownCenter = useOwnCenter();
  const options = ownCenter ? centers.options.filter((option) => option.value === ownCenter) : centers.options;
  return <SelectField name="center_id" label={F.center} options={options} numeric required placeholder={F.centerPlaceholder} />;
}

function RecipientFields({ targets, centers }: { targets: FreeTarget[]; centers: Choices<Center> }) {
  const { values } = useFormikContext<FreeMessageValues>();
  return (
    <Stack gap="4">
      <SelectField name="target" label={F.target} options={targets.map((target) => ({ value: target, label: TARGET_LABELS[target] }))} required />
      {values.target === 'class' && <ClassPicker name="class_id" labelName="class_label" texts={{ search: F.classSearch, field: F.classField, placeholder: F.classPlaceholder, none: F.classNone }} />}
      {values.target === 'center' && <CentreField centers={centers} />}
      {values.target === 'students' && (
        <AccountListPicker
          name="students"
          type="student"
          texts={{ search: F.studentSearch, field: F.students, placeholder: F.studentPlaceholder, none: F.studentNone, add: F.studentAdd, remove: F.studentRemove, empty: F.studentsEmpty }}
        />
      )}
    </Stack>
  );
}

interface CentreConfirmation {
  body: FreeMessageRequest;
  centre: string;
  /** The centre's students, or null when they could not be counted. */
  students: number | null;
}

export interface FreeMessageDialogProps {
  open: boolean;
  onClose: () => void;
  /** The form's wait before its call (1 second; tests pass 0). */
  formDelayMs?: number;
}

export function FreeMessageDialog({ open, onClose, formDelayMs }: FreeMessageDialogProps) {
  const me = useCurrentUser();
  const ownCenter = useOwnCenter();
  const [result, setResult] = useState<FreeMessageResult | null>(null);
  const [confirming, setConfirming] = useState<CentreConfirmation | null>(null);
  // a new form after each message sent
  const [round, setRound] = useState(0);
  const centers = useCenterChoices({ enabled: open && can(me, 'LearningCenter', 'GetAll') });
  const targets = TARGETS.filter((target) =>
    target === 'class' ? can(me, 'LearningClass', 'GetAll') : target === 'center' ? can(me, 'LearningCenter', 'GetAll') : can(me, 'User', 'GetAll'),
  );
  const close = () => {
    setResult(null);
    setConfirming(null);
    setRound(round + 1);
    onClose();
  };
  const done = (sent: FreeMessageResult) => {
    setResult(sent);
    notifySuccess(F.result(sent.queued, sent.students, sent.without_contact));
  };

  const submit = async (values: FreeMessageValues): Promise<FreeMessageResult | null> => {
    const body = toFreeMessage(values);
    if (body.target !== 'center') return sendFreeMessage(body);
    const centre = centers.nameOf(values.center_id);
    // (counted with the students list, which needs User GetAll: otherwise asked without the number)
    const students = can(me, 'User', 'GetAll') ? await countCentreStudents(values.center_id).catch(() => null) : null;
    if (students === 0) throw new NobodyInCentre();
    setConfirming({ body, centre, students });
    return null;
  };

  return (
    <FullscreenModal open={open} onClose={close} title={F.title} closeLabel={F.close}>
      <Stack gap="6" maxW="3xl" mx="auto">
        {result ? (
          <>
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{F.result(result.queued, result.students, result.without_contact)}</Alert.Title>
                {result.without_contact > 0 && <Alert.Description>{F.withoutContactHelp}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
            <HStack justify="flex-end" gap="3">
              <Button
                variant="outline"
                onClick={() => {
                  setResult(null);
                  setRound(round + 1);
                }}
              >
                {F.sendAnother}
              </Button>
              <Button colorPalette="blue" onClick={close}>
                {F.close}
              </Button>
            </HStack>
          </>
        ) : (
          <SubmitForm<FreeMessageValues, FreeMessageResult | null>
            key={round}
            aria-label={F.title}
            initialValues={{ target: targets[0] ?? 'students', class_id: 0, class_label: '', center_id: ownCenter ?? 0, students: [], subject: '', text: '' }}
            validationSchema={schema}
            delayMs={formDelayMs}
            onSubmit={submit}
            failureMessage={(error) => (error instanceof NobodyInCentre ? F.nobody : refusalOf(error, F.failed))}
            onSuccess={(sent) => sent && done(sent)}
          >
            <Stack gap="8">
              <Text color="fg.muted">{F.intro}</Text>
              <Section title={F.recipients}>
                <RecipientFields targets={targets} centers={centers} />
              </Section>
              <Section title={F.content}>
                <FormField name="subject" label={F.subject} required />
                <FormField name="text" label={F.text} multiline rows={8} required />
              </Section>
              <HStack justify="flex-end" gap="3">
                <Button variant="outline" onClick={close}>
                  {F.cancel}
                </Button>
                <SubmitButton>{F.send}</SubmitButton>
              </HStack>
            </Stack>
          </SubmitForm>
        )}
      </Stack>
      <ConfirmDelete<FreeMessageResult>
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        message={confirming ? (confirming.students === null ? F.centerUncounted(confirming.centre) : F.centerQuestion(confirming.centre, confirming.students)) : undefined}
        description={F.centerEffect}
        confirmLabel={F.send}
        successMessage={(sent) => F.result(sent.queued, sent.students, sent.without_contact)}
        failureMessage={F.failed}
        onConfirm={async () => {
          if (!confirming) throw new Error('nothing to send');
          const sent = await sendFreeMessage(confirming.body);
          setResult(sent);
          return sent;
        }}
      />
    </FullscreenModal>
  );
}
