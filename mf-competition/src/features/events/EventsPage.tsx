/**
 * Competition events (LearningCompetition) over /competition/event/*: the list with its filters in the
 * URL (search, status, centre), and the form (name, description, dates, status, centre or every centre,
 * and who grades which subject). A giáo vụ of a centre manages only that centre's events: their form
 * offers only their centre, already chosen, and the events of every centre open read-only for them.
 * Deleting asks with the event's name.
 */
import {
  COMPETITION_STATUS,
  COMPETITION_STATUS_LABELS,
  type Competition,
  type CompetitionStatus,
  type CompetitionWrite,
} from '@trungtam/shared/contracts/competition';
import { formatDate } from '@trungtam/shared/format';
import { useAccountChoices, useCenterChoices, useOwnCenter } from '@trungtam/shared/lookups';
import { can } from '@trungtam/shared/permissions';
import { FilterSelect, FilterText, intParam, lazySchema, pageParams, DataSourceScreen, textParam, type FilterCodecs } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { DateField, FormField, SelectField, SimpleGrid, Tag, type TagPalette } from '@trungtam/shared/ui';
import { useTopicChoices } from '../../common/lookups';
import { events } from '../../common/dataSources';
import { GradersEditor, newGraderKey, type GraderDraft } from './GradersEditor';

export const EVENTS_TEXTS = {
  title: 'Cuộc thi',
  count: (n: number) => `${n} cuộc thi`,
  add: 'Thêm cuộc thi',
  table: 'Danh sách cuộc thi',
  name: 'Tên cuộc thi',
  description: 'Mô tả',
  dates: 'Thời gian',
  startDate: 'Ngày bắt đầu',
  endDate: 'Ngày kết thúc',
  status: 'Trạng thái',
  center: 'Trung tâm',
  rounds: 'Số vòng thi',
  examinees: 'Số thí sinh',
  search: 'Tìm theo tên cuộc thi',
  allStatuses: 'Tất cả trạng thái',
  allCenters: 'Tất cả trung tâm',
  sectionInfo: 'Thông tin cuộc thi',
  sectionGraders: 'Phân công chấm thi',
  created: 'Bạn đã thêm cuộc thi thành công',
  updated: 'Bạn đã cập nhật cuộc thi thành công',
  ownCenterOnly: 'Bạn chỉ được quản lý cuộc thi thuộc trung tâm của mình',
  deleteConfirm: (name: string) => `Bạn có chắc chắn muốn xoá cuộc thi “${name}”? Các vòng thi và thí sinh của cuộc thi cũng bị xoá.`,
} as const;

const STATUS_COLORS: Record<CompetitionStatus, TagPalette> = { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'green' };
const STATUS_OPTIONS = Object.values(COMPETITION_STATUS).map((status) => ({ value: status, label: COMPETITION_STATUS_LABELS[status] }));

interface Filters {
  search: string;
  status: number;
  center_id: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), status: intParam('status'), center_id: intParam('center_id') };

export interface EventValues {
  name: string;
  description: string;
  /** 'YYYY-MM-DD' or ''. */
  start_date: string;
  end_date: string;
  status: number;
  /** 0: every centre. */
  center_id: number;
  graders: GraderDraft[];
}

const schema = lazySchema(() => import('./eventSchema').then((m) => m.eventSchema));

export function toEventBody(values: EventValues): CompetitionWrite {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    status: values.status as CompetitionStatus,
    center_id: values.center_id || null,
    graders: values.graders.map((row) => ({ topic_id: Number(row.topic_id), user_id: Number(row.user_id) })),
  };
}

const dateRange = (event: Competition) => (event.start_date || event.end_date ? `${formatDate(event.start_date)} – ${formatDate(event.end_date)}` : '-');

export const EVENTS_PAGE_SIZE = 20;

export function EventsPage() {
  const me = useCurrentUser();
  const centers = useCenterChoices({ enabled: can(me, 'LearningCenter', 'GetAll') });
  const teachers = useAccountChoices('teacher', { enabled: can(me, 'User', 'GetAll') });
  const topics = useTopicChoices();
  const ownCenter = useOwnCenter();
  const centerName = (id: number | null) => (id ? centers.nameOf(id) : EVENTS_TEXTS.allCenters);
  // a giáo vụ of a centre manages their centre's events only: theirs is the one choice, and the events
  // of every centre (which they see) are shown read-only
  const centerOptions = ownCenter ? centers.options.filter((option) => option.value === ownCenter) : centers.options;
  const manages = (event: Competition) => !ownCenter || event.center_id === ownCenter;

  return (
    <DataSourceScreen<Competition, Filters, EventValues>
      source={events}
      permission="LearningCompetition"
      texts={EVENTS_TEXTS}
      pageSize={EVENTS_PAGE_SIZE}
      columns={[
        { header: EVENTS_TEXTS.name, cell: (event) => event.name, sortKey: 'name' },
        { header: EVENTS_TEXTS.dates, cell: dateRange, nowrap: true },
        {
          header: EVENTS_TEXTS.status,
          cell: (event) => <Tag palette={STATUS_COLORS[event.status as CompetitionStatus] ?? 'gray'}>{COMPETITION_STATUS_LABELS[event.status as CompetitionStatus] ?? event.status}</Tag>,
        },
        { header: EVENTS_TEXTS.center, cell: (event) => centerName(event.center_id) },
        { header: EVENTS_TEXTS.rounds, cell: (event) => event.round_count },
        { header: EVENTS_TEXTS.examinees, cell: (event) => event.examinee_count },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={EVENTS_TEXTS.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          <FilterSelect
            label={EVENTS_TEXTS.status}
            value={draft.status}
            options={[{ value: 0, label: EVENTS_TEXTS.allStatuses }, ...STATUS_OPTIONS]}
            onChange={(status) => setDraft({ ...draft, status: Number(status) })}
          />
          <FilterSelect
            label={EVENTS_TEXTS.center}
            value={draft.center_id}
            options={[{ value: 0, label: EVENTS_TEXTS.allCenters }, ...centers.options]}
            onChange={(centerId) => setDraft({ ...draft, center_id: Number(centerId) })}
          />
        </>
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: EVENTS_PAGE_SIZE, sortColumn: 'competition_id' }),
        search: filters.search || undefined,
        status: filters.status || undefined,
        center_id: filters.center_id || undefined,
      })}
      form={{
        empty: { name: '', description: '', start_date: '', end_date: '', status: COMPETITION_STATUS.DRAFT, center_id: ownCenter ?? 0, graders: [] },
        fromRecord: (event) => ({
          name: event.name,
          description: event.description ?? '',
          start_date: event.start_date ?? '',
          end_date: event.end_date ?? '',
          status: event.status,
          center_id: event.center_id ?? 0,
          graders: event.graders.map((grader) => ({ key: newGraderKey(), ...grader })),
        }),
        toCreate: toEventBody,
        toUpdate: (event, values) => ({ competition_id: event.competition_id, ...toEventBody(values) }),
        schema,
        fields: () => [
          {
            title: EVENTS_TEXTS.sectionInfo,
            content: (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <FormField name="name" label={EVENTS_TEXTS.name} required />
                <SelectField name="status" label={EVENTS_TEXTS.status} options={STATUS_OPTIONS} numeric required />
                <DateField name="start_date" label={EVENTS_TEXTS.startDate} />
                <DateField name="end_date" label={EVENTS_TEXTS.endDate} />
                <SelectField
                  name="center_id"
                  label={EVENTS_TEXTS.center}
                  options={centerOptions}
                  numeric
                  placeholder={ownCenter ? undefined : EVENTS_TEXTS.allCenters}
                />
                <FormField name="description" label={EVENTS_TEXTS.description} multiline rows={3} />
              </SimpleGrid>
            ),
          },
          { title: EVENTS_TEXTS.sectionGraders, content: <GradersEditor topics={topics.options} teachers={teachers.options} /> },
        ],
        texts: { createTitle: 'Thêm cuộc thi', editTitle: 'Sửa cuộc thi', viewTitle: 'Xem cuộc thi', createSubmit: 'Thêm cuộc thi', editSubmit: 'Lưu thay đổi' },
        readOnlyNote: () => EVENTS_TEXTS.ownCenterOnly,
        successMessages: { create: EVENTS_TEXTS.created, edit: EVENTS_TEXTS.updated },
      }}
      canEdit={manages}
      canDelete={manages}
      deleteMessage={(event) => EVENTS_TEXTS.deleteConfirm(event.name)}
    />
  );
}
