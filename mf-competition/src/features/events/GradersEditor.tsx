/**
 * The graders of an event in its form: one row per assignment (a subject, the teacher who grades it),
 * added and removed with buttons. Staff grade every subject without being listed; a teacher grades only
 * the subjects listed for them here. The same teacher twice on one subject is flagged on the row.
 */
import { COMPETITION_LIMITS, COMPETITION_TEXT } from '@trungtam/shared/contracts/competition';
import { PlusIcon, TrashIcon } from '@trungtam/shared/icons';
import { Box, Button, HStack, IconButton, SelectField, Stack, Text } from '@trungtam/shared/ui';
import { useField } from 'formik';
import * as yup from 'yup';

export const GRADERS_TEXTS = {
  legend: 'Phân công chấm thi',
  help: 'Mỗi dòng là một giáo viên chấm một môn thi. Quản trị viên và giáo vụ chấm được mọi môn, không cần phân công.',
  none: 'Chưa phân công giáo viên chấm thi.',
  topic: 'Môn thi',
  teacher: 'Giáo viên chấm',
  chooseTopic: 'Chọn môn thi',
  chooseTeacher: 'Chọn giáo viên',
  teacherRequired: 'Giáo viên chấm cần được chọn',
  add: 'Thêm phân công chấm thi',
  row: (n: number) => `Phân công ${n}`,
  remove: (n: number) => `Xoá phân công ${n}`,
} as const;

/** One assignment as the form edits it (0: not chosen yet). */
export interface GraderDraft {
  /** Keys the row on screen. */
  key: string;
  topic_id: number;
  user_id: number;
}

let nextKey = 0;
export const newGraderKey = () => `grader-${(nextKey += 1)}`;

/** The rows' rules: both chosen, at most 200, never the same pair twice (flagged on the later row). */
export const gradersSchema = yup
  .array(
    yup.object({
      topic_id: yup.number().min(1, COMPETITION_TEXT.topicRequired).required(COMPETITION_TEXT.topicRequired),
      user_id: yup.number().min(1, GRADERS_TEXTS.teacherRequired).required(GRADERS_TEXTS.teacherRequired),
    }),
  )
  .max(COMPETITION_LIMITS.gradersMax, COMPETITION_TEXT.gradersMax)
  .test('twice', (rows, context) => {
    const seen = new Set<string>();
    for (const [index, row] of (rows ?? []).entries()) {
      if (!row.topic_id || !row.user_id) continue;
      const pair = `${row.topic_id}:${row.user_id}`;
      if (seen.has(pair)) return context.createError({ path: `${context.path}[${index}].user_id`, message: COMPETITION_TEXT.graderTwice });
      seen.add(pair);
    }
    return true;
  });

type Options = ReadonlyArray<{ value: number; label: string }>;

export function GradersEditor({ name = 'graders', topics, teachers }: { name?: string; topics: Options; teachers: Options }) {
  const [field, meta, helpers] = useField<GraderDraft[]>(name);
  const rows = field.value ?? [];
  // an error of the whole list (too many rows) rather than of one row
  const listError = typeof meta.error === 'string' ? meta.error : null;
  return (
    <Stack gap="3" role="group" aria-label={GRADERS_TEXTS.legend}>
      <Text fontSize="sm" color="fg.muted">
        {GRADERS_TEXTS.help}
      </Text>
      {rows.length === 0 && <Text fontSize="sm">{GRADERS_TEXTS.none}</Text>}
      {rows.map((row, index) => (
        <HStack key={row.key} role="group" aria-label={GRADERS_TEXTS.row(index + 1)} gap="3" align="flex-start" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
          <Box flex="1" minW="48">
            <SelectField name={`${name}.${index}.topic_id`} label={GRADERS_TEXTS.topic} options={topics} numeric placeholder={GRADERS_TEXTS.chooseTopic} required />
          </Box>
          <Box flex="1" minW="48">
            <SelectField name={`${name}.${index}.user_id`} label={GRADERS_TEXTS.teacher} options={teachers} numeric placeholder={GRADERS_TEXTS.chooseTeacher} required />
          </Box>
          <IconButton
            aria-label={GRADERS_TEXTS.remove(index + 1)}
            title={GRADERS_TEXTS.remove(index + 1)}
            size="sm"
            variant="ghost"
            colorPalette="red"
            mt={{ base: '0', md: '7' }}
            onClick={() => void helpers.setValue(rows.filter((_, i) => i !== index))}
          >
            <TrashIcon />
          </IconButton>
        </HStack>
      ))}
      {listError && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {listError}
        </Text>
      )}
      <Box>
        <Button
          size="sm"
          variant="outline"
          disabled={rows.length >= COMPETITION_LIMITS.gradersMax}
          onClick={() => void helpers.setValue([...rows, { key: newGraderKey(), topic_id: 0, user_id: 0 }])}
        >
          <PlusIcon />
          {GRADERS_TEXTS.add}
        </Button>
      </Box>
    </Stack>
  );
}
