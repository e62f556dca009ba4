/**
 * The weekly pattern of the class form: one row per weekly session (weekday, start time, duration),
 * added and removed with buttons, each control labelled for screen readers and the keyboard.
 */
import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@trungtam/shared/ui';
import { useField, useFormikContext } from 'formik';
import { NEW_SLOT, patternProblem, WEEKDAY_OPTIONS, type SlotDraft } from './pattern';

export const PATTERN_TEXTS = {
  legend: 'Lịch trong tuần',
  help: 'Mỗi dòng là một buổi học hằng tuần. Buổi học được tạo từ ngày bắt đầu cho đến khi đủ số buổi của gói khoá học.',
  weekday: 'Thứ',
  time: 'Giờ bắt đầu',
  timePlaceholder: 'HH:mm',
  duration: 'Thời lượng (phút)',
  add: 'Thêm buổi trong tuần',
  remove: (n: number) => `Xoá buổi ${n}`,
  row: (n: number) => `Buổi ${n}`,
} as const;

export function PatternEditor({ name = 'slots', readOnly = false }: { name?: string; readOnly?: boolean }) {
  const [field, , helpers] = useField<SlotDraft[]>(name);
  const { submitCount } = useFormikContext();
  const slots = field.value ?? [];
  const problem = patternProblem(slots);
  const set = (index: number, change: Partial<SlotDraft>) => void helpers.setValue(slots.map((slot, i) => (i === index ? { ...slot, ...change } : slot)));
  const last = slots[slots.length - 1];

  return (
    <Stack gap="3" role="group" aria-label={PATTERN_TEXTS.legend}>
      <Text fontSize="sm" color="fg.muted">
        {PATTERN_TEXTS.help}
      </Text>
      {slots.map((slot, index) => (
        <HStack key={index} gap="3" align="flex-end" flexWrap="wrap" aria-label={PATTERN_TEXTS.row(index + 1)} role="group">
          <Field.Root w={{ base: 'full', sm: '40' }}>
            <Field.Label>{PATTERN_TEXTS.weekday}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label={`${PATTERN_TEXTS.weekday} — ${PATTERN_TEXTS.row(index + 1)}`}
                value={String(slot.weekday)}
                onChange={(event) => set(index, { weekday: Number(event.target.value) })}
              >
                {WEEKDAY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w={{ base: '36', sm: '32' }}>
            <Field.Label>{PATTERN_TEXTS.time}</Field.Label>
            {/* text, not type="time": a browser shows its time input on its own locale's clock (06:00 PM in
                English); the screens read 24-hour times, HH:mm, checked by patternProblem */}
            <Input
              type="text"
              inputMode="numeric"
              placeholder={PATTERN_TEXTS.timePlaceholder}
              maxLength={5}
              aria-label={`${PATTERN_TEXTS.time} — ${PATTERN_TEXTS.row(index + 1)}`}
              value={slot.time}
              onChange={(event) => set(index, { time: event.target.value })}
            />
          </Field.Root>
          <Field.Root w={{ base: '36', sm: '36' }}>
            <Field.Label>{PATTERN_TEXTS.duration}</Field.Label>
            <Input
              type="number"
              min={15}
              max={480}
              step={15}
              aria-label={`${PATTERN_TEXTS.duration} — ${PATTERN_TEXTS.row(index + 1)}`}
              value={String(slot.duration)}
              onChange={(event) => set(index, { duration: event.target.value === '' ? '' : Number(event.target.value) })}
            />
          </Field.Root>
          {!readOnly && (
            <IconButton aria-label={PATTERN_TEXTS.remove(index + 1)} variant="ghost" onClick={() => void helpers.setValue(slots.filter((_, i) => i !== index))}>
              ✕
            </IconButton>
          )}
        </HStack>
      ))}
      {!readOnly && (
        <Box>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void helpers.setValue([...slots, last ? { ...last, weekday: (last.weekday + 2) % 7 } : NEW_SLOT])}
          >
            + {PATTERN_TEXTS.add}
          </Button>
        </Box>
      )}
      {problem && (submitCount > 0 || slots.length > 0) && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
