/**
 * The fullscreen create/edit form of a student account, with the student extras: representative,
 * birth date (year, month, day), source, address and centre. Create always makes a student.
 */
import type { User } from '@trungtam/shared/contracts';
import { FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useMemo } from 'react';
import { FormModal } from '@trungtam/shared/resource';
import { AccountFields } from '../../common/AccountFields';
import { ACCOUNT_FORM, isEditing } from '../../common/accountPayload';
import { useCreateStudent, useUpdateStudent } from './api';
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
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField name="reference_name" label="Tên người đại diện" />
              <FormField name="reference_phone" type="tel" label="Số điện thoại người đại diện" />
              <FormField name="reference_email" type="email" label="Email người đại diện" />
            </SimpleGrid>
          ),
        },
      ]}
    />
  );
}
