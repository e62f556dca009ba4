/**
 * The fullscreen create/edit form of a student account, with the student extras: representative,
 * birth date (year, month, day), source, address and centre. Create always makes a student. Editing, the
 * representative's section opens the student's guardians: the representative is the first of them, so a
 * guardian changed there changes the representative's fields of the form too (saved as they were, they
 * would undo the change).
 */
import type { User } from '@trungtam/shared/contracts';
import type { Guardian } from '@trungtam/shared/contracts/familyMessages';
import { useCurrentUser } from '@trungtam/shared/session';
import { Button, FormField, HStack, SelectField, SimpleGrid, Stack, Text } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useFormikContext } from 'formik';
import { useMemo, useState } from 'react';
import { FormModal } from '@trungtam/shared/resource';
import { AccountFields } from '../../common/AccountFields';
import { ACCOUNT_FORM, isEditing } from '../../common/accountPayload';
import { useCreateStudent, useUpdateStudent } from './api';
import { StudentFamilyDialog } from './familyDialog';
import { familyPermissions } from './familyPermissions';
import type { StudentFilters, StudentFormValues } from './types';
import {
  birthDayOptions,
  BIRTH_MONTH_OPTIONS,
  EMPTY_STUDENT_FORM,
  birthYearOptions,
  studentSchema,
  toStudentCreateRequest,
  toStudentFormValues,
  toStudentUpdateRequest,
} from './payload';
import { SOURCE_OPTIONS } from './sources';

export const STUDENT_FORM_TEXTS = {
  createTitle: 'Thêm học viên',
  editTitle: 'Cập nhật học viên',
  createSubmit: 'Khởi tạo học viên',
  editSubmit: 'Cập nhật học viên',
  accountSection: 'Thông tin tài khoản',
  profileSection: 'Thông tin học viên',
  representativeSection: 'Người đại diện',
  representativeHelp: 'Người đại diện là phụ huynh đầu tiên của học viên: tin gửi gia đình đi theo danh sách phụ huynh.',
  guardians: 'Phụ huynh của học viên',
} as const;

export interface StudentFormModalProps {
  open: boolean;
  student: User | null;
  filters: StudentFilters;
  onClose: () => void;
  onSaved?: (mode: 'create' | 'edit', user: User | null) => void;
  delayMs?: number;
}

export function StudentFormModal({ open, student, filters, onClose, onSaved, delayMs }: StudentFormModalProps) {
  const isEdit = isEditing(student);
  const createStudent = useCreateStudent(filters);
  const updateStudent = useUpdateStudent();
  const initialValues = useMemo<StudentFormValues>(() => (isEditing(student) ? toStudentFormValues(student) : EMPTY_STUDENT_FORM), [student]);
  const years = useMemo(() => birthYearOptions(), []);
  const schema = useMemo(() => studentSchema(isEdit, initialValues), [isEdit, initialValues]);

  return (
    <FormModal<StudentFormValues, User>
      open={open}
      onClose={onClose}
      record={student}
      {...ACCOUNT_FORM}
      texts={STUDENT_FORM_TEXTS}
      successMessages={{ create: MESSAGES.studentCreated, edit: MESSAGES.studentUpdated }}
      initialValues={initialValues}
      validationSchema={schema}
      delayMs={delayMs}
      create={(values) => createStudent.mutateAsync(toStudentCreateRequest(values))}
      update={(record, values) => updateStudent.mutateAsync(toStudentUpdateRequest(record.id, values))}
      onSaved={onSaved}
      sections={({ values }) => [
        { title: STUDENT_FORM_TEXTS.accountSection, content: <AccountFields isEdit={isEdit} guard="student" enabled={open} /> },
        {
          title: STUDENT_FORM_TEXTS.profileSection,
          content: (
            <>
              <SimpleGrid columns={{ base: 1, md: 4 }} gap="4">
                <SelectField name="birth_year" label="Năm sinh" numeric placeholder="Chọn năm" options={years} />
                <SelectField name="birth_month" label="Tháng sinh" numeric placeholder="Chọn tháng" options={BIRTH_MONTH_OPTIONS} />
                <SelectField name="birth_day" label="Ngày sinh" numeric placeholder="Chọn ngày" options={birthDayOptions(values.birth_year, values.birth_month)} />
                <SelectField name="source" label="Nguồn" options={SOURCE_OPTIONS} />
              </SimpleGrid>
              <FormField name="address" label="Địa chỉ" />
            </>
          ),
        },
        {
          title: STUDENT_FORM_TEXTS.representativeSection,
          content: (
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                <FormField name="reference_name" label="Tên người đại diện" />
                <FormField name="reference_phone" type="tel" label="Số điện thoại người đại diện" />
                <FormField name="reference_email" type="email" label="Email người đại diện" />
              </SimpleGrid>
              {isEditing(student) && <GuardiansLink student={student} delayMs={delayMs} />}
            </Stack>
          ),
        },
      ]}
    />
  );
}

/** The way from the edit form to the student's guardians; their first one's fields follow into the form. */
function GuardiansLink({ student, delayMs }: { student: User; delayMs?: number }) {
  const may = familyPermissions(useCurrentUser());
  const { setFieldValue } = useFormikContext<StudentFormValues>();
  const [open, setOpen] = useState(false);
  if (!may.guardians) return null;
  const follow = (guardians: Guardian[]) => {
    const [first] = guardians;
    void setFieldValue('reference_name', first?.name ?? '');
    void setFieldValue('reference_phone', first?.phone ?? '');
    void setFieldValue('reference_email', first?.email ?? '');
  };
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Text fontSize="sm" color="fg.muted" flex="1" minW="60">
        {STUDENT_FORM_TEXTS.representativeHelp}
      </Text>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {STUDENT_FORM_TEXTS.guardians}
      </Button>
      <StudentFamilyDialog student={open ? student : null} tab="guardians" onClose={() => setOpen(false)} onGuardiansChanged={follow} delayMs={delayMs} />
    </HStack>
  );
}
