/**
 * /crafted/account: the signed-in account's overview (name, email, phone, type, role, centre, last
 * sign-in), the private URL of its own sessions for phone calendars (CalendarFeedCard.tsx), and its
 * settings: own name and phone, own password (POST /user/change-password; the other sessions of the
 * account end, this one continues with the token the answer carries).
 */
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { apiErrorOf, reasonOf } from '@trungtam/shared/api';
import { Card, Heading, HStack, SimpleGrid, Stack, Text, UserInitials } from '@trungtam/shared/ui/base';
import { FormField, SubmitButton, SubmitForm, accountPasswordField } from '@trungtam/shared/ui/forms';
import { useTranslation } from '@trungtam/shared/i18n';
import { useCurrentUser, useSession } from '@trungtam/shared/session';
import { formatDateTime } from '@trungtam/shared/format';
import { phoneString, yupFromSchema } from '@trungtam/shared/forms';
import { UpdateProfileBody } from '@trungtam/shared/schemas/users';
import { MESSAGES } from '@trungtam/shared/validation';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { changeOwnPassword, getProfile, updateProfile } from './api';
import { CalendarFeedCard } from './CalendarFeedCard';

export const ACCOUNT_TEXTS = {
  profileUpdated: 'Bạn đã cập nhật thông tin tài khoản thành công',
  profileUpdateFailed: MESSAGES.accountUpdateFailed,
  passwordUpdated: MESSAGES.passwordUpdated,
  confirmRequired: 'Mật khẩu xác nhận không được để trống',
  confirmMismatch: 'Mật khẩu xác nhận không khớp với mật khẩu mới',
  currentRequired: 'Mật khẩu hiện tại không được để trống',
} as const;

/**
 * Own name and phone: the name with the API's profile write schema (its limit and messages); the phone
 * with the accounts forms' rule (as the API checks it): a Vietnamese number once typed, while the one the
 * account holds (none, or one in an older format) passes while it is left as it is.
 */
const profileSchema = (storedPhone: string | null) =>
  yupFromSchema(UpdateProfileBody, { fields: ['name'] }).shape({
    phone_number: phoneString({ required: MESSAGES.phoneRequired, format: MESSAGES.phoneFormat, unchanged: storedPhone }),
  });

const passwordSchema = yup.object({
  password: yup.string().required(ACCOUNT_TEXTS.currentRequired),
  new_password: accountPasswordField(),
  confirm_password: yup
    .string()
    .required(ACCOUNT_TEXTS.confirmRequired)
    .oneOf([yup.ref('new_password')], ACCOUNT_TEXTS.confirmMismatch),
});

/** The API's own message (e.g. a wrong current password), or the generic failure text. */
function failureText(error: unknown): string {
  const body = apiErrorOf(error);
  if (body?.code === 'VALIDATION_FAILED' || body?.code === 'FORBIDDEN') {
    const first = body.fields ? Object.values(body.fields)[0] : undefined;
    return first ?? body.message;
  }
  // too many wrong current passwords (429): the API says when to try again
  return reasonOf(error, MESSAGES.passwordUpdateFailed);
}

function Overview() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const profile = useQuery({ queryKey: ['profile', user?.id ?? 0], queryFn: getProfile, enabled: !!user });
  if (!user) return null;
  const rows: Array<[string, string]> = [
    [t('account.name'), user.name],
    [t('account.email'), user.email],
    [t('account.phone'), user.phone_number || '-'],
    [t('account.type'), USER_TYPE_LABELS[user.type] ?? user.type],
    [t('account.role'), user.roles.map((r) => r.name).join(', ') || '-'],
    [t('account.center'), profile.data?.center?.name ?? '-'],
    [t('account.lastLogin'), formatDateTime(user.last_time_login)],
  ];
  return (
    <Card.Root>
      <Card.Header>
        <HStack gap="4">
          <UserInitials name={user.name} size="xl" />
          <Stack gap="0">
            <Heading as="h1" size="xl">
              {t('account.title')}
            </Heading>
            <Text color="fg.muted">{user.email}</Text>
          </Stack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack as="dl" gap="3" aria-label={t('account.title')}>
          {rows.map(([label, value]) => (
            <HStack key={label} gap="4" align="baseline">
              <Text as="dt" width="48" color="fg.muted" flexShrink={0}>
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {value}
              </Text>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const client = useQueryClient();
  const storedPhone = user?.phone_number ?? null;
  const schema = useMemo(() => profileSchema(storedPhone), [storedPhone]);
  if (!user) return null;
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('account.profile')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SubmitForm
          aria-label={t('account.profile')}
          initialValues={{ name: user.name, phone_number: user.phone_number ?? '' }}
          validationSchema={schema}
          successMessage={ACCOUNT_TEXTS.profileUpdated}
          failureMessage={ACCOUNT_TEXTS.profileUpdateFailed}
          onSubmit={(values) => updateProfile({ name: values.name.trim(), phone_number: values.phone_number.trim() })}
          onSuccess={(updated) => {
            useSession.getState().setUser(updated);
            void client.invalidateQueries({ queryKey: ['profile'] });
          }}
        >
          <Stack gap="4">
            <FormField name="name" label={t('account.name')} required autoComplete="name" />
            <FormField name="phone_number" type="tel" label={t('account.phone')} required autoComplete="tel" />
            <HStack justify="flex-end">
              <SubmitButton>{t('account.save')}</SubmitButton>
            </HStack>
          </Stack>
        </SubmitForm>
      </Card.Body>
    </Card.Root>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // a new form (empty fields) after each successful change
  const [round, setRound] = useState(0);
  if (!user) return null;
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('account.password')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SubmitForm
          key={round}
          aria-label={t('account.password')}
          initialValues={{ password: '', new_password: '', confirm_password: '' }}
          validationSchema={passwordSchema}
          successMessage={ACCOUNT_TEXTS.passwordUpdated}
          failureMessage={failureText}
          onSubmit={(values) => changeOwnPassword({ email: user.email, ...values })}
          onSuccess={(result) => {
            // this session goes on with the new token; the others were signed out by the change
            if (result.auth?.accessToken) useSession.setState({ accessToken: result.auth.accessToken });
            setRound((r) => r + 1);
          }}
        >
          <Stack gap="4">
              <FormField name="password" type="password" label={t('account.currentPassword')} required autoComplete="current-password" />
              <FormField name="new_password" type="password" label={t('account.newPassword')} required autoComplete="new-password" />
              <FormField name="confirm_password" type="password" label={t('account.confirmPassword')} required autoComplete="new-password" />
              <HStack justify="flex-end">
                <SubmitButton>{MESSAGES.changePasswordSubmit}</SubmitButton>
              </HStack>
            </Stack>
        </SubmitForm>
      </Card.Body>
    </Card.Root>
  );
}

export function AccountPage() {
  return (
    <Stack gap="6">
      <Overview />
      <CalendarFeedCard />
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <ProfileForm />
        <PasswordForm />
      </SimpleGrid>
    </Stack>
  );
}
