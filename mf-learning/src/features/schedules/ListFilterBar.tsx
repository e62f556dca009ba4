/**
 * The list view's own filters ("Từ ngày", "Đến ngày", "Điểm danh") and a line for each filter the list
 * was opened with that has no field (a student's absences, a course: the operations overview's links),
 * each with a way to clear it. A reversed period is said here; the page asks nothing for it.
 */
import { can } from '@trungtam/shared/permissions';
import { FilterSelect, useAccountNames } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, DateInput, Field, Flex, HStack, Text } from '@trungtam/shared/ui';
import { useCourseChoices } from '../../common/lookups';
import { SCHEDULES_TEXTS as T } from './texts';
import { ATTENDANCE_TAKEN, listPeriodProblem, type ScheduleListFilters } from './view';

export function ListFilterBar({ value, onChange }: { value: ScheduleListFilters; onChange: (next: Partial<ScheduleListFilters>) => void }) {
  const me = useCurrentUser();
  const problem = listPeriodProblem(value);
  const student = value.absent_student_id;
  const names = useAccountNames(student ? [student] : [], { enabled: !!student && can(me, 'User', 'GetOne') });
  const studentName = student ? (names.accountOf(student)?.name ?? T.studentName(student)) : '';
  const courses = useCourseChoices({ enabled: !!value.product_id && can(me, 'Product', 'GetAll') });
  const courseName = value.product_id ? (courses.rows.find((row) => row.product_id === value.product_id)?.name ?? T.courseName(value.product_id)) : '';

  return (
    <Box mb="4">
      <Flex gap="3" wrap="wrap" align="flex-end" role="search" aria-label={T.listFilters}>
        <Field.Root w="auto" invalid={!!problem}>
          <Field.Label>{T.from}</Field.Label>
          <DateInput value={value.from} onChange={(from) => onChange({ from })} w="36" />
        </Field.Root>
        <Field.Root w="auto" invalid={!!problem}>
          <Field.Label>{T.to}</Field.Label>
          <DateInput value={value.to} onChange={(to) => onChange({ to })} w="36" />
        </Field.Root>
        <Box minW={{ base: 'full', sm: '44' }}>
          <FilterSelect
            label={T.attendanceFilter}
            value={value.attendance_taken}
            options={ATTENDANCE_TAKEN.map((taken) => ({ value: taken, label: T.attendanceChoices[taken] }))}
            onChange={(taken) => onChange({ attendance_taken: (ATTENDANCE_TAKEN as readonly string[]).includes(taken) ? (taken as ScheduleListFilters['attendance_taken']) : '' })}
          />
        </Box>
      </Flex>
      {problem && (
        <Alert.Root status="error" role="alert" mt="3">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      {(student > 0 || value.product_id > 0) && (
        <Flex gap="2" wrap="wrap" mt="3">
          {student > 0 && <FilterLine text={T.absentOf(studentName)} clearLabel={T.clearAbsent(studentName)} onClear={() => onChange({ absent_student_id: 0 })} />}
          {value.product_id > 0 && <FilterLine text={T.courseOf(courseName)} clearLabel={T.clearCourse(courseName)} onClear={() => onChange({ product_id: 0 })} />}
        </Flex>
      )}
    </Box>
  );
}

/** A filter the list was opened with, said in words, with its "Bỏ lọc". */
function FilterLine({ text, clearLabel, onClear }: { text: string; clearLabel: string; onClear: () => void }) {
  return (
    <HStack gap="2" borderWidth="1px" borderRadius="full" ps="3" pe="1" py="0.5" bg="blue.subtle" maxW="full">
      <Text fontSize="sm" minW="0">
        {text}
      </Text>
      <Button size="2xs" variant="ghost" aria-label={clearLabel} onClick={onClear}>
        {T.clearFilter}
      </Button>
    </HStack>
  );
}
