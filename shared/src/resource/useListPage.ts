/**
 * The state every list screen holds, whatever its resource: its view (filters, page, sort; in the URL),
 * the record being created or edited, the record being deleted, and the props its frame, table and
 * pagination take. While another page loads the previous rows stay on screen and the bar keeps
 * describing them; a deletion that empties the last page moves to the new last page.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult } from '@trungtam/shared/contracts';
import { useEffect, useState } from 'react';
import type { ListView } from './listState';

/** What the signed-in user may do on this screen (asked of `can()` by the screen). */
export interface ListPermissions {
  create?: boolean;
  update?: boolean;
  delete?: boolean;
}

export function useListPage<F, T>(view: ListView<F>, list: UseQueryResult<ListResult<T>>, may: ListPermissions = {}) {
  const { filters, page, sort, setView } = view;
  // null: the form is closed; 'create'; or the record being edited
  const [formTarget, setFormTarget] = useState<'create' | T | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<T | null>(null);

  const rows = list.data?.rows ?? [];
  const totalRows = list.data?.total_rows ?? 0;
  const totalPages = list.data?.total_pages ?? 0;
  const failed = list.isError && !list.data;
  const loading = list.isPending && !failed;

  const [shownPage, setShownPage] = useState(page);
  useEffect(() => {
    if (list.data && !list.isPlaceholderData) setShownPage(page);
  }, [list.data, list.isPlaceholderData, page]);

  // a placeholder still holds the previous filter's or page's count, which must not move the page
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && totalPages > 0 && page > totalPages) setView(filters, totalPages, sort);
  }, [list.data, list.isPlaceholderData, totalPages, page, filters, sort, setView]);

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
    rowsState: { rows, loading, failed, onRetry: () => void list.refetch() },
    pagination: {
      page: list.isPlaceholderData ? shownPage : page,
      totalRows,
      totalPages,
      onPageChange: (next: number) => setView(filters, next, sort),
      fetching: list.isFetching,
    },
  };
}

export type ListPageState<F, T> = ReturnType<typeof useListPage<F, T>>;
