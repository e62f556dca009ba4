/**
 * Rounds of the events (LearningCompetition) over /competition/round/*, by event (`competition_id` in the
 * URL; a new round starts on that event), in the API's order (by event, then the round's order). A
 * round whose scores are finalised is locked: it opens read-only and offers no delete.
 */
import { COMPETITION_LIMITS as L, COMPETITION_TEXT as T, type Round, type RoundWrite } from '@trungtam/shared/contracts/competition';
import { formatDate } from '@trungtam/shared/format';
import { FilterSelect, intParam, ResourceScreen, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { DateField, FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import * as yup from 'yup';
import { RoundStatus } from '../../components/RoundStatus';
import { useEventChoices } from '../../lookups';
import { rounds } from '../../resources';

export const ROUNDS_TEXTS = {
  title: 'Vòng thi',
  count: (n: number) => `${n} vòng thi`,
  add: 'Thêm vòng thi',
  table: 'Danh sách vòng thi',
  event: 'Cuộc thi',
  allEvents: 'Tất cả cuộc thi',
  chooseEvent: 'Chọn cuộc thi',
  order: 'Thứ tự',
  name: 'Tên vòng thi',
  date: 'Ngày thi',
  maxScore: 'Điểm tối đa',
  passScore: 'Điểm đạt',
  status: 'Trạng thái',
  created: 'Bạn đã thêm vòng thi thành công',
  updated: 'Bạn đã cập nhật vòng thi thành công',
  deleteConfirm: (round: Round) => `Bạn có chắc chắn muốn xoá ${round.name} của cuộc thi “${round.competition_name}”?`,
} as const;

interface Filters {
  competition_id: number;
}
const FILTERS: FilterCodecs<Filters> = { competition_id: intParam('competition_id') };

export interface RoundValues {
  /** The round being edited. */
  round_id?: number;
  competition_id: number;
  name: string;
  /** Empty: not typed yet. */
  order: number | '';
  date: string;
  max_score: number | '';
  pass_score: number | '';
}

/** A whole number between `min` and `max`, required, with one message for every way it is wrong. */
const wholeNumber = (min: number, max: number, message: string) =>
  yup
    .number()
    .transform((value, original) => (original === '' ? undefined : value))
    .typeError(message)
    .integer(message)
    .min(min, message)
    .max(max, message)
    .required(message);

const schema = yup.object({
  competition_id: yup.number().min(1, T.competitionRequired).required(T.competitionRequired),
  name: yup.string().trim().required(T.roundNameRequired).max(L.nameMax, T.roundNameMax),
  order: wholeNumber(1, L.roundOrderMax, T.roundOrder),
  date: yup.string(),
  max_score: wholeNumber(1, L.maxScoreMax, T.maxScore),
  // the pass mark is reached by a score the round can give
  pass_score: wholeNumber(0, L.maxScoreMax, T.passScore).test('within-max', T.passScore, (pass, context) => {
    const max = Number(context.parent.max_score);
    return pass === undefined || !Number.isInteger(max) || pass <= max;
  }),
});

export function toRoundBody(values: RoundValues): RoundWrite {
  return {
    competition_id: Number(values.competition_id),
    name: values.name.trim(),
    order: Number(values.order),
    date: values.date || null,
    max_score: Number(values.max_score),
    pass_score: Number(values.pass_score),
  };
}

export const ROUNDS_PAGE_SIZE = 20;

export function RoundsPage() {
  const eventChoices = useEventChoices();
  // the event the list is filtered on is the one a new round belongs to
  const { filters } = useUrlListView(FILTERS);
  const open = (round: Round) => !round.finalized_at;

  return (
    <ResourceScreen<Round, Filters, RoundValues>
      resource={rounds}
      permission="LearningCompetition"
      texts={ROUNDS_TEXTS}
      pageSize={ROUNDS_PAGE_SIZE}
      columns={[
        { header: ROUNDS_TEXTS.event, cell: (round) => round.competition_name },
        { header: ROUNDS_TEXTS.order, cell: (round) => round.order },
        { header: ROUNDS_TEXTS.name, cell: (round) => round.name },
        { header: ROUNDS_TEXTS.date, cell: (round) => formatDate(round.date), nowrap: true },
        { header: ROUNDS_TEXTS.maxScore, cell: (round) => round.max_score },
        { header: ROUNDS_TEXTS.passScore, cell: (round) => round.pass_score },
        { header: ROUNDS_TEXTS.status, cell: (round) => <RoundStatus round={round} /> },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <FilterSelect
          label={ROUNDS_TEXTS.event}
          value={draft.competition_id}
          options={[{ value: 0, label: ROUNDS_TEXTS.allEvents }, ...eventChoices.options]}
          onChange={(id) => setDraft({ ...draft, competition_id: Number(id) })}
        />
      )}
      // no sort_column: the API's own order (by event, then the round's order) is the one to read
      listParams={(filters, page) => ({ limit: ROUNDS_PAGE_SIZE, page, competition_id: filters.competition_id || undefined })}
      form={{
        empty: { competition_id: filters.competition_id, name: '', order: '', date: '', max_score: '', pass_score: '' },
        fromRecord: (round) => ({
          round_id: round.round_id,
          competition_id: round.competition_id,
          name: round.name,
          order: round.order,
          date: round.date ?? '',
          max_score: round.max_score,
          pass_score: round.pass_score,
        }),
        toCreate: toRoundBody,
        toUpdate: (round, values) => ({ round_id: round.round_id, ...toRoundBody(values) }),
        schema,
        fields: (formik) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {/* a round stays in its event */}
            <SelectField
              name="competition_id"
              label={ROUNDS_TEXTS.event}
              options={eventChoices.options}
              numeric
              placeholder={ROUNDS_TEXTS.chooseEvent}
              required
              disabled={!!formik.values.round_id}
            />
            <FormField name="name" label={ROUNDS_TEXTS.name} required />
            <FormField name="order" label={ROUNDS_TEXTS.order} type="number" required helperText={`1–${L.roundOrderMax}`} />
            <DateField name="date" label={ROUNDS_TEXTS.date} />
            <FormField name="max_score" label={ROUNDS_TEXTS.maxScore} type="number" required />
            <FormField name="pass_score" label={ROUNDS_TEXTS.passScore} type="number" required />
          </SimpleGrid>
        ),
        texts: { createTitle: 'Thêm vòng thi', editTitle: 'Sửa vòng thi', viewTitle: 'Xem vòng thi', createSubmit: 'Thêm vòng thi', editSubmit: 'Lưu thay đổi', section: 'Thông tin vòng thi' },
        readOnlyNote: () => T.roundFinalized,
        successMessages: { create: ROUNDS_TEXTS.created, edit: ROUNDS_TEXTS.updated },
      }}
      canEdit={open}
      canDelete={open}
      deleteMessage={ROUNDS_TEXTS.deleteConfirm}
    />
  );
}
