/**
 * The scores of a round's grid as the grader types them, saved without a click. Each row holds what is
 * typed (the draft) and what the API holds (saved). A row changed and committed (Enter, leaving the
 * cell) is sent a moment later, with every other row changed by then, in one PUT: batched and
 * debounced, one save at a time. A row's state follows: unsaved, saving, saved, or error with the API's
 * message. The typed value is never replaced by a failure: a failed row is sent again with the next
 * change or by `retry`. A score that is not a whole number from 0 to the round's maximum is invalid and
 * is not sent; an empty score is sent as null (the score is removed).
 */
import { apiErrorOf, statusOf } from '@trungtam/shared/api';
import { COMPETITION_LIMITS, type Score } from '@trungtam/shared/contracts/competition';
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

const cellOf = (row: Pick<Score, 'score' | 'comment'>): Cell => ({ score: row.score === null ? '' : String(row.score), comment: row.comment ?? '' });
const same = (a: Cell, b: Cell) => a.score.trim() === b.score.trim() && a.comment.trim() === b.comment.trim();

/** The score typed: a whole number from 0 to `max`, null when empty, undefined when it is neither. */
export function parseScore(text: string, max: number): number | null | undefined {
  const typed = text.trim();
  if (typed === '') return null;
  if (!/^\d{1,5}$/.test(typed)) return undefined;
  const score = Number(typed);
  return score <= max ? score : undefined;
}

const sendable = (cell: Cell, max: number) => parseScore(cell.score, max) !== undefined && cell.comment.trim().length <= COMPETITION_LIMITS.commentMax;

function stateOf(entry: Entry, max: number): RowState {
  const dirty = !same(entry.draft, entry.saved);
  if (dirty && !sendable(entry.draft, max)) return 'invalid';
  if (entry.phase === 'saving') return 'saving';
  if (dirty) return entry.phase === 'error' ? 'error' : 'unsaved';
  return entry.phase === 'saved' ? 'saved' : 'idle';
}

export interface ScoreDraftsOptions {
  roundId: number;
  maxScore: number;
  rows: Score[];
  delayMs?: number;
  /** The API refused a save with a 409 (say, the round was finalised meanwhile). */
  onConflict?: () => void;
}

export function useScoreDrafts({ roundId, maxScore, rows, delayMs = SAVE_DELAY_MS, onConflict }: ScoreDraftsOptions) {
  const entries = useRef(new Map<number, Entry>());
  const [, setVersion] = useState(0);
  const rerender = useCallback(() => setVersion((version) => version + 1), []);

  // the API's rows: a new row starts from them; a row not being changed takes what the API now holds
  const syncedRows = useRef<Score[] | null>(null);
  if (syncedRows.current !== rows) {
    syncedRows.current = rows;
    for (const row of rows) {
      const server = cellOf(row);
      const entry = entries.current.get(row.examinee_id);
      if (!entry) entries.current.set(row.examinee_id, { draft: server, saved: server, phase: 'idle', error: null, sending: null });
      else if (entry.phase !== 'saving') {
        if (same(entry.draft, entry.saved)) entry.draft = server;
        entry.saved = server;
      }
    }
  }

  const settings = useRef({ roundId, maxScore, onConflict });
  settings.current = { roundId, maxScore, onConflict };
  const inFlight = useRef(false);
  const again = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // one save at a time: what changes meanwhile goes in the next one
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const { roundId: round_id, maxScore: max } = settings.current;
    const batch = [...entries.current].filter(([, entry]) => entry.phase !== 'saving' && !same(entry.draft, entry.saved) && sendable(entry.draft, max));
    if (batch.length === 0) return;
    inFlight.current = true;
    for (const [, entry] of batch) {
      entry.phase = 'saving';
      entry.sending = { ...entry.draft };
      entry.error = null;
    }
    rerender();
    try {
      for (let start = 0; start < batch.length; start += COMPETITION_LIMITS.scoresPerUpdateMax) {
        const chunk = batch.slice(start, start + COMPETITION_LIMITS.scoresPerUpdateMax);
        const saved = await saveScores({
          round_id,
          scores: chunk.map(([examinee_id, entry]) => ({
            examinee_id,
            score: parseScore(entry.sending!.score, max) ?? null,
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
      for (const [, entry] of batch) {
        if (entry.phase !== 'saving') continue;
        entry.phase = 'error';
        entry.error = message;
        entry.sending = null;
      }
      if (statusOf(error) === 409) settings.current.onConflict?.();
      // left the grid before the answer: nothing on screen says it any more
      if (!mounted.current) notifyError(message);
    } finally {
      inFlight.current = false;
      rerender();
      if (again.current) {
        again.current = false;
        void flush();
      }
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

  const entry = (examineeId: number) => entries.current.get(examineeId);
  const states = new Map<number, RowState>();
  for (const row of rows) {
    const current = entry(row.examinee_id);
    states.set(row.examinee_id, current ? stateOf(current, maxScore) : 'idle');
  }
  const counted = [...states.values()];

  return {
    cell: (examineeId: number): Cell => entry(examineeId)?.draft ?? { score: '', comment: '' },
    /** What the API holds for the row (the summary counts these). */
    saved: (examineeId: number): Cell => entry(examineeId)?.saved ?? { score: '', comment: '' },
    state: (examineeId: number): RowState => states.get(examineeId) ?? 'idle',
    error: (examineeId: number) => entry(examineeId)?.error ?? null,
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
