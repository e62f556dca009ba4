/**
 * The frame of a list screen: heading with the count, the toolbar (filter, export, add…), the table in
 * a card and the pagination bar. While the first page loads the count says so (never '0'); when it
 * could not be loaded the count and the bar are left out and the table offers a retry. Plain elements
 * styled as the kit's heading, card and button (listPage.css, ui/button.css): the frame renders with
 * each state of the list (loading, loaded, a page being fetched). The toolbar starts with the saved views
 * of the list (SavedViews.tsx).
 */
import { PaginationBar } from '@trungtam/shared/ui/list';
import { PlusIcon } from '@trungtam/shared/icons';
import { useInRouterContext } from '@trungtam/shared/router';
import type { ReactNode } from 'react';
import { SavedViewsButton } from './SavedViews';
import '../ui/button.css';
import './listPage.css';

export const LIST_PAGE_TEXTS = { loading: 'Đang tải...' } as const;

export interface ListPageProps {
  title: string;
  /** 'N học viên'. */
  countText: string;
  heading: { loading: boolean; failed: boolean };
  toolbar?: ReactNode;
  /** The bulk actions' bar (BulkBar), above the table while rows are chosen. */
  bulkBar?: ReactNode;
  table: ReactNode;
  page: number;
  pageSize: number;
  totalRows: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  fetching: boolean;
  /** Dialogs and modals of the screen. */
  children?: ReactNode;
  /**
   * The saved-views button before the toolbar (SavedViews.tsx), for a list at a route (under a router); false
   * for a list without filters worth keeping.
   */
  savedViews?: boolean;
}

export function ListPage({ title, countText, heading, toolbar, bulkBar, table, page, pageSize, totalRows, totalPages, onPageChange, fetching, children, savedViews = true }: ListPageProps) {
  const atRoute = useInRouterContext();
  return (
    <div>
      <div className="list-page__header">
        <div>
          <h1 className="list-page__title">{title}</h1>
          {!heading.failed && <p className="list-page__count">{heading.loading ? LIST_PAGE_TEXTS.loading : countText}</p>}
        </div>
        <div className="list-page__toolbar">
          {savedViews && atRoute && <SavedViewsButton />}
          {toolbar}
        </div>
      </div>
      {bulkBar}
      <div className="list-page__card">
        <div className="list-page__body">{table}</div>
        {!heading.loading && !heading.failed && (
          <div className="list-page__footer">
            <PaginationBar page={page} pageSize={pageSize} totalRows={totalRows} totalPages={totalPages} onPageChange={onPageChange} disabled={fetching} />
          </div>
        )}
      </div>
      {children}
    </div>
  );
}

/** The toolbar's add button. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="kit-button kit-button--solid" onClick={onClick}>
      <PlusIcon />
      {label}
    </button>
  );
}
