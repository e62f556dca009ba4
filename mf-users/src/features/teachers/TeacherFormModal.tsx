/**
 * The fullscreen create/edit form of a teacher account. Edit mode when a teacher is given: the password
 * field is hidden and neither password nor role is validated. Create always makes a teacher.
 */
import type { User } from '@trungtam/shared/contracts';
import { FormField, SimpleGrid, accountSchema } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useMemo } from 'react';
import { FormModal } from '@trungtam/shared/resource';
import { AccountFields } from '../../common/AccountFields';
import { ACCOUNT_FORM, isEditing } from '../../common/accountPayload';
import { useCreateTeacher, useUpdateTeacher } from './api';
import type { TeacherFilters, TeacherFormValues } from './types';
import { EMPTY_TEACHER_FORM, toCreateRequest, toFormValues, toUpdateRequest } from './payload';

export const TEACHER_FORM_TEXTS = {
  createTitle: 'Thêm giáo viên',
  editTitle: 'Cập nhật giáo viên',
  createSubmit: 'Khởi tạo giáo viên',
  editSubmit: 'Cập nhật giáo viên',
  cancel: 'Huỷ',
  accountSection: 'Thông tin tài khoản',
  profileSection: 'Thông tin giáo viên',
} as const;

export interface TeacherFormModalProps {
  open: boolean;
  /** The teacher being edited; null to create one. */
  teacher: User | null;
  /** The list's current filter (a created account is put on top of its first page). */
  filters: TeacherFilters;
  onClose: () => void;
  /** After a successful create (with the new account) or update. */
  onSaved?: (mode: 'create' | 'edit', user: User | null) => void;
  /** The waiting time before the call (default 1 second). */
  delayMs?: number;
}

export function TeacherFormModal({ open, teacher, filters, onClose, onSaved, delayMs }: TeacherFormModalProps) {
  const isEdit = isEditing(teacher);
  const createTeacher = useCreateTeacher(filters);
  const updateTeacher = useUpdateTeacher();
  const initialValues = useMemo<TeacherFormValues>(() => (isEditing(teacher) ? toFormValues(teacher) : EMPTY_TEACHER_FORM), [teacher]);

  // editing, the account's own phones may stay as they are (see accountSchema)
  const schema = useMemo(() => accountSchema(isEdit, initialValues), [isEdit, initialValues]);
  return (
    <FormModal<TeacherFormValues, User>
      open={open}
      onClose={onClose}
      record={teacher}
      {...ACCOUNT_FORM}
      texts={TEACHER_FORM_TEXTS}
      successMessages={{ create: MESSAGES.teacherCreated, edit: MESSAGES.teacherUpdated }}
      initialValues={initialValues}
      validationSchema={schema}
      delayMs={delayMs}
      create={(values) => createTeacher.mutateAsync(toCreateRequest(values))}
      update={(record, values) => updateTeacher.mutateAsync(toUpdateRequest(record.id, values))}
      onSaved={onSaved}
      sections={() => [
        { title: TEACHER_FORM_TEXTS.accountSection, content: <AccountFields isEdit={isEdit} guard="teacher" enabled={open} /> },
        {
          title: TEACHER_FORM_TEXTS.profileSection,
          content: (
            <>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="banking_name" label="Tên ngân hàng" />
                <FormField name="banking_number" label="Số tài khoản ngân hàng" />
              </SimpleGrid>
              <FormField name="about" label="Giới thiệu" multiline />
              <FormField name="certificate" label="Bằng cấp, chứng chỉ" multiline />
              <FormField name="information" label="Thông tin khác" multiline />
            </>
          ),
        },
      ]}
    />
  );
}
