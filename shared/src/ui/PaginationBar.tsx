/**
 * Pagination bar: 'Showing X to Y of N entries', previous disabled on page 1, next on
 * the last page, at most 7 page links with ellipses when there are more pages. The texts are the
 * interface chrome's (i18n keys pagination.*, English by default). Plain elements styled as the kit's
 * buttons (button.css, paginationBar.css): every list page draws the bar at each of its renders.
 */
import { useTranslation } from '@trungtam/shared/i18n';
import './button.css';
import './paginationBar.css';

export const MAX_PAGE_LINKS = 7;

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The page links to show: every page when there are at most `max`; otherwise exactly `max` links
 * (the first, the last and a window around the current page), with an ellipsis for each gap.
 */
export function pageItems(page: number, totalPages: number, max: number = MAX_PAGE_LINKS): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total <= max) return Array.from({ length: total }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, page), total);
  const inner = max - 2; // links between the first and the last page
  let start = current - Math.floor((inner - 1) / 2);
  let end = start + inner - 1;
  if (start <= 2) {
    // near the start: 1 2 3 4 5 6 … N
    start = 2;
    end = inner + 1;
  } else if (end >= total - 1) {
    // near the end: 1 … N-5 N-4 N-3 N-2 N-1 N
    end = total - 1;
    start = total - inner;
  }
  // otherwise the middle: 1 … p-2 p-1 p p+1 p+2 … N
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end < total - 1) items.push('ellipsis-end');
  items.push(total);
  return items;
}

/** First and last entry shown on `page` (1-based), both 0 when there are no entries. */
export function entryRange(page: number, pageSize: number, totalRows: number) {
  if (totalRows <= 0 || pageSize <= 0) return { from: 0, to: 0 };
  const from = (Math.max(1, page) - 1) * pageSize + 1;
  return { from: Math.min(from, totalRows), to: Math.min(page * pageSize, totalRows) };
}

export const SHOWING_DEFAULT = 'Showing {{from}} to {{to}} of {{total}} entries';

export interface PaginationBarProps {
  /** Current page, 1-based. */
  page: number;
  pageSize: number;
  totalRows: number;
  /** Defaults to ceil(totalRows / pageSize). */
  totalPages?: number;
  onPageChange: (page: number) => void;
  /** Disables every control, e.g. while a page loads. */
  disabled?: boolean;
}

export function PaginationBar({
  page,
  pageSize,
  totalRows,
  totalPages,
  onPageChange,
  disabled,
}: PaginationBarProps) {
  const { t } = useTranslation();
  const pages = Math.max(0, totalPages ?? (pageSize > 0 ? Math.ceil(totalRows / pageSize) : 0));
  const { from, to } = entryRange(page, pageSize, totalRows);
  const showing = t('pagination.showing', { from, to, total: totalRows, defaultValue: SHOWING_DEFAULT });
  const atFirst = page <= 1;
  const atLast = page >= pages;
  const go = (target: number) => {
    if (target !== page && target >= 1 && target <= pages) onPageChange(target);
  };

  return (
    <div className="pagination-bar">
      <p className="pagination-bar__showing" aria-live="polite">
        {showing}
      </p>
      <nav aria-label={t('pagination.label', { defaultValue: 'Pagination' })}>
        <ul className="pagination-bar__pages">
          <li>
            <button
              type="button"
              className="kit-button kit-button--ghost"
              aria-label={t('pagination.previous', { defaultValue: 'Previous' })}
              disabled={disabled || atFirst}
              onClick={() => go(page - 1)}
            >
              ‹
            </button>
          </li>
          {pageItems(page, pages).map((item) =>
            typeof item === 'number' ? (
              <li key={item}>
                <button
                  type="button"
                  className="kit-button kit-button--ghost pagination-bar__page"
                  aria-label={t('pagination.page', { page: item, defaultValue: `Page ${item}` })}
                  aria-current={item === page ? 'page' : undefined}
                  disabled={disabled}
                  onClick={() => go(item)}
                >
                  {item}
                </button>
              </li>
            ) : (
              <li key={item} aria-hidden="true">
                <span className="pagination-bar__ellipsis">…</span>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className="kit-button kit-button--ghost"
              aria-label={t('pagination.next', { defaultValue: 'Next' })}
              disabled={disabled || atLast}
              onClick={() => go(page + 1)}
            >
              ›
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
