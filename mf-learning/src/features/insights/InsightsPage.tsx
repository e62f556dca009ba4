/**
 * "Tổng quan vận hành" at /learning/insights: the operator's figures across the centres, over a period
 * (the last 8 weeks by default) and for a centre, a course and a teacher, all kept in the URL. Each section
 * reads its own figures (GET /learning/insights/<section>) and says its own loading, failure and empty
 * states; every figure opens the list behind it; every chart has its table. The API keeps a giáo vụ to
 * their centre. On a phone the filters stack and each table row is a card.
 */
import { defaultInsightFrom, insightPeriodProblem } from '@trungtam/shared/contracts/insights';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { can } from '@trungtam/shared/permissions';
import { dateParam, FilterSelect, intParam, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Box, DateInput, Field, Flex, Heading, Stack } from '@trungtam/shared/ui';
import { ownCenterOf, useAccountChoices, useCenterChoices, useCourseChoices } from '../../common/lookups';
import { ReportProblems } from '../../common/reportParts';
import { AttendanceSection } from './AttendanceSection';
import { CapacitySection } from './CapacitySection';
import { EnrolmentSection } from './EnrolmentSection';
import type { InsightParams } from './insightParts';
import { INSIGHTS_TEXTS as T } from './insightTexts';
import { MoneySection } from './MoneySection';

export { INSIGHTS_TEXTS } from './insightTexts';

interface InsightScreenFilters {
  from: string;
  to: string;
  center_id: number;
  product_id: number;
  teacher_id: number;
}
const FILTERS: FilterCodecs<InsightScreenFilters> = {
  from: dateParam('from', () => defaultInsightFrom(operatorToday()), 'range'),
  to: dateParam('to', operatorToday, 'range'),
  center_id: intParam('center_id'),
  product_id: intParam('product_id'),
  teacher_id: intParam('teacher_id'),
};

export function InsightsPage() {
  const me = useCurrentUser();
  const view = useUrlListView(FILTERS);
  const { filters } = view;
  const mayListCentres = can(me, 'LearningCenter', 'GetAll');
  const mayListCourses = can(me, 'Product', 'GetAll');
  const mayListTeachers = can(me, 'User', 'GetAll');
  const centres = useCenterChoices({ enabled: mayListCentres });
  const courses = useCourseChoices({ enabled: mayListCourses });
  const teachers = useAccountChoices('teacher', { enabled: mayListTeachers });
  // a giáo vụ of one centre reads that centre: it is the one their filter offers, chosen
  const ownCenter = ownCenterOf(me);
  const centerId = ownCenter || (mayListCentres ? filters.center_id : 0);
  const centerOptions = ownCenter ? centres.options.filter((option) => option.value === ownCenter) : [{ value: 0, label: T.allCenters }, ...centres.options];
  const params: InsightParams = {
    from: filters.from,
    to: filters.to,
    ...(centerId ? { center_id: centerId } : {}),
    ...(mayListCourses && filters.product_id ? { product_id: filters.product_id } : {}),
    ...(mayListTeachers && filters.teacher_id ? { teacher_id: filters.teacher_id } : {}),
  };
  // a period the API would refuse is not asked for: the sections wait for a good one
  const problem = insightPeriodProblem(filters.from, filters.to);
  const set = (next: Partial<InsightScreenFilters>) => view.setView({ ...filters, ...next }, 1);

  return (
    <Stack gap="5">
      <Heading as="h1" size="lg">
        {T.title}
      </Heading>

      <Flex gap="3" wrap="wrap" align="flex-end" role="search">
        <Field.Root w="auto">
          <Field.Label>{T.from}</Field.Label>
          <DateInput value={filters.from} onChange={(from) => from && set({ from })} w="36" />
        </Field.Root>
        <Field.Root w="auto">
          <Field.Label>{T.to}</Field.Label>
          <DateInput value={filters.to} onChange={(to) => to && set({ to })} w="36" />
        </Field.Root>
        {mayListCentres && (
          <Box minW={{ base: 'full', sm: '48' }}>
            <FilterSelect label={T.center} value={centerId} options={centerOptions} onChange={(id) => set({ center_id: Number(id) })} />
          </Box>
        )}
        {mayListCourses && (
          <Box minW={{ base: 'full', sm: '48' }}>
            <FilterSelect label={T.course} value={filters.product_id} options={[{ value: 0, label: T.allCourses }, ...courses.options]} onChange={(id) => set({ product_id: Number(id) })} />
          </Box>
        )}
        {mayListTeachers && (
          <Box minW={{ base: 'full', sm: '48' }}>
            <FilterSelect label={T.teacher} value={filters.teacher_id} options={[{ value: 0, label: T.allTeachers }, ...teachers.options]} onChange={(id) => set({ teacher_id: Number(id) })} />
          </Box>
        )}
      </Flex>

      <ReportProblems problem={problem} failed={false} error={null} fallback="" />

      {problem === null && (
        <>
          <AttendanceSection params={params} />
          <EnrolmentSection params={params} />
          <MoneySection params={params} />
          <CapacitySection params={params} />
        </>
      )}
    </Stack>
  );
}
