/**
 * Rounds of the events (LearningCompetition) over /competition/round/*, by event (`competition_id` in the
 * URL; a new round starts on that event), in the API's order (by event, then the round's order). A
 * round whose scores are finalised is locked: it opens read-only and offers no delete. The pass score
 * and the score step (0,25 for a new round) are decimals typed with a comma or a dot.
 */
import {
  COMPETITION_LIMITS as L,
  COMPETITION_TEXT as T,
  formatScore,
  parseScoreText,
  toHundredths,
  type Round,
  type RoundWrite,
} from '@trungtam/shared/contracts/competition';
import { formatDate } from '@trungtam/shared/format';
import { FilterSelect, intParam, DataSourceScreen, useUrlListView, type FilterCodecs } from '@trungtam/shared/resource';
import { DateField, FormField, SelectField, SimpleGrid } from '@trungtam/shared/ui';
import * as yup from 'yup';
import { yupFromSchema } from '@trungtam/shared/forms';
import { RoundWriteBody } from '@trungtam/shared/schemas/competition';
import { RoundStatus } from '../../common/RoundStatus';
import { useEventChoices } from '../../common/lookups';
import { rounds } from '../../common/dataSources';

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
  scoreStep: 'Bước điểm',
  scoreStepHelp: 'Điểm chấm theo bội của bước này, ví dụ 0,25 hoặc 0,5',
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
  /** Decimals as typed ('7,5'). */
  pass_score: string;
  score_step: string;
}

/** A whole number between `min` and `max`, required, with one message for every way it is wrong. */
/** The hundredths of a decimal typed with a comma or a dot ('0,25' → 25); undefined when it is none or has more than two decimals. */
const typedHundredths = (text: string | undefined): number | undefined => {
  const value = parseScoreText(text ?? '');
  return value === undefined ? undefined : (toHundredths(value) ?? undefined);
};
const maxHundredths = (parent: { max_score?: unknown }) => {
  const max = Number(parent.max_score);
  return Number.isInteger(max) && max > 0 ? max * 100 : undefined;
};

/**
 * The API's round write schema for the event, name, order and maximum (their limits and messages); the
 * pass mark and the step are typed as text with a comma, so the form reads them as the API's rules say.
 */
const schema = yupFromSchema(RoundWriteBody, { fields: ['competition_id', 'name', 'order', 'max_score'] }).shape({
  date: yup.string(),
  // the pass mark is reached by a score the round can give
  pass_score: yup
    .string()
    .required(T.passScore)
    .test('number', T.passScore, (text) => parseScoreText(text ?? '') !== undefined)
    .test('decimals', T.passScoreDecimals, (text) => parseScoreText(text ?? '') === undefined || typedHundredths(text) !== undefined)
    .test('within-max', T.passScore, (text, context) => {
      const pass = typedHundredths(text);
      const max = maxHundredths(context.parent);
      return pass === undefined || max === undefined || pass <= max;
    }),
  // every score of the round is a multiple of it, the maximum included
  score_step: yup
    .string()
    .required(T.scoreStepField)
    .test('step', T.scoreStepField, (text, context) => {
      const step = typedHundredths(text);
      const max = maxHundredths(context.parent);
      return step !== undefined && step >= 1 && (max === undefined || step <= max);
    })
    .test('divides-max', T.maxNotMultipleOfStep, (text, context) => {
      const step = typedHundredths(text);
      const max = maxHundredths(context.parent);
      return step === undefined || step < 1 || max === undefined || max % step === 0;
    }),
});

export function toRoundBody(values: RoundValues): RoundWrite {
  return {
    competition_id: Number(values.competition_id),
    name: values.name.trim(),
    order: Number(values.order),
    date: values.date || null,
    max_score: Number(values.max_score),
    pass_score: parseScoreText(values.pass_score) ?? 0,
    score_step: parseScoreText(values.score_step) ?? L.scoreStepDefault,
  };
}

export const ROUNDS_PAGE_SIZE = 20;

export function RoundsPage() {
  const eventChoices = useEventChoices();
  // the event the list is filtered on is the one a new round belongs to
  const { filters } = useUrlListView(FILTERS);
  const open = (round: Round) => !round.finalized_at;

  return (
    <DataSourceScreen<Round, Filters, RoundValues>
      source={rounds}
      permission="LearningCompetition"
      texts={ROUNDS_TEXTS}
      pageSize={ROUNDS_PAGE_SIZE}
      columns={[
        { header: ROUNDS_TEXTS.event, cell: (round) => round.competition_name },
        { header: ROUNDS_TEXTS.order, cell: (round) => round.order },
        { header: ROUNDS_TEXTS.name, cell: (round) => round.name },
        { header: ROUNDS_TEXTS.date, cell: (round) => formatDate(round.date), nowrap: true },
        { header: ROUNDS_TEXTS.maxScore, cell: (round) => round.max_score },
        { header: ROUNDS_TEXTS.passScore, cell: (round) => formatScore(round.pass_score) },
        { header: ROUNDS_TEXTS.scoreStep, cell: (round) => formatScore(round.score_step) },
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
        empty: { competition_id: filters.competition_id, name: '', order: '', date: '', max_score: '', pass_score: '', score_step: formatScore(L.scoreStepDefault) },
        fromRecord: (round) => ({
          round_id: round.round_id,
          competition_id: round.competition_id,
          name: round.name,
          order: round.order,
          date: round.date ?? '',
          max_score: round.max_score,
          pass_score: formatScore(round.pass_score),
          score_step: formatScore(round.score_step),
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
            <FormField name="pass_score" label={ROUNDS_TEXTS.passScore} required />
            <FormField name="score_step" label={ROUNDS_TEXTS.scoreStep} required helperText={ROUNDS_TEXTS.scoreStepHelp} />
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
