/**
 * The fullscreen create/edit form of a teacher account. Edit mode when a teacher is given: the password
 * field is hidden and neither password nor role is validated. Create always makes a teacher.
 */
import type { User } from '@trungtam/shared/contracts';
import {
  ACCOUNT_STATUS_OPTIONS,
  Button,
  FormField,
  FullscreenModal,
  HStack,
  SelectField,
  SimpleGrid,
  Stack,
  SubmitButton,
  SubmitForm,
  Text,
  accountSchema,
} from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useMemo } from 'react';
import { useCenters, useRoles } from '../../../api/lookups';
import { useCreateTeacher, useUpdateTeacher } from '../api/teachers';
import type { TeacherFilters, TeacherFormValues } from '../types';
import { EMPTY_TEACHER_FORM, toCreateRequest, toFormValues, toUpdateRequest } from '../utils/payload';

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
  /** The waiting time before the call (spec: 1 second). */
  delayMs?: number;
}

export function TeacherFormModal({ open, teacher, filters, onClose, onSaved, delayMs }: TeacherFormModalProps) {
  const isEdit = !!teacher && teacher.id > 0;
  const roles = useRoles('teacher', open);
  const centers = useCenters(open);
  const createTeacher = useCreateTeacher(filters);
  const updateTeacher = useUpdateTeacher();

  const initialValues = useMemo<TeacherFormValues>(
    () => (isEdit && teacher ? toFormValues(teacher) : EMPTY_TEACHER_FORM),
    [isEdit, teacher],
  );
  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));
  const centerOptions = (centers.data ?? []).map((center) => ({ value: center.center_id, label: center.name }));

  return (
    <FullscreenModal
      open={open}
      onClose={onClose}
      title={isEdit ? TEACHER_FORM_TEXTS.editTitle : TEACHER_FORM_TEXTS.createTitle}
    >
      <SubmitForm<TeacherFormValues, User | null>
        key={teacher?.id ?? 'new'}
        aria-label={isEdit ? TEACHER_FORM_TEXTS.editTitle : TEACHER_FORM_TEXTS.createTitle}
        initialValues={initialValues}
        validationSchema={accountSchema(isEdit)}
        delayMs={delayMs}
        successMessage={isEdit ? MESSAGES.teacherUpdated : MESSAGES.teacherCreated}
        failureMessage={isEdit ? MESSAGES.accountUpdateFailed : MESSAGES.accountCreateFailed}
        onSubmit={async (values) => {
          if (isEdit && teacher) {
            await updateTeacher.mutateAsync(toUpdateRequest(teacher.id, values));
            return null;
          }
          return createTeacher.mutateAsync(toCreateRequest(values));
        }}
        onSuccess={(user) => {
          onClose();
          onSaved?.(isEdit ? 'edit' : 'create', user);
        }}
      >
        <Stack gap="8" maxW="5xl" mx="auto">
          <Stack gap="4">
            <Text fontWeight="semibold" fontSize="md">
              {TEACHER_FORM_TEXTS.accountSection}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField name="name" label="Tên tài khoản" required autoComplete="off" />
              <FormField name="email" type="email" label="Email" required autoComplete="off" />
              {!isEdit && (
                <FormField name="password" type="password" label="Mật khẩu" required autoComplete="new-password" />
              )}
              <FormField name="phone_number" type="tel" label="Số điện thoại" required autoComplete="off" />
              <SelectField name="status" label="Trạng thái" numeric required options={ACCOUNT_STATUS_OPTIONS} />
              <SelectField
                name="roles"
                label="Quyền tài khoản"
                numeric
                required={!isEdit}
                placeholder="Chọn quyền tài khoản"
                options={roleOptions}
              />
              <SelectField
                name="center_id"
                label="Trung tâm"
                numeric
                placeholder="Không thuộc trung tâm nào"
                options={centerOptions}
              />
            </SimpleGrid>
          </Stack>
          <Stack gap="4">
            <Text fontWeight="semibold" fontSize="md">
              {TEACHER_FORM_TEXTS.profileSection}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField name="banking_name" label="Tên ngân hàng" />
              <FormField name="banking_number" label="Số tài khoản ngân hàng" />
            </SimpleGrid>
            <FormField name="about" label="Giới thiệu" multiline />
            <FormField name="certificate" label="Bằng cấp, chứng chỉ" multiline />
            <FormField name="information" label="Thông tin khác" multiline />
          </Stack>
          <HStack justify="flex-end" gap="3">
            <Button variant="outline" onClick={onClose}>
              {TEACHER_FORM_TEXTS.cancel}
            </Button>
            <SubmitButton>{isEdit ? TEACHER_FORM_TEXTS.editSubmit : TEACHER_FORM_TEXTS.createSubmit}</SubmitButton>
          </HStack>
        </Stack>
      </SubmitForm>
    </FullscreenModal>
  );
}
