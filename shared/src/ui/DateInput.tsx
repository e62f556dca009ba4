/**
 * A date box that reads and writes DD/MM/YYYY whatever the browser's locale (a native date input shows
 * MM/DD/YYYY on an en-US browser), while its value is 'YYYY-MM-DD' as the API takes it. Typing digits
 * inserts the slashes; a complete real date is applied at once; an incomplete or impossible one is
 * marked invalid and, on leaving the box, the last good date comes back. Empty means "no date".
 */
import { Input, type InputProps } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { useEffect, useState } from 'react';
import { isIsoDate } from '../isoDate';

export const DATE_INPUT_PLACEHOLDER = 'DD/MM/YYYY';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' ('' for anything else). */
export function isoToDisplay(iso: string): string {
  return isIsoDate(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

/** 'DD/MM/YYYY' (one-digit day and month allowed) → 'YYYY-MM-DD', or null when it is not a real date. */
export function displayToIso(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/** Keeps digits, putting the slashes after the day and the month as the user types. */
function maskDigits(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
}

export function DateInput({ value, onChange, onBlur, ...rest }: DateInputProps) {
  const [text, setText] = useState(() => isoToDisplay(value));
  useEffect(() => setText(isoToDisplay(value)), [value]);
  const complete = text === '' || displayToIso(text) !== null;

  return (
    <Input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_INPUT_PLACEHOLDER}
      maxLength={10}
      value={text}
      aria-invalid={!complete || undefined}
      onChange={(event) => {
        const raw = event.target.value;
        // typed slashes are kept as they are (1/2/2026); bare digits get them inserted
        const next = raw.includes('/') && /^[\d/]*$/.test(raw) ? raw : maskDigits(raw);
        setText(next);
        if (next === '') onChange('');
        else {
          const iso = displayToIso(next);
          if (iso) onChange(iso);
        }
      }}
      onBlur={(event) => {
        if (!complete) setText(isoToDisplay(value));
        onBlur?.(event);
      }}
    />
  );
}
