/**
 * "Tự đăng ký tài khoản" (/settings/self-signup, System Update): whether visitors may sign up on their
 * own (GET /auth/registration-mode, PUT /system/self-signup). Open: a working student account at once;
 * needs approval (the default): the account waits in the students list's "Chờ duyệt" until staff approve
 * it into a centre and a class; closed: the registration page says so and the API refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, refusalOf } from '@trungtam/shared/api';
import { SELF_SIGNUP_MODES, type ApiData, type SelfSignupMode, type SelfSignupSetting } from '@trungtam/shared/contracts';
import { SELF_SIGNUP_LABELS } from '@trungtam/shared/labels';
import { Box, Card, Heading, RadioGroup, Stack, StateNotice, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';

export const SELF_SIGNUP_TEXTS = {
  title: 'Tự đăng ký tài khoản',
  intro: 'Học viên tự tạo tài khoản ở trang "Tạo tài khoản". Chọn cách trung tâm nhận những tài khoản đó.',
  mode: 'Chế độ đăng ký',
  save: 'Lưu',
  saved: 'Đã lưu chế độ đăng ký',
  failed: 'Không lưu được chế độ đăng ký, mời bạn thử lại',
  queueHint: 'Tài khoản chờ duyệt nằm trong "Danh sách học viên", nút "Chờ duyệt".',
} as const;
const T = SELF_SIGNUP_TEXTS;

const KEY = ['self-signup'] as const;

export function SelfSignupPage({ formDelayMs }: { formDelayMs?: number }) {
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<ApiData<SelfSignupSetting>>('/auth/registration-mode')).data.data,
  });
  const save = useMutation({
    mutationFn: async (body: SelfSignupSetting) => (await api.put<ApiData<SelfSignupSetting>>('/system/self-signup', body)).data.data,
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
  return (
    <Box maxW="3xl">
      <Box mb="5">
        <Heading as="h1" size="lg">
          {T.title}
        </Heading>
        <Text color="fg.muted">{T.intro}</Text>
      </Box>
      <Card.Root>
        <Card.Body>
          <StateNotice loading={setting.isPending} failed={setting.isError} rowCount={setting.data ? 1 : 0} onRetry={() => void setting.refetch()} />
          {setting.data && (
            <SubmitForm<{ mode: SelfSignupMode }>
              key={setting.data.mode}
              aria-label={T.title}
              initialValues={{ mode: setting.data.mode }}
              delayMs={formDelayMs}
              onSubmit={(values) => save.mutateAsync(values)}
              failureMessage={(error) => refusalOf(error, T.failed)}
              successMessage={T.saved}
            >
              {(formik) => (
                <Stack gap="4">
                  <RadioGroup.Root
                    aria-label={T.mode}
                    name="mode"
                    value={formik.values.mode}
                    onValueChange={(event) => {
                      const mode = SELF_SIGNUP_MODES.find((m) => m === event.value);
                      if (mode) void formik.setFieldValue('mode', mode);
                    }}
                  >
                    <Stack gap="3">
                      {SELF_SIGNUP_MODES.map((mode) => (
                        <RadioGroup.Item key={mode} value={mode} minH="11">
                          <RadioGroup.ItemHiddenInput />
                          <RadioGroup.ItemIndicator />
                          <RadioGroup.ItemText>{SELF_SIGNUP_LABELS[mode]}</RadioGroup.ItemText>
                        </RadioGroup.Item>
                      ))}
                    </Stack>
                  </RadioGroup.Root>
                  <Text fontSize="sm" color="fg.muted">
                    {T.queueHint}
                  </Text>
                  <Box>
                    <SubmitButton>{T.save}</SubmitButton>
                  </Box>
                </Stack>
              )}
            </SubmitForm>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
