/**
 * Lịch học (/learning/schedules): the sessions the user may see (the API limits a teacher to their own,
 * a student to their classes', a giáo vụ to their centre's) as a week or month calendar or a list, with
 * the view, the date shown and the filters kept in the URL. A phone-sized screen opens on the list. The
 * list has filters of its own (ListFilterBar): a period instead of the week (`from`, `to`), whether the
 * roll was taken, a student's absences, a course; the calendar ignores them and switching to it drops
 * them (its week or month is then that of `from`). A session opens in a dialog with its attendance and
 * what the user may do with it.
 */
import type { ClassSchedule } from '@trungtam/shared/contracts/schedules';
import { ChevronLeftIcon, ChevronRightIcon } from '@trungtam/shared/icons';
import { operatorToday } from '@trungtam/shared/operatorDate';
import { useDeferredAnswer } from '@trungtam/shared/query';
import { activeFilterCount, defaultFilters, useListPage, useUrlListView } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, Card, Flex, FilterDropdown, Heading, HStack, IconButton, PaginationBar, Spinner, Stack, Text, useMediaQuery } from '@trungtam/shared/ui';
import { useMemo, useState } from 'react';
import { schedules } from './api';
import { ScheduleCalendar } from './ScheduleCalendar';
import { ListFilterBar } from './ListFilterBar';
import { allowedFilters, filtersFor, ScheduleFilterFields } from './ScheduleFilterFields';
import { ScheduleTable } from './ScheduleTable';
import { SessionDialog, type OpenedSession } from './SessionDialog';
import { SCHEDULES_TEXTS as T } from './texts';
import {
  byDateAndTime,
  CALENDAR_LIMIT,
  filtersOf,
  hasListPeriod,
  LIST_PAGE_SIZE,
  listFiltersOf,
  listPeriodProblem,
  listRange,
  NO_LIST_FILTERS,
  periodTitle,
  rangeTitle,
  SCHEDULE_FILTERS,
  SCHEDULE_VIEWS,
  scheduleCodecs,
  scheduleListParams,
  shiftDate,
  visibleRange,
  type ScheduleFilters,
  type ScheduleListFilters,
  type ScheduleViewName,
} from './view';

/** A phone-sized screen: the list is the default view there. */
export const PHONE_SCREEN = '(max-width: 600px)';

export function SchedulesPage({ formDelayMs }: { formDelayMs?: number }) {
  const me = useCurrentUser();
  const [phone] = useMediaQuery([PHONE_SCREEN], { ssr: false });
  const codecs = useMemo(() => scheduleCodecs(phone ? 'list' : 'week'), [phone]);
  const url = useUrlListView(codecs);
  const { view, date } = url.filters;
  const allowed = filtersFor(me);
  const filters = allowedFilters(filtersOf(url.filters), allowed);
  const range = visibleRange(view, date);
  const own = listFiltersOf(url.filters);
  const ownPeriod = view === 'list' && hasListPeriod(own);
  // a reversed period is said by the filter bar and asked for by nobody
  const blocked = view === 'list' && listPeriodProblem(own) !== null;

  const calendar = schedules.useList(scheduleListParams(range, filters, { limit: CALENDAR_LIMIT, page: 1 }), { enabled: view !== 'list' });
  const list = schedules.useList(scheduleListParams(listRange(own, date), filters, { limit: LIST_PAGE_SIZE, page: url.page, sort: url.sort }, own), {
    enabled: view === 'list' && !blocked,
  });
  const listPage = useListPage(url, list);
  const current = view === 'list' ? list : calendar;
  // what the page shows, deferred like the list's pages (useListPage): the rows, the count, the pages
  // and the calendar change together, in a render done in slices
  const shown = useDeferredAnswer(current);
  const rows = useMemo(() => [...(shown.data?.rows ?? [])].sort(byDateAndTime(view === 'list' ? (url.sort?.direction ?? 'ASC') : 'ASC')), [shown.data, view, url.sort]);
  const loading = shown.isPending;
  const failed = shown.isError && !shown.data;

  const [opened, setOpened] = useState<OpenedSession | null>(null);
  const openSession = (session: ClassSchedule) => setOpened({ id: session.schedule_id, row: session });
  const openById = (id: number) => setOpened({ id, row: rows.find((row) => row.schedule_id === id) ?? null });

  // the calendar leaves the list's own filters behind, and shows the week or month of the list's period's start
  const show = (next: Partial<{ view: ScheduleViewName; date: string }>) => {
    const toCalendar = (next.view ?? view) !== 'list';
    url.setView({ ...url.filters, ...(toCalendar ? { ...(own.from ? { date: own.from } : {}), ...NO_LIST_FILTERS } : {}), ...next }, 1);
  };
  const applyFilters = (next: ScheduleFilters) => url.setView({ ...url.filters, ...next }, 1);
  const applyListFilters = (next: Partial<ScheduleListFilters>) => url.setView({ ...url.filters, ...next }, 1);

  return (
    <Box>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap" mb="4">
        <Box>
          <Heading as="h1" size="lg">
            {T.title}
          </Heading>
          {!failed && !blocked && <Text color="fg.muted">{loading ? T.loading : T.count(shown.data?.total_rows ?? 0)}</Text>}
        </Box>
        {allowed.length > 0 && (
          <FilterDropdown<ScheduleFilters>
            value={filters}
            defaultValues={defaultFilters(SCHEDULE_FILTERS)}
            onApply={applyFilters}
            activeCount={activeFilterCount(SCHEDULE_FILTERS, filters)}
          >
            {(draft, setDraft) => <ScheduleFilterFields draft={draft} setDraft={setDraft} allowed={allowed} />}
          </FilterDropdown>
        )}
      </Flex>

      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <HStack gap="2">
          {/* the list's own period replaces the week: no week to step through (clearing the dates brings it back) */}
          {!ownPeriod && (
            <>
              <IconButton size="sm" variant="outline" aria-label={T.previous[view]} onClick={() => show({ date: shiftDate(view, date, -1) })}>
                <ChevronLeftIcon />
              </IconButton>
              <Button size="sm" variant="outline" onClick={() => show({ date: operatorToday() })}>
                {T.today}
              </Button>
              <IconButton size="sm" variant="outline" aria-label={T.next[view]} onClick={() => show({ date: shiftDate(view, date, 1) })}>
                <ChevronRightIcon />
              </IconButton>
            </>
          )}
          <Heading as="h2" size="md" aria-live="polite">
            {ownPeriod ? periodTitle(own) : rangeTitle(view, date)}
          </Heading>
          {current.isFetching && !loading && <Spinner size="sm" aria-hidden="true" />}
        </HStack>
        <HStack gap="0" role="group" aria-label={T.viewsLabel}>
          {SCHEDULE_VIEWS.map((name, index) => (
            <Button
              key={name}
              size="sm"
              variant={name === view ? 'solid' : 'outline'}
              colorPalette={name === view ? 'blue' : 'gray'}
              aria-pressed={name === view}
              borderStartRadius={index === 0 ? undefined : '0'}
              borderEndRadius={index === SCHEDULE_VIEWS.length - 1 ? undefined : '0'}
              onClick={() => show({ view: name })}
            >
              {T.views[name]}
            </Button>
          ))}
        </HStack>
      </Flex>

      {view === 'list' && <ListFilterBar value={own} onChange={applyListFilters} />}
      {view === 'list' ? (
        blocked ? null : (
          <Card.Root>
            <Card.Body p="0">
              <ScheduleTable rows={rows} loading={loading} failed={failed} onRetry={() => void list.refetch()} sort={url.sort} onSort={listPage.toggleSort} onOpen={openSession} />
            </Card.Body>
            {!loading && !failed && (
              <Card.Footer px="5" py="0" borderTopWidth="1px">
                <Box width="full">
                  <PaginationBar
                    page={listPage.pagination.page}
                    pageSize={LIST_PAGE_SIZE}
                    totalRows={listPage.pagination.totalRows}
                    totalPages={listPage.pagination.totalPages}
                    onPageChange={listPage.pagination.onPageChange}
                    disabled={listPage.pagination.fetching}
                  />
                </Box>
              </Card.Footer>
            )}
          </Card.Root>
        )
      ) : (
        <Stack gap="3">
          {failed ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{T.failed}</Alert.Title>
              <Button size="xs" variant="outline" ms="auto" onClick={() => void calendar.refetch()}>
                {T.retry}
              </Button>
            </Alert.Root>
          ) : loading ? (
            <HStack role="status" color="fg.muted">
              <Spinner size="sm" aria-hidden="true" />
              <Text>{T.loading}</Text>
            </HStack>
          ) : rows.length === 0 && !shown.isPlaceholderData ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{T.empty}</Alert.Title>
            </Alert.Root>
          ) : (shown.data?.total_rows ?? 0) > rows.length ? (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{T.truncated(rows.length, shown.data?.total_rows ?? 0)}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Card.Root>
            <Card.Body p={{ base: '2', md: '4' }} overflowX="auto">
              <ScheduleCalendar view={view} date={date} sessions={failed ? [] : rows} onOpen={openSession} />
            </Card.Body>
          </Card.Root>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text>{T.legendAttended}</Text>
            <Text>{T.legendMakeup}</Text>
          </HStack>
        </Stack>
      )}
      <SessionDialog opened={opened} onClose={() => setOpened(null)} onOpen={openById} formDelayMs={formDelayMs} />
    </Box>
  );
}
