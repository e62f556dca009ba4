/**
 * The scores of a round's grid as the grader types them, saved without a click. Each row holds what is
 * typed (the draft) and what the API holds (saved). A row changed and committed (Enter, leaving the
 * cell) is sent a moment later, with every other row changed by then, in one PUT: batched and
 * debounced, one save at a time. A row's state follows: unsaved, saving, saved, or error with the API's
 * message. The typed value is never replaced by a failure: a failed row is sent again with the next
 * change or by `retry`. When the API refuses some rows of a save (a 400 naming them), only those rows
 * fail: the others are sent again at once. A score may be a decimal typed with a comma or a dot (7,5);
 * one outside 0 … the round's maximum or off its step is invalid and is not sent; an empty score is sent
 * as null (the score is removed). What is typed and not saved (an invalid score and the comment beside
 * it included) is kept in the tab's session storage and comes back after a reload.
 */
import { apiErrorOf, statusOf } from '@trungtam/shared/api';
import { COMPETITION_LIMITS, formatScore, parseScoreText, scoreProblem, type Round, type Score } from '@trungtam/shared/contracts/competition';
import { notifyError } from '@trungtam/shared/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { saveScores } from './api';
import { SCORING_TEXTS as T } from './texts';

/** What a row shows: nothing to say, a typed score that cannot be sent, typed but not sent yet, being sent, sent, or refused. */
export type RowState = 'idle' | 'invalid' | 'unsaved' | 'saving' | 'saved' | 'error';

/** A row's two inputs, as typed. */
export interface Cell {
  score: string;
  comment: string;
}

interface Entry {
  draft: Cell;
  /** What the API holds. */
  saved: Cell;
  phase: 'idle' | 'saving' | 'saved' | 'error';
  error: string | null;
  /** What the save in flight sends. */
  sending: Cell | null;
}

/** The wait after a commit before the save, so that fast typing down a column goes in one request. */
export const SAVE_DELAY_MS = 600;

/** What a score must be: 0 … the round's maximum, on its step. */
export type Scale = Pick<Round, 'max_score' | 'score_step'>;

const cellOf = (row: Pick<Score, 'score' | 'comment'>): Cell => ({ score: row.score === null ? '' : formatScore(row.score), comment: row.comment ?? '' });
/** The same score whatever the decimal mark or trailing zeros ('7,5', '7.50'). */
const sameScore = (a: string, b: string) => a.trim() === b.trim() || (parseScoreText(a) ?? Number.NaN) === parseScoreText(b);
const same = (a: Cell, b: Cell) => sameScore(a.score, b.score) && a.comment.trim() === b.comment.trim();

/** Why the typed score cannot be sent (the contract's words), or null: empty, or a score of the round. */
export function scoreTextProblem(text: string, scale: Scale): string | null {
  if (text.trim() === '') return null;
  const score = parseScoreText(text);
  return score === undefined ? scoreProblem(-1, scale) : scoreProblem(score, scale);
}

/** The score typed: a number of the round's scale (a comma or a dot for decimals), null when empty, undefined when it is neither. */
export function parseScore(text: string, scale: Scale): number | null | undefined {
  if (text.trim() === '') return null;
  return scoreTextProblem(text, scale) === null ? parseScoreText(text) : undefined;
}

const sendable = (cell: Cell, scale: Scale) => parseScore(cell.score, scale) !== undefined && cell.comment.trim().length <= COMPETITION_LIMITS.commentMax;

/** Where a round's unsaved cells wait in the tab's session storage. */
export const draftsKey = (roundId: number) => `trungtam-score-drafts:${roundId}`;

function storedDrafts(roundId: number): Map<number, Cell> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(draftsKey(roundId)) ?? '{}') as Record<string, Cell>;
    return new Map(
      Object.entries(stored)
        .filter(([, cell]) => typeof cell?.score === 'string' && typeof cell?.comment === 'string')
        .map(([id, cell]) => [Number(id), { score: cell.score, comment: cell.comment }]),
    );
  } catch {
    return new Map();
  }
}

function storeDrafts(roundId: number, entries: Map<number, Entry>): void {
  const unsaved = Object.fromEntries([...entries].filter(([, entry]) => !same(entry.draft, entry.saved)).map(([id, entry]) => [id, entry.draft]));
  try {
    if (Object.keys(unsaved).length) sessionStorage.setItem(draftsKey(roundId), JSON.stringify(unsaved));
    else sessionStorage.removeItem(draftsKey(roundId));
  } catch {
    // storage full or refused: the page still warns before it is left
  }
}

/** The rows a 400 names (`scores.3.score`: the fourth score sent) with their message. */
function refusedRows(error: unknown, sent: number[]): Map<number, string> {
  const refused = new Map<number, string>();
  for (const [field, message] of Object.entries(apiErrorOf(error)?.fields ?? {})) {
    const index = /^scores\.(\d+)\./.exec(field)?.[1];
    const examineeId = index === undefined ? undefined : sent[Number(index)];
    if (examineeId !== undefined && !refused.has(examineeId)) refused.set(examineeId, message);
  }
  return refused;
}

function stateOf(entry: Entry, scale: Scale): RowState {
  const dirty = !same(entry.draft, entry.saved);
  if (dirty && !sendable(entry.draft, scale)) return 'invalid';
  if (entry.phase === 'saving') return 'saving';
  if (dirty) return entry.phase === 'error' ? 'error' : 'unsaved';
  return entry.phase === 'saved' ? 'saved' : 'idle';
}

export interface ScoreDraftsOptions {
  roundId: number;
  scale: Scale;
  rows: Score[];
  delayMs?: number;
  /** The API refused a save with a 409 (say, the round was finalised meanwhile). */
  onConflict?: () => void;
}

export function useScoreDrafts({ roundId, scale, rows, delayMs = SAVE_DELAY_MS, onConflict }: ScoreDraftsOptions) {
  const entries = useRef(new Map<number, Entry>());
  const [, setVersion] = useState(0);
  const rerender = useCallback(() => setVersion((version) => version + 1), []);

  // the API's rows: a new row starts from them; a row not being changed takes what the API now holds
  const syncedRows = useRef<Score[] | null>(null);
  // what was typed and not saved before a reload comes back once, over the API's rows
  const restored = useRef<Map<number, Cell> | null>(null);
  restored.current ??= storedDrafts(roundId);
  if (syncedRows.current !== rows) {
    syncedRows.current = rows;
    for (const row of rows) {
      const server = cellOf(row);
      const entry = entries.current.get(row.examinee_id);
      const kept = restored.current.get(row.examinee_id);
      restored.current.delete(row.examinee_id);
      if (!entry) entries.current.set(row.examinee_id, { draft: kept ?? server, saved: server, phase: 'idle', error: null, sending: null });
      else if (entry.phase !== 'saving') {
        if (same(entry.draft, entry.saved)) entry.draft = server;
        entry.saved = server;
      }
    }
  }

  const settings = useRef({ roundId, scale, onConflict });
  settings.current = { roundId, scale, onConflict };
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  /** Sends what is waiting; `withFailed` false leaves the rows the API refused for the next change or `retry`. */
  const flush = useCallback(async (withFailed = true) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // one save at a time: what changes meanwhile goes in the next one
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const { roundId: round_id, scale: roundScale } = settings.current;
    const batch = [...entries.current].filter(([, entry]) => entry.phase !== 'saving' && (withFailed || entry.phase !== 'error') && !same(entry.draft, entry.saved) && sendable(entry.draft, roundScale));
    if (batch.length === 0) return;
    inFlight.current = true;
    for (const [, entry] of batch) {
      entry.phase = 'saving';
      entry.sending = { ...entry.draft };
      entry.error = null;
    }
    rerender();
    let chunk: typeof batch = [];
    let resendOthers = false;
    try {
      for (let start = 0; start < batch.length; start += COMPETITION_LIMITS.scoresPerUpdateMax) {
        chunk = batch.slice(start, start + COMPETITION_LIMITS.scoresPerUpdateMax);
        const saved = await saveScores({
          round_id,
          scores: chunk.map(([examinee_id, entry]) => ({
            examinee_id,
            score: parseScore(entry.sending!.score, roundScale) ?? null,
            comment: entry.sending!.comment.trim() || null,
          })),
        });
        const byId = new Map(saved.map((row) => [row.examinee_id, row]));
        for (const [examineeId, entry] of chunk) {
          const answer = byId.get(examineeId);
          const server = answer ? cellOf(answer) : { score: entry.sending!.score.trim(), comment: entry.sending!.comment.trim() };
          // the cell shows the value as stored, unless it was changed again meanwhile
          if (same(entry.draft, entry.sending!)) entry.draft = server;
          entry.saved = server;
          entry.phase = 'saved';
          entry.sending = null;
        }
      }
    } catch (error) {
      const message = apiErrorOf(error)?.message ?? T.saveFailed;
      // a 400 naming some rows of the save: only those failed; the others of it go again at once
      const refused = statusOf(error) === 400 ? refusedRows(error, chunk.map(([examineeId]) => examineeId)) : new Map<number, string>();
      for (const [examineeId, entry] of batch) {
        if (entry.phase !== 'saving') continue;
        const unrefused = refused.size > 0 && !refused.has(examineeId);
        entry.phase = unrefused ? 'idle' : 'error';
        entry.error = unrefused ? null : (refused.get(examineeId) ?? message);
        entry.sending = null;
      }
      resendOthers = refused.size > 0;
      if (statusOf(error) === 409) settings.current.onConflict?.();
      // left the grid before the answer: nothing on screen says it any more
      if (!mounted.current) notifyError(message);
    } finally {
      inFlight.current = false;
      // also when the grid is gone (a save sent on leaving): no render will store it
      storeDrafts(round_id, entries.current);
      rerender();
      if (again.current) {
        again.current = false;
        void flush();
      } else if (resendOthers) void flush(false);
    }
  }, [rerender]);

  /** A cell was committed (Enter, or left): save soon, with whatever else changes by then. */
  const commit = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), delayMs);
  }, [delayMs, flush]);

  // leaving the grid (another round, another page) sends what is waiting at once
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current) void flush();
    };
  }, [flush]);

  // kept for a reload after every render: a render follows every edit and every answer
  useEffect(() => storeDrafts(roundId, entries.current));
  // the restored cells that can be sent go as if committed
  useEffect(() => {
    if ([...entries.current.values()].some((entry) => entry.phase === 'idle' && !same(entry.draft, entry.saved) && sendable(entry.draft, settings.current.scale))) commit();
  }, [commit]);

  const entry = (examineeId: number) => entries.current.get(examineeId);
  const states = new Map<number, RowState>();
  for (const row of rows) {
    const current = entry(row.examinee_id);
    states.set(row.examinee_id, current ? stateOf(current, scale) : 'idle');
  }
  const counted = [...states.values()];

  return {
    cell: (examineeId: number): Cell => entry(examineeId)?.draft ?? { score: '', comment: '' },
    /** What the API holds for the row (the summary counts these). */
    saved: (examineeId: number): Cell => entry(examineeId)?.saved ?? { score: '', comment: '' },
    state: (examineeId: number): RowState => states.get(examineeId) ?? 'idle',
    error: (examineeId: number) => entry(examineeId)?.error ?? null,
    /** Why the row's typed score cannot be sent, while it is invalid. */
    problem: (examineeId: number) => scoreTextProblem(entry(examineeId)?.draft.score ?? '', scale),
    edit: (examineeId: number, change: Partial<Cell>) => {
      const current = entry(examineeId);
      if (!current) return;
      current.draft = { ...current.draft, ...change };
      rerender();
    },
    commit,
    /** Sends the failed and waiting rows now. */
    retry: () => void flush(),
    /** Rows typed but not (yet, or not successfully) saved: leaving the page would lose them. */
    pending: counted.some((state) => state === 'unsaved' || state === 'saving' || state === 'error' || state === 'invalid'),
    failed: counted.filter((state) => state === 'error').length,
  };
}
