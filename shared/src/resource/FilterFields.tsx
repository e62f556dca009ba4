/**
 * The fields a filter dropdown is made of: a labelled text box and a labelled choice. Built with the kit,
 * they download with the dropdown's popover (lazyForms.ts).
 */
import { Field, Input, NativeSelect } from '@trungtam/shared/ui/core';

export interface FilterOption {
  value: string | number;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string | number;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

export function FilterSelect({ label, value, options, onChange }: FilterSelectProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={String(value)} onChange={(event) => onChange(event.target.value)}>
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export interface FilterTextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: 'text' | 'search';
  inputMode?: 'text' | 'numeric';
}

export function FilterText({ label, value, onChange, placeholder, type = 'text', inputMode }: FilterTextProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input type={type} inputMode={inputMode} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field.Root>
  );
}
