/**
 * Row selection of a list (the bulk actions' rows): checkboxes on the rows of the page shown, "select all
 * on this page", and "all N matching the filter" once the whole page is chosen. The selection is of the
 * page on screen: another page, filter or order starts with none. What a bulk call is sent: the ids
 * chosen, or the list's filter (the API acts on every row it matches, at most BULK_LIMIT).
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BulkResult, BulkSelection } from '@trungtam/shared/contracts';
import { BULK_LIMIT } from '@trungtam/shared/contracts';
import type { ListParams } from './hooks';

export type { BulkSelection };

export interface RowSelection {
  /** The ids chosen on the page shown (every id of the page when `allMatching`). */
  ids: number[];
  /** Every row matching the filter is chosen (`totalRows` of them). */
  allMatching: boolean;
  /** How many rows the bulk action will act on. */
  count: number;
  /** How many rows match the filter, and whether all of them may be chosen (at most BULK_LIMIT). */
  totalRows: number;
  canSelectAllMatching: boolean;
  /** None, some or all of the page's rows are chosen. */
  pageState: 'none' | 'some' | 'all';
  isSelected: (id: number) => boolean;
  toggle: (id: number) => void;
  togglePage: () => void;
  selectAllMatching: () => void;
  clear: () => void;
  /** What the bulk call sends. */
  selection: () => BulkSelection;
}

/** The filter part of a list call's params (no page, size, order or relationships): "all N matching". */
export function filterOfParams(params: ListParams): Record<string, unknown> {
  const entries: Array<[string, unknown]> = params instanceof URLSearchParams ? [...params.keys()].map((key) => [key, params.getAll(key)]) : Object.entries(params);
  const filter: Record<string, unknown> = {};
  for (const [key, raw] of entries) {
    if (['page', 'limit', 'sort_column', 'sort_type', 'relationships'].includes(key)) continue;
    const value = Array.isArray(raw) && raw.length === 1 && params instanceof URLSearchParams ? raw[0] : raw;
    // (empty values mean "all" in the list's query: leave them out)
    if (value === undefined || value === null || value === '') continue;
    filter[key] = value;
  }
  return filter;
}

export interface RowSelectionOptions {
  /** The ids of the rows on screen. */
  pageIds: number[];
  totalRows: number;
  /** The list's filter as the API takes it (filterOfParams). */
  filter: Record<string, unknown>;
  /** Changes with the page, the filter and the order: the selection then starts again. */
  resetKey: string;
}

export function useRowSelection({ pageIds, totalRows, filter, resetKey }: RowSelectionOptions): RowSelection {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clear = useCallback(() => {
    setChosen(new Set());
    setAllMatching(false);
  }, []);
  useEffect(clear, [resetKey, clear]);

  return useMemo(() => {
    // (rows gone from the page, deleted or filtered out, are no longer chosen)
    const ids = pageIds.filter((id) => chosen.has(id));
    const pageState = ids.length === 0 ? 'none' : ids.length === pageIds.length ? 'all' : 'some';
    const effectiveAll = allMatching && pageState === 'all';
    return {
      ids,
      allMatching: effectiveAll,
      count: effectiveAll ? totalRows : ids.length,
      totalRows,
      canSelectAllMatching: pageState === 'all' && totalRows > pageIds.length && totalRows <= BULK_LIMIT,
      pageState,
      isSelected: (id: number) => chosen.has(id),
      toggle: (id: number) => {
        setAllMatching(false);
        setChosen((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else next.add(id);
          return next;
        });
      },
      togglePage: () => {
        setAllMatching(false);
        setChosen(pageState === 'all' ? new Set() : new Set(pageIds));
      },
      selectAllMatching: () => setAllMatching(true),
      clear,
      selection: () => (effectiveAll ? { filter } : { ids }),
    };
  }, [pageIds, chosen, allMatching, totalRows, filter, clear]);
}

/** A bulk action of a list screen. */
export interface BulkAction {
  key: string;
  /** The button's text ('Xoá', 'Khoá'). */
  label: string;
  danger?: boolean;
  /**
   * An irreversible action asks first, naming the count ('Khoá 12 tài khoản? …'); a reversible one (with
   * `undo`) acts at once.
   */
  confirm?: (count: number) => string;
  /** The call: each row on its own, refusals with their reasons. */
  run?: (selection: BulkSelection) => Promise<BulkResult>;
  /** Takes back what `run` did to `succeeded` ("Hoàn tác" for UNDO_TOAST_MS). */
  undo?: (succeeded: number[]) => Promise<BulkResult>;
  /** The outcome's text ('Đã xoá 12 phòng học'). */
  done: (count: number) => string;
  /**
   * An action that needs more than the rows (a message, a class) opens the screen's own dialog instead
   * of running at once; the dialog calls `onDone` with the answer.
   */
  dialog?: (props: BulkDialogProps) => ReactNode;
}

export interface BulkDialogProps {
  open: boolean;
  selection: BulkSelection;
  count: number;
  onClose: () => void;
  onDone: (result: BulkResult) => void;
}
