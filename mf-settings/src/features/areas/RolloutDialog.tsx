/**
 * "Phát hành thử nghiệm": one of the area's builds (not the stable one) as its candidate, and who gets it
 * (PUT /system/remote/rollout, which replaces any candidate and rollout the area had). The form opens on
 * the current candidate and rollout when there is one. The sentence under the form says who will get the
 * build as the choices stand; a refusal (409, 400) shows the API's message in the form, every choice kept.
 */
import { refusalOf } from '@trungtam/shared/api';
import { REMOTE_TEXT } from '@trungtam/shared/contracts/remotes';
import { formatDateMinute } from '@trungtam/shared/format';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { USER_TYPES, type UserType } from '@trungtam/shared/permissions';
import { accountLabel, AccountListPicker, type ChosenAccount } from '@trungtam/shared/resource';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { Alert, Button, CheckboxGroupField, FormField, FullscreenModal, HStack, notifySuccess, SelectField, SimpleGrid, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import * as yup from 'yup';
import { useRollout, type RolloutRequest } from './api';
import type { RolloutLookups } from './lookups';
import { AREAS_TEXTS as T, describeRollout } from './texts';
import { areaLabel } from '../../common/areaLabels';

export interface RolloutValues {
  candidate_version: string;
  /** '' while the field is empty. */
  percent: number | '';
  types: UserType[];
  role_ids: number[];
  center_ids: number[];
  users: ChosenAccount[];
}

const percentField = yup.number().typeError(REMOTE_TEXT.percent).required(REMOTE_TEXT.percent).integer(REMOTE_TEXT.percent).min(0, REMOTE_TEXT.percent).max(100, REMOTE_TEXT.percent);

const schema = yup.object({
  candidate_version: yup.string().required(T.buildRequired),
  percent: percentField,
  types: yup.array(yup.string().oneOf([...USER_TYPES]).required()).required(),
  role_ids: yup.array(yup.number().integer().required()).required(),
  center_ids: yup.array(yup.number().integer().required()).required(),
  users: yup.array().required(),
});

const TYPE_OPTIONS = USER_TYPES.map((type) => ({ value: type, label: USER_TYPE_LABELS[type] }));

/** The builds a candidate may be: every one but the stable build, newest first. */
export const candidateBuilds = (area: RemoteArea) => area.builds.filter((build) => build.version !== area.stable.version);

/** Every list is sent, empty ones too: the rollout replaces the one before, filters and all. */
export function toRolloutRequest(area: string, values: RolloutValues): RolloutRequest {
  return {
    area,
    candidate_version: values.candidate_version,
    rollout: {
      percent: Number(values.percent),
      types: values.types,
      role_ids: values.role_ids,
      center_ids: values.center_ids,
      user_ids: values.users.map((user) => user.id),
    },
  };
}

function initialValues(area: RemoteArea, lookups: RolloutLookups): RolloutValues {
  const rollout = area.rollout;
  const labelOf = (id: number) => {
    const account = lookups.users.accountOf(id);
    return account ? accountLabel(account) : lookups.users.nameOf(id);
  };
  return {
    candidate_version: area.candidate?.version ?? candidateBuilds(area)[0]?.version ?? '',
    percent: rollout?.percent ?? 0,
    types: (rollout?.types ?? []).filter((type): type is UserType => (USER_TYPES as readonly string[]).includes(type)),
    role_ids: rollout?.role_ids ?? [],
    center_ids: rollout?.center_ids ?? [],
    users: (rollout?.user_ids ?? []).map((id) => ({ id, label: labelOf(id), name: lookups.users.nameOf(id) })),
  };
}

/** Who gets the build as the form stands, read out as it changes. */
function Summary({ lookups }: { lookups: RolloutLookups }) {
  const { values } = useFormikContext<RolloutValues>();
  const names = { ...lookups.names, user: (id: number) => values.users.find((user) => user.id === id)?.name ?? lookups.names.user(id) };
  const percent = typeof values.percent === 'number' && values.percent >= 0 && values.percent <= 100 ? values.percent : null;
  return (
    <Text aria-live="polite" fontWeight="medium">
      {percent === null ? REMOTE_TEXT.percent : T.summary(describeRollout({ ...values, percent, user_ids: values.users.map((user) => user.id) }, names))}
    </Text>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="4">
      <Text fontWeight="semibold" fontSize="md">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

export interface RolloutDialogProps {
  /** The area whose candidate is set; null when closed. */
  area: RemoteArea | null;
  onClose: () => void;
  lookups: RolloutLookups;
  /** The form's wait before its call (1 second; tests pass 0). */
  formDelayMs?: number;
}

export function RolloutDialog({ area, onClose, lookups, formDelayMs }: RolloutDialogProps) {
  const rollout = useRollout();
  const title = area ? T.rolloutTitle(areaLabel(area.name)) : '';
  return (
    <FullscreenModal open={area !== null} onClose={onClose} title={title} closeLabel={T.close}>
      {area && (
        <SubmitForm<RolloutValues, RemoteArea>
          key={area.name}
          aria-label={title}
          initialValues={initialValues(area, lookups)}
          validationSchema={schema}
          delayMs={formDelayMs}
          onSubmit={(values) => rollout.mutateAsync(toRolloutRequest(area.name, values))}
          failureMessage={(error) => refusalOf(error, T.failed)}
          onSuccess={(_saved, values) => {
            // the toast names the build, so it is told here rather than as a fixed text
            notifySuccess(T.rolledOut(areaLabel(area.name), values.candidate_version));
            onClose();
          }}
        >
          <Stack gap="8" maxW="3xl" mx="auto">
            {area.candidate && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{T.replaces(area.candidate.version)}</Alert.Title>
              </Alert.Root>
            )}
            <Section title={T.buildSection}>
              <SelectField
                name="candidate_version"
                label={T.build}
                required
                placeholder={T.buildPlaceholder}
                options={candidateBuilds(area).map((build) => ({ value: build.version, label: T.buildOption(build.version, formatDateMinute(build.released_at)) }))}
              />
            </Section>
            <Section title={T.whoSection}>
              <Text fontSize="sm" color="fg.muted">
                {T.whoHelp}
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="percent" type="number" label={T.percent} required />
              </SimpleGrid>
              <CheckboxGroupField name="types" label={T.types} helperText={T.noFilter} options={TYPE_OPTIONS} columns={4} />
              {lookups.may.roles && <CheckboxGroupField name="role_ids" label={T.roles} helperText={T.noFilter} options={lookups.roles.options} columns={3} />}
              {lookups.may.centers && <CheckboxGroupField name="center_ids" label={T.centers} helperText={T.noFilter} options={lookups.centers.options} columns={3} />}
              {lookups.may.users && (
                <Stack gap="2">
                  <Text fontSize="sm" fontWeight="medium">
                    {T.users}
                  </Text>
                  <AccountListPicker
                    name="users"
                    texts={{
                      search: T.userSearch,
                      field: T.users,
                      placeholder: T.userPlaceholder,
                      none: T.userNone,
                      add: T.userAdd,
                      remove: T.userRemove,
                      empty: T.usersEmpty,
                    }}
                  />
                </Stack>
              )}
            </Section>
            <Summary lookups={lookups} />
            <HStack justify="flex-end" gap="3">
              <Button variant="outline" onClick={onClose}>
                {T.cancel}
              </Button>
              <SubmitButton>{T.rolloutSubmit}</SubmitButton>
            </HStack>
          </Stack>
        </SubmitForm>
      )}
    </FullscreenModal>
  );
}
