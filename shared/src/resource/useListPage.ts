/**
 * The state every list screen holds, whatever its data source: its view (filters, page, sort; in the URL),
 * the record being created or edited, the record being deleted, and the props its frame, table and
 * pagination take. While another page loads the previous rows stay on screen and the bar keeps
 * describing them; a deletion that empties the last page moves to the new last page.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult } from '@trungtam/shared/contracts';
import { useEffect, useState } from 'react';
import { useDeferredAnswer } from '@trungtam/shared/query';
import type { ListView } from './listState';

/** What the signed-in user may do on this screen (asked of `can()` by the screen). */
export interface ListPermissions {
  create?: boolean;
  update?: boolean;
  delete?: boolean;
}

export function useListPage<F, T>(view: ListView<F>, query: UseQueryResult<ListResult<T>>, may: ListPermissions = {}) {
  const { filters, page, sort, setView } = view;
  // what the screen shows (rows, count, pages): the list's answer for its page, deferred, so that a page
  // of rows renders in slices (useDeferredAnswer)
  const shown = useDeferredAnswer(query, page);
  // null: the form is closed; 'create'; or the record being edited
  const [formTarget, setFormTarget] = useState<'create' | T | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<T | null>(null);

  const rows = shown.data?.rows ?? [];
  const totalRows = shown.data?.total_rows ?? 0;
  const totalPages = shown.data?.total_pages ?? 0;
  const failed = shown.isError && !shown.data;
  const loading = shown.isPending && !failed;

  // the page whose rows are on screen, while a placeholder (the previous page's rows) stands in
  const [placeholderPage, setPlaceholderPage] = useState(page);
  useEffect(() => {
    if (shown.data && !shown.isPlaceholderData) setPlaceholderPage(shown.context);
  }, [shown.data, shown.isPlaceholderData, shown.context]);

  // a placeholder still holds the previous filter's or page's count, which must not move the page
  const lastPage = query.data?.total_pages ?? 0;
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && lastPage > 0 && page > lastPage) setView(filters, lastPage, sort);
  }, [query.data, query.isPlaceholderData, lastPage, page, filters, sort, setView]);

  return {
    filters,
    sort,
    page,
    totalRows,
    may,
    /** A new filter starts again on the first page. */
    applyFilters: (next: F) => setView(next, 1, sort),
    /** A header's sort: ascending first, then descending; a new order starts again on the first page. */
    toggleSort: (column: string) =>
      setView(filters, 1, { column, direction: sort?.column === column && sort.direction === 'ASC' ? 'DESC' : 'ASC' }),
    openCreate: () => setFormTarget('create'),
    openEdit: (record: T) => setFormTarget(record),
    askDelete: (record: T) => setDeleteTarget(record),
    form: {
      open: formTarget !== null,
      record: formTarget === 'create' ? null : formTarget,
      onClose: () => setFormTarget(null),
      /** A new record is the newest: it is on top of the first page. */
      onSaved: (mode: 'create' | 'edit') => {
        if (mode === 'create' && page !== 1) setView(filters, 1, sort);
      },
    },
    deleteDialog: {
      target: deleteTarget,
      open: deleteTarget !== null,
      onClose: () => setDeleteTarget(null),
    },
    /** The heading's count: unknown while the first page loads or when it could not be loaded. */
    heading: { loading, failed },
    rowsState: { rows, loading, failed, onRetry: () => void query.refetch() },
    pagination: {
      page: shown.isPlaceholderData ? placeholderPage : shown.context,
      totalRows,
      totalPages,
      onPageChange: (next: number) => setView(filters, next, sort),
      fetching: query.isFetching,
    },
  };
}

export type ListPageState<F, T> = ReturnType<typeof useListPage<F, T>>;
