/**
 * HTTP contract of the competition area: events (`/competition/event/…`), subjects (`/competition/topic/…`),
 * examinee groups (`/competition/type/…`), rounds (`/competition/round/…`), examinees
 * (`/competition/examinee/…`, with import, template and export), scoring (`/competition/scoring/…`,
 * `/competition/round/finalize/{id}`) and the ranking (`/competition/ranking`, `/competition/ranking/export`).
 * The records and bodies are the API's own schemas (schemas/competition), taken here as types; the limits
 * and texts are the ones the forms and the API both check.
 */
import type { Static } from 'typebox';
import type {
  CompetitionRecord,
  CompetitionWriteProps,
  ExamineeImportRefusal,
  ExamineeImportResult,
  ExamineeRecord,
  FinalizeResult,
  ExamineeWriteProps,
  GraderAssignment,
  NamedRecord,
  RankingRow,
  RoundRecord,
  RoundWriteProps,
  ScoreRow,
  ScoresUpdateBody,
  ScoringEvent,
} from '../schemas/competition';
import type { TObject } from 'typebox';

export * from './rules/competition';

/** An event as the API answers it, with its grader assignments and its counts. */
export type Competition = Static<typeof CompetitionRecord>;
export type CompetitionWrite = Static<TObject<typeof CompetitionWriteProps>>;
/** A teacher who grades one subject of the event. */
export type Grader = Static<typeof GraderAssignment>;

/** A subject (`/competition/topic/…`, `topic_id`) or an examinee group (`/competition/type/…`, `type_id`). */
export type Topic = Static<typeof NamedRecord> & { topic_id: number };
export type ExamineeType = Static<typeof NamedRecord> & { type_id: number };

export type Round = Static<typeof RoundRecord>;
export type RoundWrite = Static<TObject<typeof RoundWriteProps>>;

export type Examinee = Static<typeof ExamineeRecord>;
export type ExamineeWrite = Static<TObject<typeof ExamineeWriteProps>>;
/** The 400 body of a refused import: every refused row (1-based sheet row) with its reasons. */
export type ExamineeImportRefusalBody = Static<typeof ExamineeImportRefusal>;

/** An event the user may grade, its rounds, and the subjects they grade (null: every subject). */
export type ScoringEventRow = Static<typeof ScoringEvent>;
/** One examinee of a round on the scoring grid. */
export type Score = Static<typeof ScoreRow>;
export type ScoresUpdate = Static<typeof ScoresUpdateBody>;
/** POST /competition/round/finalize/{id}: the round as finalised, how many went on, the next round (null: it was the last). */
export type RoundFinalized = Static<typeof FinalizeResult>['data'];
/** The 200 of an import: how many examinees came in, and the sentence saying so. */
export type ExamineeImportDone = Static<typeof ExamineeImportResult>['data'];
/** One line of the ranking: ties share a rank (1, 2, 2, 4). */
export type Ranking = Static<typeof RankingRow>;

/** GET /competition/ranking and /competition/ranking/export. */
export interface RankingQuery {
  competition_id: number;
  round_id?: number;
  topic_id?: number;
  type_id?: number;
}
