/**
 * Examinees (LearningCompetition) over /competition/examinee/*: by event (`competition_id` in the URL; a
 * new examinee or an import starts on that event), subject, group and a search; each a student of the
 * centre or an outside candidate, with the candidate number the API gives. The toolbar imports a sheet
 * (with Create) and exports the event's examinees as the filters show them (with Export).
 */
import type { Examinee } from '@trungtam/shared/contracts/competition';
import { formatDate } from '@trungtam/shared/format';
import { UsersIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import { FilterSelect, FilterText, intParam, pageParams, DataSourceScreen, textParam, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Button, ExportButton, Stack, Text } from '@trungtam/shared/ui';
import { useState } from 'react';
import { useEventChoices, useTopicChoices, useTypeChoices } from '../../common/lookups';
import { examinees } from '../../common/dataSources';
import { ExamineeFields, examineeSchema, examineeValues, emptyExaminee, toExamineeBody, type ExamineeValues } from './ExamineeFields';
import { IMPORT_TEXTS, ImportDialog } from './ImportDialog';

export const EXAMINEES_TEXTS = {
  title: 'Thí sinh',
  count: (n: number) => `${n} thí sinh`,
  add: 'Thêm thí sinh',
  table: 'Danh sách thí sinh',
  candidateNumber: 'SBD',
  fullName: 'Họ và tên',
  birthDate: 'Ngày sinh',
  school: 'Trường',
  topic: 'Môn thi',
  type: 'Nhóm thí sinh',
  event: 'Cuộc thi',
  kind: 'Đối tượng',
  student: 'Học viên',
  outside: 'Thí sinh tự do',
  search: 'Tìm theo họ tên, số báo danh, trường',
  allEvents: 'Tất cả cuộc thi',
  allTopics: 'Tất cả môn thi',
  allTypes: 'Tất cả nhóm',
  exportNeedsEvent: 'Chọn một cuộc thi trong bộ lọc để xuất danh sách thí sinh',
  created: 'Bạn đã thêm thí sinh thành công',
  updated: 'Bạn đã cập nhật thí sinh thành công',
  deleteConfirm: (examinee: Examinee) => `Bạn có chắc chắn muốn xoá thí sinh ${examinee.full_name} (SBD ${examinee.candidate_number})?`,
} as const;

interface Filters {
  competition_id: number;
  topic_id: number;
  type_id: number;
  search: string;
}
const FILTERS: FilterCodecs<Filters> = {
  competition_id: intParam('competition_id'),
  topic_id: intParam('topic_id'),
  type_id: intParam('type_id'),
  search: textParam('search'),
};

/** The filters as the list and the export send them. */
const filterParams = (filters: Filters) => ({
  competition_id: filters.competition_id || undefined,
  topic_id: filters.topic_id || undefined,
  type_id: filters.type_id || undefined,
  search: filters.search.trim() || undefined,
});

export const EXAMINEES_PAGE_SIZE = 20;

export function ExamineesPage() {
  const me = useCurrentUser();
  const eventChoices = useEventChoices();
  const topicChoices = useTopicChoices();
  const typeChoices = useTypeChoices();
  const { filters } = useUrlListView(FILTERS);
  const [importing, setImporting] = useState(false);

  return (
    <DataSourceScreen<Examinee, Filters, ExamineeValues>
      source={examinees}
      permission="LearningCompetition"
      texts={EXAMINEES_TEXTS}
      pageSize={EXAMINEES_PAGE_SIZE}
      columns={[
        { header: EXAMINEES_TEXTS.candidateNumber, cell: (row) => row.candidate_number },
        { header: EXAMINEES_TEXTS.fullName, cell: (row) => row.full_name },
        { header: EXAMINEES_TEXTS.birthDate, cell: (row) => formatDate(row.birth_date), nowrap: true },
        { header: EXAMINEES_TEXTS.school, cell: (row) => row.school ?? '-' },
        { header: EXAMINEES_TEXTS.topic, cell: (row) => row.topic_name ?? '-' },
        { header: EXAMINEES_TEXTS.type, cell: (row) => row.type_name ?? '-' },
        {
          header: EXAMINEES_TEXTS.kind,
          cell: (row) =>
            row.user_id !== null ? (
              <Stack gap="0">
                <Text>{EXAMINEES_TEXTS.student}</Text>
                {row.user_email && (
                  <Text fontSize="xs" color="fg.muted">
                    {row.user_email}
                  </Text>
                )}
              </Stack>
            ) : (
              EXAMINEES_TEXTS.outside
            ),
        },
        { header: EXAMINEES_TEXTS.event, cell: (row) => eventChoices.nameOf(row.competition_id) },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterSelect
            label={EXAMINEES_TEXTS.event}
            value={draft.competition_id}
            options={[{ value: 0, label: EXAMINEES_TEXTS.allEvents }, ...eventChoices.options]}
            onChange={(id) => setDraft({ ...draft, competition_id: Number(id) })}
          />
          <FilterSelect
            label={EXAMINEES_TEXTS.topic}
            value={draft.topic_id}
            options={[{ value: 0, label: EXAMINEES_TEXTS.allTopics }, ...topicChoices.options]}
            onChange={(id) => setDraft({ ...draft, topic_id: Number(id) })}
          />
          <FilterSelect
            label={EXAMINEES_TEXTS.type}
            value={draft.type_id}
            options={[{ value: 0, label: EXAMINEES_TEXTS.allTypes }, ...typeChoices.options]}
            onChange={(id) => setDraft({ ...draft, type_id: Number(id) })}
          />
          <FilterText label={EXAMINEES_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
        </>
      )}
      listParams={(current, page, sort) => ({ ...pageParams(page, sort, { limit: EXAMINEES_PAGE_SIZE, sortColumn: 'examinee_id' }), ...filterParams(current) })}
      tools={
        <>
          {can(me, 'LearningCompetition', 'Create') && (
            <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
              <UsersIcon />
              {IMPORT_TEXTS.open}
            </Button>
          )}
          {can(me, 'LearningCompetition', 'Export') && (
            // the file is one event's: its candidate numbers are that event's
            <ExportButton
              path="/competition/examinee/export"
              params={filterParams(filters)}
              disabled={!filters.competition_id}
              title={filters.competition_id ? undefined : EXAMINEES_TEXTS.exportNeedsEvent}
            />
          )}
        </>
      }
      form={{
        empty: emptyExaminee(filters.competition_id),
        fromRecord: examineeValues,
        toCreate: toExamineeBody,
        toUpdate: (row, values) => ({ examinee_id: row.examinee_id, ...toExamineeBody(values) }),
        schema: examineeSchema,
        fields: (formik) => <ExamineeFields formik={formik} events={eventChoices.options} topics={topicChoices.options} types={typeChoices.options} />,
        texts: { createTitle: 'Thêm thí sinh', editTitle: 'Sửa thí sinh', createSubmit: 'Thêm thí sinh', editSubmit: 'Lưu thay đổi', section: 'Thông tin thí sinh' },
        successMessages: { create: EXAMINEES_TEXTS.created, edit: EXAMINEES_TEXTS.updated },
      }}
      deleteMessage={EXAMINEES_TEXTS.deleteConfirm}
    >
      <ImportDialog open={importing} onClose={() => setImporting(false)} competitionId={filters.competition_id} events={eventChoices.options} />
    </DataSourceScreen>
  );
}
