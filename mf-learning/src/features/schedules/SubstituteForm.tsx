/**
 * "Dạy thay": another teacher teaches this session, or every session of its class in a date range. The API
 * checks the substitute's calendar (a clash is refused and named), refuses a session whose roll is taken, and
 * tells the families; for a range it answers each session set or refused with its reason, listed here.
 * Choosing the replaced teacher again gives the sessions back to them.
 */
import { reasonOf } from '@trungtam/shared/api';
import type { ClassSchedule, SubstituteRangeResult } from '@trungtam/shared/contracts/schedules';
import { formatTime } from '@trungtam/shared/format';
import { AccountPicker } from '@trungtam/shared/resource';
import { Alert, Button, DateField, HStack, isoToDisplay, RadioGroup, SimpleGrid, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { dayjs } from '@trungtam/shared/operatorDate';
import { useState } from 'react';
import * as yup from 'yup';
import { useSubstitute, useSubstituteRange } from './api';
import { SUBSTITUTE_TEXTS as T } from './texts';

type Scope = 'one' | 'range';

interface SubstituteValues {
  teacher_id: number;
  teacher_label: string;
  scope: Scope;
  from: string;
  to: string;
}

const schema = yup.object({
  teacher_id: yup.number().min(1, T.teacherRequired).required(T.teacherRequired),
  scope: yup.string().oneOf(['one', 'range']),
  from: yup.string().when('scope', { is: 'range', then: (s) => s.required(T.fromRequired) }),
  to: yup
    .string()
    .when('scope', { is: 'range', then: (s) => s.required(T.toRequired).test('after', T.toBeforeFrom, (to, context) => !to || !context.parent.from || to >= context.parent.from) }),
});

export function SubstituteForm({ session, onDone, formDelayMs }: { session: ClassSchedule; onDone: () => void; formDelayMs?: number }) {
  const one = useSubstitute();
  const range = useSubstituteRange();
  const [result, setResult] = useState<SubstituteRangeResult | null>(null);
  const initial: SubstituteValues = {
    teacher_id: 0,
    teacher_label: '',
    scope: 'one',
    from: session.schedule_date,
    to: dayjs(session.schedule_date).add(4, 'week').format('YYYY-MM-DD'),
  };

  if (result) return <RangeResult result={result} onDone={onDone} />;

  return (
    <Stack gap="3" as="section" aria-label={T.title}>
      <Text fontWeight="semibold">{T.title}</Text>
      {session.original_teacher && <Text fontSize="sm">{T.currently(session.teacher?.name ?? '', session.original_teacher.name)}</Text>}
      <SubmitForm<SubstituteValues, SubstituteRangeResult | null>
        aria-label={T.title}
        initialValues={initial}
        validationSchema={schema}
        delayMs={formDelayMs}
        failureMessage={(error) => reasonOf(error, T.failed)}
        onSubmit={async (values) => {
          if (values.scope === 'one') {
            await one.mutateAsync({ schedule_id: session.schedule_id, teacher_id: values.teacher_id });
            return null;
          }
          return range.mutateAsync({ class_id: session.class_id, teacher_id: values.teacher_id, from: values.from, to: values.to });
        }}
        successMessage={T.saved}
        onSuccess={(answer) => (answer ? setResult(answer) : onDone())}
      >
        {(formik) => (
          <Stack gap="4">
            <AccountPicker
              name="teacher_id"
              labelName="teacher_label"
              type="teacher"
              texts={{ search: T.search, field: T.teacher, placeholder: T.chooseTeacher, none: T.noTeacher }}
            />
            <RadioGroup.Root
              size="sm"
              colorPalette="blue"
              aria-label={T.scope}
              name="scope"
              value={formik.values.scope}
              onValueChange={(event) => {
                if (event.value === 'one' || event.value === 'range') void formik.setFieldValue('scope', event.value);
              }}
            >
              <Stack gap="2">
                <Text fontSize="sm" fontWeight="medium">
                  {T.scope}
                </Text>
                <Stack gap="2">
                  {(['one', 'range'] as const).map((scope) => (
                    <RadioGroup.Item key={scope} value={scope}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{scope === 'one' ? T.onlyThis(isoToDisplay(session.schedule_date), formatTime(session.schedule_hour, session.schedule_minute)) : T.range}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </Stack>
            </RadioGroup.Root>
            {formik.values.scope === 'range' && (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <DateField name="from" label={T.from} required />
                <DateField name="to" label={T.to} required />
              </SimpleGrid>
            )}
            <HStack justify="flex-end" gap="3" wrap="wrap">
              <Button variant="outline" onClick={onDone}>
                {T.back}
              </Button>
              <SubmitButton>{T.submit}</SubmitButton>
            </HStack>
          </Stack>
        )}
      </SubmitForm>
    </Stack>
  );
}

/** What a range did: how many sessions were set, and each refused one with its reason. */
function RangeResult({ result, onDone }: { result: SubstituteRangeResult; onDone: () => void }) {
  const refused = result.sessions.filter((s) => s.status === 'refused');
  return (
    <Stack gap="3" as="section" aria-label={T.resultTitle}>
      <Alert.Root status={refused.length ? 'warning' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Title>{T.summary(result.set, result.refused)}</Alert.Title>
      </Alert.Root>
      {refused.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" m="0" aria-label={T.refusedList}>
          {refused.map((s) => (
            <li key={s.schedule_id}>
              <Text fontSize="sm">
                <Text as="span" fontWeight="medium">
                  {isoToDisplay(s.schedule_date)} {formatTime(s.schedule_hour, s.schedule_minute)}
                </Text>
                {': '}
                {s.reason}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      <HStack justify="flex-end">
        <Button variant="outline" onClick={onDone}>
          {T.back}
        </Button>
      </HStack>
    </Stack>
  );
}
