/**
 * The competition area's records and bodies: what the API answers and what a create, an update, a
 * scoring save sends. The API validates with these schemas; the front ends take their types from them
 * (contracts/competition). Dates are operator calendar dates, YYYY-MM-DD.
 */
import { Type } from 'typebox';
import { COMPETITION_LIMITS as L, COMPETITION_STATUS as S, COMPETITION_TEXT as T } from '../contracts/rules/competition';
import { Id, IdFilter, Int, Nullable, Text, msgs } from './builders';

const dateText = (message: string) => Text(10, { pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', messages: { default: message } });
/**
 * A decimal score, step or pass mark in [minimum, maximum]; the API checks it has at most two decimals
 * (toHundredths), which `x-decimal-places` tells the schema's readers (the OpenAPI document).
 */
const decimal = (minimum: number, maximum: number, message: string) =>
  Type.Number({ minimum, maximum, 'x-decimal-places': 2, ...msgs({ default: message }) });
const requiredId = (message: string) => Id({ required: message, default: message });
const requiredName = (max: number, required: string, tooLong: string) =>
  Text(max, { minLength: 1, pattern: '\\S', messages: { required, minLength: required, pattern: required, maxLength: tooLong } });

// ---------------------------------------------------------------- events

/** A teacher assigned to grade one subject of an event (staff grade every subject). */
export const GraderAssignment = Type.Object({
  topic_id: requiredId(T.topicRequired),
  user_id: requiredId(T.graderNotTeacher),
});

export const CompetitionRecord = Type.Object({
  competition_id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  start_date: Nullable(Type.String()),
  end_date: Nullable(Type.String()),
  /** 1 draft, 2 registration open, 3 running, 4 finished. */
  status: Type.Integer(),
  center_id: Nullable(Type.Integer()),
  /** Ordered by subject, then teacher. */
  graders: Type.Array(Type.Object({ topic_id: Type.Integer(), user_id: Type.Integer() })),
  round_count: Type.Integer(),
  examinee_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const CompetitionWriteProps = {
  name: requiredName(L.nameMax, T.nameRequired, T.nameMax),
  description: Type.Optional(Nullable(Text(L.descriptionMax, { messages: { maxLength: T.descriptionMax } }))),
  start_date: Type.Optional(Nullable(dateText(T.startDate))),
  end_date: Type.Optional(Nullable(dateText(T.endDate))),
  status: Type.Optional(Type.Union([Type.Literal(S.DRAFT), Type.Literal(S.REGISTRATION), Type.Literal(S.RUNNING), Type.Literal(S.FINISHED)], msgs({ default: T.status }))),
  /** null or 0: every centre. */
  center_id: Type.Optional(Nullable(IdFilter(T.centerNotFound))),
  /** The whole list: assignments left out are removed. */
  graders: Type.Optional(Type.Array(GraderAssignment, { maxItems: L.gradersMax, ...msgs({ maxItems: T.gradersMax }) })),
};

export const CompetitionWriteBody = Type.Object(CompetitionWriteProps);

export const CompetitionListFilters = {
  /** 0: every status. */
  status: Int(0, 4, T.status),
  /** 0: every centre. */
  center_id: IdFilter('center_id phải là số'),
};

// ---------------------------------------------------------------- subjects and examinee groups

/** A subject or an examinee group: its id (`topic_id` / `type_id`) and its name. */
export const NamedRecord = Type.Object({ name: Type.String(), created_at: Type.String(), updated_at: Type.String() });
export const TopicRecord = Type.Object({ topic_id: Type.Integer(), ...NamedRecord.properties });
export const ExamineeTypeRecord = Type.Object({ type_id: Type.Integer(), ...NamedRecord.properties });
export const TopicWriteProps = { name: requiredName(L.nameMax, T.topicNameRequired, T.topicNameMax) };
export const ExamineeTypeWriteProps = { name: requiredName(L.nameMax, T.typeNameRequired, T.typeNameMax) };
export const TopicWriteBody = Type.Object(TopicWriteProps);
export const ExamineeTypeWriteBody = Type.Object(ExamineeTypeWriteProps);

// ---------------------------------------------------------------- rounds

export const RoundRecord = Type.Object({
  round_id: Type.Integer(),
  competition_id: Type.Integer(),
  competition_name: Type.String(),
  name: Type.String(),
  /** 1 for the first round; the next round is the one with the next higher order. */
  order: Type.Integer(),
  date: Nullable(Type.String()),
  max_score: Type.Integer(),
  /** A decimal of at most two places, 0 … max_score. */
  pass_score: Type.Number(),
  /** The step scores are given in (0.25: 7, 7.25, 7.5 …); max_score is a multiple of it. */
  score_step: Type.Number(),
  /** Set once the round is finalised: its scores are locked and the passing examinees went on. */
  finalized_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const RoundWriteProps = {
  competition_id: requiredId(T.competitionRequired),
  name: requiredName(L.nameMax, T.roundNameRequired, T.roundNameMax),
  order: Int(1, L.roundOrderMax, { required: T.roundOrder, default: T.roundOrder }),
  date: Type.Optional(Nullable(dateText(T.roundDate))),
  max_score: Int(1, L.maxScoreMax, { required: T.maxScore, default: T.maxScore }),
  /** 0 … max_score, at most two decimals (the API checks both). */
  pass_score: decimal(0, L.maxScoreMax, T.passScore),
  /** 0.01 … max_score, at most two decimals, max_score a multiple of it; on create 0.25 when left out, on update unchanged. */
  score_step: Type.Optional(decimal(L.scoreStepMin, L.maxScoreMax, T.scoreStepField)),
};

export const RoundWriteBody = Type.Object(RoundWriteProps);

export const RoundListFilters = { competition_id: IdFilter('competition_id phải là số') };

// ---------------------------------------------------------------- examinees

export const ExamineeRecord = Type.Object({
  examinee_id: Type.Integer(),
  competition_id: Type.Integer(),
  /** The student's account, or null for an outside candidate. */
  user_id: Nullable(Type.Integer()),
  /** For a student: the account's email. */
  user_email: Nullable(Type.String()),
  full_name: Type.String(),
  birth_date: Nullable(Type.String()),
  type_id: Nullable(Type.Integer()),
  type_name: Nullable(Type.String()),
  topic_id: Nullable(Type.Integer()),
  topic_name: Nullable(Type.String()),
  /** Generated, unique within the event ("0001", "0002" …); never reused. */
  candidate_number: Type.String(),
  school: Nullable(Type.String()),
  contact: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/**
 * POST /competition/examinee/create and PUT /competition/examinee/update (with examinee_id). With user_id
 * the examinee is that student: the name and birth date default to the account's. Without, an outside
 * candidate: full_name is required. The candidate number is generated, never sent.
 */
export const ExamineeWriteProps = {
  competition_id: requiredId(T.competitionRequired),
  user_id: Type.Optional(Nullable(IdFilter(T.studentNotFound))),
  full_name: Type.Optional(Nullable(Text(L.nameMax, { messages: { maxLength: T.examineeNameMax } }))),
  birth_date: Type.Optional(Nullable(dateText(T.birthDate))),
  school: Type.Optional(Nullable(Text(L.schoolMax, { messages: { maxLength: T.schoolMax } }))),
  contact: Type.Optional(Nullable(Text(L.contactMax, { messages: { maxLength: T.contactMax } }))),
  topic_id: requiredId(T.topicRequired),
  type_id: requiredId(T.typeRequired),
};

export const ExamineeWriteBody = Type.Object(ExamineeWriteProps);

export const ExamineeListFilters = {
  competition_id: IdFilter('competition_id phải là số'),
  topic_id: IdFilter('topic_id phải là số'),
  type_id: IdFilter('type_id phải là số'),
};

/** GET /competition/examinee/export: the examinees of one event (by candidate number), with the list's filters. */
export const ExamineeExportQuery = Type.Object({
  competition_id: requiredId(T.competitionRequired),
  topic_id: Type.Optional(ExamineeListFilters.topic_id),
  type_id: Type.Optional(ExamineeListFilters.type_id),
  search: Type.Optional(Text(100)),
});

/** The 400 of a refused import: nothing was imported; each refused row with its reasons. */
export const ExamineeImportRefusal = Type.Object({
  error: Type.Object({
    code: Type.Literal('IMPORT_REFUSED'),
    message: Type.String(),
    /** 1-based sheet rows (the header is row 1). */
    rows: Type.Array(Type.Object({ row: Type.Integer(), errors: Type.Array(Type.String()) })),
  }),
});

export const ExamineeImportResult = Type.Object({ data: Type.Object({ imported: Type.Integer(), message: Type.String() }) });

// ---------------------------------------------------------------- scoring and ranking

export const ScoringEvent = Type.Object({
  competition_id: Type.Integer(),
  name: Type.String(),
  status: Type.Integer(),
  rounds: Type.Array(RoundRecord),
  /** The subjects the user grades in this event; null: every subject (staff). */
  topic_ids: Nullable(Type.Array(Type.Integer())),
});

export const ScoreRow = Type.Object({
  examinee_id: Type.Integer(),
  candidate_number: Type.String(),
  full_name: Type.String(),
  topic_id: Nullable(Type.Integer()),
  topic_name: Nullable(Type.String()),
  type_id: Nullable(Type.Integer()),
  type_name: Nullable(Type.String()),
  /** null: not scored yet. A decimal of at most two places. */
  score: Nullable(Type.Number()),
  comment: Nullable(Type.String()),
  /** null while not scored. */
  status: Nullable(Type.Union([Type.Literal('draft'), Type.Literal('final')])),
  grader_id: Nullable(Type.Integer()),
  updated_at: Nullable(Type.String()),
});

export const ScoringListQuery = Type.Object({ round_id: Id({ required: 'round_id cần được gửi', default: 'round_id không hợp lệ' }) });

export const ScoringList = Type.Object({ data: Type.Object({ round: RoundRecord, rows: Type.Array(ScoreRow) }) });

/**
 * One score of a save: score null removes the score (the examinee is unscored again). A score is a JSON
 * number of at most two decimals, a multiple of the round's step, 0 … its maximum (the API checks these,
 * exactly, in hundredths). A number rather than a decimal string: callers that sent whole scores keep
 * working, and two decimals of at most 10000 round-trip exactly through a double.
 */
export const ScoreWrite = Type.Object({
  examinee_id: Id('examinee_id không hợp lệ'),
  score: Nullable(decimal(0, L.maxScoreMax, T.scoreRange(L.maxScoreMax))),
  comment: Type.Optional(Nullable(Text(L.commentMax, { messages: { maxLength: T.commentMax } }))),
});

export const ScoresUpdateBody = Type.Object({
  round_id: Id('round_id không hợp lệ'),
  scores: Type.Array(ScoreWrite, { minItems: 1, maxItems: L.scoresPerUpdateMax, ...msgs({ minItems: 'Cần gửi ít nhất một điểm', maxItems: 'Mỗi lần lưu nhiều nhất 500 điểm' }) }),
});

export const FinalizeResult = Type.Object({
  data: Type.Object({
    round: RoundRecord,
    /** How many examinees reached the next round (0 when this is the last). */
    advanced: Type.Integer(),
    next_round_id: Nullable(Type.Integer()),
  }),
});

export const RankingQuerySchema = Type.Object({
  competition_id: Id({ required: 'competition_id cần được gửi', default: 'competition_id không hợp lệ' }),
  round_id: Type.Optional(IdFilter('round_id phải là số')),
  topic_id: Type.Optional(IdFilter('topic_id phải là số')),
  type_id: Type.Optional(IdFilter('type_id phải là số')),
});

export const RankingRow = Type.Object({
  /** Ties share a rank: 1, 2, 2, 4. */
  rank: Type.Integer(),
  examinee_id: Type.Integer(),
  candidate_number: Type.String(),
  full_name: Type.String(),
  school: Nullable(Type.String()),
  topic_name: Nullable(Type.String()),
  type_name: Nullable(Type.String()),
  /** The round the score is from: the one asked for, or the furthest round the examinee was scored in. */
  round_id: Type.Integer(),
  round_name: Type.String(),
  score: Type.Number(),
});
