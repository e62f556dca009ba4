/**
 * Accounts chosen among those matching a search (the API's user list, already narrowed to the user's
 * reach), as formik fields: a search box, then a select of the first matches.
 * - `AccountPicker`: one account. The chosen account stays offered whatever the search shows, read from
 *   the form's label field (the matches may not hold it).
 * - `AccountListPicker`: several, each added from the matches and listed with a button to take it out.
 * (The search, how an account reads and `useAccountNames` are in accounts.ts.)
 */
import type { User, UserType } from '@trungtam/shared/contracts';
import { Button, CloseButton, Field, Flex, HStack, Input, NativeSelect, Stack, Text } from '@trungtam/shared/ui/core';
import { useField, useFormikContext, type FormikValues } from 'formik';
import { useEffect, useState } from 'react';
import { accountLabel, useAccountSearch, type ChosenAccount } from './accounts';

const SEARCH_DELAY_MS = 300;

/** The search box's text, and the search it settles on once typing pauses. */
function useSettledSearch() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  return { search, setSearch, query };
}

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

export interface SearchPickerProps<Row> {
  /** The form's field holding the chosen row's id (0: none). */
  name: string;
  /** The form's field holding how the chosen row reads. */
  labelName: string;
  texts: { search: string; field: string; placeholder: string; none: string };
  /** The rows matching a search (a hook: called on every render with the settled search). */
  useMatches: (query: string) => Row[];
  idOf: (row: Row) => number;
  labelOf: (row: Row) => string;
  /** Other values the choice sets at once (from the row chosen, or null for none). */
  valuesOf?: (row: Row | null) => Record<string, unknown>;
  required?: boolean;
}

/**
 * One row chosen among those matching a search, as formik fields: a search box, then a select of the first
 * matches. The chosen row stays offered whatever the search shows, read from the form's label field (the
 * matches may not hold it). AccountPicker is one; an area picks its own rows (a class) with it.
 */
export function SearchPicker<Row>({ name, labelName, texts, useMatches, idOf, labelOf, valuesOf, required = true }: SearchPickerProps<Row>) {
  const [field, meta] = useField<number>(name);
  const [labelField] = useField<string>(labelName);
  const { submitCount, values, setValues } = useFormikContext<FormikValues>();
  const { search, setSearch, query } = useSettledSearch();
  const rows = useMatches(query);
  const options = rows.map((row) => ({ value: idOf(row), label: labelOf(row) }));
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
              const row = rows.find((candidate) => idOf(candidate) === id) ?? null;
              // one update: two field updates in a row would validate the second against the stale first;
              // the chosen row no longer among the matches keeps the values it set
              void setValues({ ...values, [name]: id, [labelName]: options.find((option) => option.value === id)?.label ?? '', ...(id && !row ? {} : valuesOf?.(row)) });
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

export function AccountPicker({ type, optionLabel = accountLabel, ...props }: AccountPickerProps) {
  const useMatches = (query: string) => useAccountSearch(query, { type }).data ?? [];
  return <SearchPicker<User> {...props} useMatches={useMatches} idOf={(user) => user.id} labelOf={optionLabel} />;
}

export interface AccountListPickerProps {
  /** The form's field holding the chosen accounts (ChosenAccount[]). */
  name: string;
  /** Only accounts of this type. */
  type?: UserType;
  texts: {
    search: string;
    field: string;
    placeholder: string;
    none: string;
    add: string;
    /** The accessible name of the button that takes `label` out. */
    remove: (label: string) => string;
    /** Shown while none is chosen. */
    empty: string;
  };
  optionLabel?: (user: User) => string;
}

/** Several accounts: pick one of the matches, add it; the chosen ones listed, each with a button to take it out. */
export function AccountListPicker({ name, type, texts, optionLabel = accountLabel }: AccountListPickerProps) {
  const [field, , helpers] = useField<ChosenAccount[]>(name);
  const chosen = field.value ?? [];
  const { search, setSearch, query } = useSettledSearch();
  const [picked, setPicked] = useState(0);
  const users = useAccountSearch(query, { type }).data ?? [];
  const options = users.filter((user) => !chosen.some((account) => account.id === user.id)).map((user) => ({ value: user.id, label: optionLabel(user), name: user.name }));
  const pickedOption = options.find((option) => option.value === picked);
  const set = (next: ChosenAccount[]) => {
    void helpers.setValue(next);
    void helpers.setTouched(true, false);
  };
  const add = () => {
    if (!pickedOption) return;
    set([...chosen, { id: pickedOption.value, label: pickedOption.label, name: pickedOption.name }]);
    setPicked(0);
  };
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{texts.search}</Field.Label>
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field.Root>
      <Flex gap="2" align="flex-end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
        <Field.Root flex="1" minW="0">
          <Field.Label>{texts.field}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={String(pickedOption ? picked : 0)} onChange={(event) => setPicked(Number(event.target.value))}>
              <option value="0">{options.length ? texts.placeholder : texts.none}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button variant="outline" onClick={add} disabled={!pickedOption}>
          {texts.add}
        </Button>
      </Flex>
      {chosen.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {texts.empty}
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-label={texts.field}>
          {chosen.map((account) => (
            <HStack as="li" key={account.id} justify="space-between" gap="2" borderWidth="1px" borderRadius="md" px="3" py="1">
              <Text fontSize="sm" minW="0" wordBreak="break-word">
                {account.label}
              </Text>
              <CloseButton size="xs" aria-label={texts.remove(account.label)} onClick={() => set(chosen.filter((other) => other.id !== account.id))} />
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
