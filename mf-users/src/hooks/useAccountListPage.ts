/**
 * The state every account list screen holds: its view (filter and page), the account being created or
 * edited, the password and delete targets, and the props its layout, table and dialogs take from them.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ListResult, User } from '@trungtam/shared/contracts';
import { can } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { useCallback, useEffect, useState } from 'react';

/** Where a list keeps its filter and page (component state, or the URL for the students). */
export interface ListView<F> {
  filters: F;
  page: number;
  setView: (filters: F, page: number) => void;
}

/** A view held in component state. */
export function useStateListView<F>(defaults: F): ListView<F> {
  const [filters, setFilters] = useState<F>(defaults);
  const [page, setPage] = useState(1);
  const setView = useCallback((nextFilters: F, nextPage: number) => {
    setFilters(nextFilters);
    setPage(nextPage);
  }, []);
  return { filters, page, setView };
}

/** null: the form is closed; 'create'; or the account being edited. */
type FormTarget = 'create' | User | null;

export function useAccountListPage<F>({ filters, page, setView }: ListView<F>, list: UseQueryResult<ListResult<User>>) {
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [passwordTarget, setPasswordTarget] = useState<User | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);

  // The API refuses what the role does not allow; the screen does not offer it in the first place.
  const me = useCurrentUser();
  const may = {
    create: can(me, 'User', 'Create'),
    update: can(me, 'User', 'Update'),
    delete: can(me, 'User', 'Delete'),
    export: can(me, 'User', 'Export'),
  };

  const rows = list.data?.rows ?? [];
  const totalRows = list.data?.total_rows ?? 0;
  const totalPages = list.data?.total_pages ?? 0;
  const failed = list.isError && !list.data;

  // While another page (or filter) loads, the previous rows stay on screen: the bar keeps describing
  // them ('Showing 1 to 10') until the new page arrives, rather than announcing rows not yet shown.
  const [shownPage, setShownPage] = useState(page);
  useEffect(() => {
    if (list.data && !list.isPlaceholderData) setShownPage(page);
  }, [list.data, list.isPlaceholderData, page]);

  // after a deletion empties the last page, show the new last page (a placeholder still holds the
  // previous filter's or page's count, which must not move the page)
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && totalPages > 0 && page > totalPages) setView(filters, totalPages);
  }, [list.data, list.isPlaceholderData, totalPages, page, filters, setView]);

  return {
    filters,
    totalRows,
    /** A new filter starts again on the first page. */
    applyFilters: (next: F) => setView(next, 1),
    openCreate: () => setFormTarget('create'),
    form: {
      open: formTarget !== null,
      account: formTarget === 'create' ? null : formTarget,
      onClose: () => setFormTarget(null),
      /** A new account is the newest: it is on top of the first page. */
      onSaved: (mode: 'create' | 'edit') => {
        if (mode === 'create' && page !== 1) setView(filters, 1);
      },
    },
    /** What the signed-in user may do with these accounts (its role's User permissions). */
    may,
    /** The heading's count: unknown while the first page loads or when it could not be loaded. */
    heading: { loading: list.isPending && !failed, failed },
    tableProps: {
      rows,
      loading: list.isPending && !failed,
      failed,
      onRetry: () => void list.refetch(),
      onChangePassword: may.update ? setPasswordTarget : undefined,
      onEdit: may.update ? (user: User) => setFormTarget(user) : undefined,
      onDelete: may.delete ? setDeleteTarget : undefined,
      // the API refuses deleting one's own account: the action is not offered
      canDelete: (user: User) => user.id !== me?.id,
    },
    pagination: {
      page: list.isPlaceholderData ? shownPage : page,
      totalRows,
      totalPages,
      onPageChange: (next: number) => setView(filters, next),
      fetching: list.isFetching,
    },
    dialogs: {
      passwordTarget,
      deleteTarget,
      onClosePassword: () => setPasswordTarget(null),
      onCloseDelete: () => setDeleteTarget(null),
    },
  };
}
