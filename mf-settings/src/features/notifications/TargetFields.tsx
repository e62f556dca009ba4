/**
 * The form's recipient fields: the kind of target, then the choice that kind needs: an account type
 * (and optionally a centre), a centre, or one account picked from a search. A giáo vụ of a centre is
 * offered only that centre (the API limits their messages to it anyway).
 */
import type { Center, User } from '@trungtam/shared/contracts';
import { NOTIFICATION_TARGET_KINDS, type NotificationTargetKind, type NotificationTargetType } from '@trungtam/shared/contracts/notifications';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { isAdministrator } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Field, Input, NativeSelect, SelectField, SimpleGrid, Stack } from '@trungtam/shared/ui';
import { useField, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useCenterChoices, useUserChoices } from './api';
import { NOTIFICATION_SETTINGS_TEXTS as T, TARGET_KIND_LABELS, TARGET_TYPE_OPTIONS } from './texts';

/** The form's target values: the kind, and the choice of each kind (0 / '' when none). */
export interface TargetValues {
  kind: NotificationTargetKind | '';
  type: NotificationTargetType | '';
  center_id: number;
  user_id: number;
  /** The chosen account as it reads (the picker's search results may not hold it). */
  user_label: string;
}

const KIND_OPTIONS = NOTIFICATION_TARGET_KINDS.map((kind) => ({ value: kind, label: TARGET_KIND_LABELS[kind] }));
const SEARCH_DELAY_MS = 300;

const userLabel = (user: Pick<User, 'name' | 'email' | 'type'>) => `${user.name} (${user.email}) – ${USER_TYPE_LABELS[user.type]}`;

/** The centre a giáo vụ's messages are limited to (their form starts on it); null for everyone else. */
export function useOwnCenter(): number | null {
  const me = useCurrentUser();
  return me && me.type === 'academic_affair' && !isAdministrator(me) && me.center_id ? me.center_id : null;
}

function CenterField({ centers, optional }: { centers: Center[]; optional: boolean }) {
  const ownCenter = useOwnCenter();
  const choices = ownCenter ? centers.filter((center) => center.center_id === ownCenter) : centers;
  return (
    <SelectField
      name="center_id"
      label={T.center}
      options={choices.map((center) => ({ value: center.center_id, label: center.name }))}
      numeric
      required={!optional}
      // a group target may go to every centre, but a giáo vụ of a centre has only theirs
      placeholder={!optional ? T.centerPlaceholder : ownCenter ? undefined : T.everyCenter}
    />
  );
}

/** One account, chosen among those matching a search (the API's user list, in the sender's reach). */
function UserPicker() {
  const [field, meta] = useField<number>('user_id');
  const [labelField] = useField<string>('user_label');
  const { submitCount, values, setValues } = useFormikContext<TargetValues>();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useUserChoices(query, true).data ?? [];
  const options = users.map((user) => ({ value: user.id, label: userLabel(user) }));
  // the chosen account stays offered whatever the search shows
  if (field.value && !options.some((option) => option.value === field.value)) options.unshift({ value: field.value, label: labelField.value || `#${field.value}` });
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{T.userSearch}</Field.Label>
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field.Root>
      <Field.Root invalid={!!error} required>
        <Field.Label>
          {T.user}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="user_id"
            value={String(field.value || 0)}
            onBlur={field.onBlur}
            onChange={(event) => {
              const id = Number(event.target.value);
              // one update: two field updates in a row would validate the second against the stale first
              void setValues({ ...values, user_id: id, user_label: options.find((option) => option.value === id)?.label ?? '' });
            }}
          >
            <option value="0">{options.length ? T.userPlaceholder : T.userNone}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}

export function TargetFields() {
  const { values } = useFormikContext<TargetValues>();
  const centers = useCenterChoices(values.kind !== '' && values.kind !== 'user').data ?? [];
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <SelectField name="kind" label={T.kind} options={KIND_OPTIONS} placeholder={T.kindPlaceholder} required />
      {values.kind === 'type' && <SelectField name="type" label={T.type} options={TARGET_TYPE_OPTIONS} placeholder={T.typePlaceholder} required />}
      {(values.kind === 'type' || values.kind === 'all') && <CenterField centers={centers} optional />}
      {values.kind === 'center' && <CenterField centers={centers} optional={false} />}
      {values.kind === 'user' && <UserPicker />}
    </SimpleGrid>
  );
}
