/**
 * One class chosen among those matching a search (the class list, already narrowed to the user's reach),
 * as formik fields: a search box, then a select of the first matches, each with its centre. The chosen
 * class stays offered whatever the search shows, read from the form's label field.
 */
import type { LearningClass } from '@trungtam/shared/contracts/learning';
import { Field, Input, NativeSelect, Stack } from '@trungtam/shared/ui';
import { useField, useFormikContext, type FormikValues } from 'formik';
import { useEffect, useState } from 'react';
import { useClassSearch } from './familyApi';

const SEARCH_DELAY_MS = 300;

export const classLabel = (row: LearningClass) => (row.room?.center ? `${row.class_name} – ${row.room.center.name}` : row.class_name);

export interface ClassPickerProps {
  /** The form's field holding the chosen class's id (0: none), and the one holding how it reads. */
  name: string;
  labelName: string;
  texts: { search: string; field: string; placeholder: string; none: string };
}

export function ClassPicker({ name, labelName, texts }: ClassPickerProps) {
  const [field, meta] = useField<number>(name);
  const [labelField] = useField<string>(labelName);
  const { submitCount, values, setValues } = useFormikContext<FormikValues>();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const classes = useClassSearch(query, true).data ?? [];
  const options = classes.map((row) => ({ value: row.class_id, label: classLabel(row) }));
  if (field.value && !options.some((option) => option.value === field.value)) options.unshift({ value: field.value, label: labelField.value || `#${field.value}` });
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{texts.search}</Field.Label>
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Field.Root>
      <Field.Root invalid={!!error} required>
        <Field.Label>
          {texts.field}
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name={name}
            value={String(field.value || 0)}
            onBlur={field.onBlur}
            onChange={(event) => {
              const id = Number(event.target.value);
              // one update: two field updates in a row would validate the second against the stale first
              void setValues({ ...values, [name]: id, [labelName]: options.find((option) => option.value === id)?.label ?? '' });
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
