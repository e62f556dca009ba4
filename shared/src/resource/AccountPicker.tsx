/**
 * One account chosen among those matching a search (the API's user list, already narrowed to the user's
 * reach), as a formik field: a search box, then a select of the first matches. The chosen account stays
 * offered whatever the search shows, read from the form's label field (the matches may not hold it).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult, User, UserType } from '@trungtam/shared/contracts';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { Field, Input, NativeSelect, Stack } from '@trungtam/shared/ui';
import { useField, useFormikContext, type FormikValues } from 'formik';
import { useEffect, useState } from 'react';

/** The accounts matching `search` (name, email, phone), of one type or any, the newest first: a picker shows the first 20. */
export const ACCOUNT_PICKER_SIZE = 20;
const SEARCH_DELAY_MS = 300;

export function useAccountSearch(search: string, { type, enabled = true }: { type?: UserType; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['users', 'choices', type ?? 'any', search],
    queryFn: async () => {
      const response = await api.get<ApiData<ListResult<User>>>('/user/list', {
        params: { limit: ACCOUNT_PICKER_SIZE, page: 1, sort_column: 'id', sort_type: 'DESC', type, search: search || undefined },
      });
      return response.data.data?.rows ?? [];
    },
    enabled,
    staleTime: 30_000,
  });
}

export const accountLabel = (user: Pick<User, 'name' | 'email' | 'type'>) => `${user.name} (${user.email}) – ${USER_TYPE_LABELS[user.type]}`;

export interface AccountPickerProps {
  /** The form's field holding the chosen account's id (0: none). */
  name: string;
  /** The form's field holding how the chosen account reads. */
  labelName: string;
  /** Only accounts of this type. */
  type?: UserType;
  texts: { search: string; field: string; placeholder: string; none: string };
  optionLabel?: (user: User) => string;
  /** Other values the choice sets at once (from the account chosen, or null for none). */
  valuesOf?: (user: User | null) => Record<string, unknown>;
  required?: boolean;
}

export function AccountPicker({ name, labelName, type, texts, optionLabel = accountLabel, valuesOf, required = true }: AccountPickerProps) {
  const [field, meta] = useField<number>(name);
  const [labelField] = useField<string>(labelName);
  const { submitCount, values, setValues } = useFormikContext<FormikValues>();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useAccountSearch(query, { type }).data ?? [];
  const options = users.map((user) => ({ value: user.id, label: optionLabel(user) }));
  if (field.value && !options.some((option) => option.value === field.value)) options.unshift({ value: field.value, label: labelField.value || `#${field.value}` });
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{texts.search}</Field.Label>
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field.Root>
      <Field.Root invalid={!!error} required={required}>
        <Field.Label>
          {texts.field}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name={name}
            value={String(field.value || 0)}
            onBlur={field.onBlur}
            onChange={(event) => {
              const id = Number(event.target.value);
              const user = users.find((row) => row.id === id) ?? null;
              // one update: two field updates in a row would validate the second against the stale first;
              // the chosen account no longer among the matches keeps the values it set
              void setValues({ ...values, [name]: id, [labelName]: options.find((option) => option.value === id)?.label ?? '', ...(id && !user ? {} : valuesOf?.(user)) });
            }}
          >
            <option value="0">{options.length ? texts.placeholder : texts.none}</option>
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
