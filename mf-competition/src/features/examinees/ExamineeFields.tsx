/**
 * The examinee form's fields. An examinee is either a student of the centre (an account picked from a
 * search: the name and birth date are the account's) or an outside candidate (name typed, with birth
 * date, school and contact). Both take an event, a subject and a group. The candidate number is the
 * API's: shown once given, never typed.
 */
import { COMPETITION_LIMITS as L, COMPETITION_TEXT as T, type Examinee, type ExamineeWrite } from '@trungtam/shared/contracts/competition';
import type { User } from '@trungtam/shared/contracts';
import { formatDate } from '@trungtam/shared/format';
import { AccountPicker } from '@trungtam/shared/resource';
import { DateField, Fact, FormField, HStack, RadioGroup, SelectField, SimpleGrid, Stack, Text } from '@trungtam/shared/ui';
import type { FormikProps } from 'formik';
import * as yup from 'yup';
import { yupFromSchema } from '@trungtam/shared/forms';
import { ExamineeWriteBody } from '@trungtam/shared/schemas/competition';

export const EXAMINEE_KINDS = ['student', 'outside'] as const;
export type ExamineeKind = (typeof EXAMINEE_KINDS)[number];

export const EXAMINEE_FORM_TEXTS = {
  kind: 'Thí sinh là',
  kinds: { student: 'Học viên của trung tâm', outside: 'Thí sinh tự do' } satisfies Record<ExamineeKind, string>,
  event: 'Cuộc thi',
  chooseEvent: 'Chọn cuộc thi',
  candidateNumber: 'Số báo danh',
  candidateNumberLater: 'Số báo danh được cấp khi lưu',
  studentSearch: 'Tìm học viên theo tên, email, số điện thoại',
  student: 'Học viên',
  chooseStudent: 'Chọn học viên',
  noStudent: 'Không tìm thấy học viên phù hợp',
  studentRequired: 'Học viên cần được chọn',
  fromAccount: 'Họ tên và ngày sinh lấy theo tài khoản học viên',
  fullName: 'Họ và tên',
  birthDate: 'Ngày sinh',
  school: 'Trường',
  contact: 'Liên hệ',
  topic: 'Môn thi',
  chooseTopic: 'Chọn môn thi',
  type: 'Nhóm thí sinh',
  chooseType: 'Chọn nhóm thí sinh',
} as const;
const F = EXAMINEE_FORM_TEXTS;

export interface ExamineeValues {
  /** The examinee being edited: its number shows, its event stays. */
  examinee_id?: number;
  candidate_number: string;
  competition_id: number;
  kind: ExamineeKind;
  /** The student's account (0: none chosen) and how it reads in the picker. */
  user_id: number;
  user_label: string;
  /** The chosen account's name and birth date ('YYYY-MM-DD' or ''), shown, not sent. */
  student_name: string;
  student_birth: string;
  full_name: string;
  birth_date: string;
  school: string;
  contact: string;
  topic_id: number;
  type_id: number;
}

export const emptyExaminee = (competitionId: number): ExamineeValues => ({
  candidate_number: '',
  competition_id: competitionId,
  kind: 'student',
  user_id: 0,
  user_label: '',
  student_name: '',
  student_birth: '',
  full_name: '',
  birth_date: '',
  school: '',
  contact: '',
  topic_id: 0,
  type_id: 0,
});

export function examineeValues(examinee: Examinee): ExamineeValues {
  const student = examinee.user_id !== null;
  return {
    examinee_id: examinee.examinee_id,
    candidate_number: examinee.candidate_number,
    competition_id: examinee.competition_id,
    kind: student ? 'student' : 'outside',
    user_id: examinee.user_id ?? 0,
    user_label: student ? `${examinee.full_name} (${examinee.user_email ?? ''})` : '',
    student_name: student ? examinee.full_name : '',
    student_birth: student ? (examinee.birth_date ?? '') : '',
    full_name: student ? '' : examinee.full_name,
    birth_date: student ? '' : (examinee.birth_date ?? ''),
    school: examinee.school ?? '',
    contact: student ? '' : (examinee.contact ?? ''),
    topic_id: examinee.topic_id ?? 0,
    type_id: examinee.type_id ?? 0,
  };
}

/**
 * The API's examinee write schema (event, school, contact, subject, group: their limits and messages);
 * on top, the form's own choice of a student or an outside candidate, each with what it must give.
 */
export const examineeSchema = yupFromSchema(ExamineeWriteBody, { fields: ['competition_id', 'school', 'contact', 'topic_id', 'type_id'] }).shape({
  kind: yup.string().oneOf([...EXAMINEE_KINDS]).required(),
  user_id: yup.number().when('kind', { is: 'student', then: () => yup.number().min(1, F.studentRequired).required(F.studentRequired) }),
  full_name: yup.string().when('kind', { is: 'outside', then: (name) => name.trim().required(T.examineeNameRequired).max(L.nameMax, T.examineeNameMax) }),
  birth_date: yup.string(),
});

/** A student sends their account only (the API takes the name and birth date from it); an outside candidate their own. */
export function toExamineeBody(values: ExamineeValues): ExamineeWrite {
  const common = { competition_id: Number(values.competition_id), school: values.school.trim() || null, topic_id: Number(values.topic_id), type_id: Number(values.type_id) };
  if (values.kind === 'student') return { ...common, user_id: Number(values.user_id), full_name: null, birth_date: null, contact: null };
  return { ...common, user_id: null, full_name: values.full_name.trim(), birth_date: values.birth_date || null, contact: values.contact.trim() || null };
}

/** The account's birth date, 'YYYY-MM-DD', when it has a whole one. */
function birthOf(user: User): string {
  const { birth_year: year, birth_month: month, birth_day: day } = user;
  return year && month && day ? `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` : '';
}

type Options = ReadonlyArray<{ value: number; label: string }>;

export function ExamineeFields({ formik, events, topics, types }: { formik: FormikProps<ExamineeValues>; events: Options; topics: Options; types: Options }) {
  const { values } = formik;
  const editing = !!values.examinee_id;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {/* an examinee stays in their event */}
        <SelectField name="competition_id" label={F.event} options={events} numeric placeholder={F.chooseEvent} required disabled={editing} />
        <Fact label={F.candidateNumber}>{editing ? <Text fontWeight="semibold">{values.candidate_number}</Text> : <Text color="fg.muted">{F.candidateNumberLater}</Text>}</Fact>
      </SimpleGrid>
      <RadioGroup.Root
        size="sm"
        colorPalette="blue"
        aria-label={F.kind}
        name="kind"
        value={values.kind}
        onValueChange={(event) => {
          if (event.value === 'student' || event.value === 'outside') void formik.setFieldValue('kind', event.value);
        }}
      >
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium">
            {F.kind}
          </Text>
          <HStack gap="6" wrap="wrap">
            {EXAMINEE_KINDS.map((kind) => (
              <RadioGroup.Item key={kind} value={kind}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{F.kinds[kind]}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </Stack>
      </RadioGroup.Root>
      {values.kind === 'student' ? (
        <Stack gap="3">
          <AccountPicker
            name="user_id"
            labelName="user_label"
            type="student"
            texts={{ search: F.studentSearch, field: F.student, placeholder: F.chooseStudent, none: F.noStudent }}
            optionLabel={(user) => `${user.name} (${user.email})`}
            valuesOf={(user) => ({ student_name: user?.name ?? '', student_birth: user ? birthOf(user) : '' })}
          />
          {values.user_id > 0 && (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" aria-label={F.fromAccount} role="group">
              <Fact label={F.fullName}>{values.student_name || '-'}</Fact>
              <Fact label={F.birthDate}>{formatDate(values.student_birth)}</Fact>
            </SimpleGrid>
          )}
          <Text fontSize="sm" color="fg.muted">
            {F.fromAccount}
          </Text>
        </Stack>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField name="full_name" label={F.fullName} required />
          <DateField name="birth_date" label={F.birthDate} />
          <FormField name="contact" label={F.contact} />
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="school" label={F.school} />
        <SelectField name="topic_id" label={F.topic} options={topics} numeric placeholder={F.chooseTopic} required />
        <SelectField name="type_id" label={F.type} options={types} numeric placeholder={F.chooseType} required />
      </SimpleGrid>
    </Stack>
  );
}
